/**
 * A Docker node whose image the host's engine lacks: its start pulls it, as GNS3's does, from
 * the registry the image names. The registry is Debian's `docker-registry`, run by the test on
 * loopback (which the engine trusts without TLS), holding the busybox test image pushed there.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@shared/testing/cleanups";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { DockerEngine } from "../docker/engine";
import { TEST_IMAGE, dockerUnavailable, ensureTestImage } from "../docker/testing";
import { apiAt, waitForApplied, type Api } from "./cloud-lab";
import { freeConsolePorts } from "./console-ports";

const unavailable = await dockerUnavailable();
const registryInstalled = (() => {
  try {
    execFileSync("sh", ["-c", "command -v docker-registry"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
// CI installs both (.ci/run): there a missing one fails the tests instead of skipping them.
const skip = (unavailable !== null || !registryInstalled) && !process.env.CI;

describe.skipIf(skip)("a Docker node whose image is in a registry, not on the engine", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-docker-pull-"));
  let registry: ChildProcess | undefined;
  let controller: ControllerProcess;
  let api: Api;
  let image: string;
  const engine = new DockerEngine();

  beforeAll(async () => {
    expect(unavailable).toBeNull();
    expect(registryInstalled, "docker-registry is installed").toBe(true);
    await ensureTestImage();
    const [port] = await freeConsolePorts(1);
    writeFileSync(
      join(dataDir, "registry.yml"),
      `version: 0.1\nstorage:\n  filesystem:\n    rootdirectory: ${join(dataDir, "registry")}\nhttp:\n  addr: 127.0.0.1:${port}\n`,
    );
    registry = spawn("docker-registry", ["serve", join(dataDir, "registry.yml")], { stdio: "ignore" });
    await waitFor("the registry", () => fetch(`http://127.0.0.1:${port}/v2/`).then((response) => response.ok, () => false), 15_000);
    image = `127.0.0.1:${port}/gns3-test/pulled:1`;
    execFileSync("docker", ["tag", TEST_IMAGE, image]);
    execFileSync("docker", ["push", image], { stdio: "ignore" });
    execFileSync("docker", ["rmi", image], { stdio: "ignore" });
    controller = await startControllerProcess(["--port", "0", "--data-dir", join(dataDir, "server")], {}, "start", { captureOutput: true });
    api = apiAt(controller.url);
    await waitForApplied(api, "local");
  }, 120_000);

  afterAll(async () => {
    await controller?.stop();
    registry?.kill();
    if (image) await engine.call("DELETE", `/images/${encodeURIComponent(image)}?force=1`).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("pulls the image at the node's first start, and runs it", async () => {
    await expect(engine.call("GET", `/images/${encodeURIComponent(image)}/json`)).rejects.toMatchObject({ status: 404 });
    const project = (await api("POST", "/v2/projects", { name: "pull" })).body.project_id;
    const node = (await api("POST", `/v2/projects/${project}/nodes`, { name: "pulled-{0}", node_type: "docker", compute_id: "local", properties: { image } })).body;
    const started = await api("POST", `/v2/projects/${project}/nodes/${node.node_id}/start`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.status).toBe("started");
    const pulled = await engine.call<{ RepoTags: string[] }>("GET", `/images/${encodeURIComponent(image)}/json`);
    expect(pulled.RepoTags).toContain(image);
    expect((await api("DELETE", `/v2/projects/${project}`)).status).toBe(204);
  }, 120_000);
});
