/**
 * The Docker images a GNS3 client lists for a new Docker template come from the host's own
 * engine: `npm start`'s daemon reads what DOCKER_HOST's engine holds when asked, and a daemon whose
 * DOCKER_HOST answers nothing makes the listing, and a Docker node's start, a 409 that names it.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { TEST_IMAGE, dockerUnavailable, ensureTestImage } from "../docker/testing";
import { apiAt } from "./cloud-lab";

const unavailable = await dockerUnavailable();
// CI starts an engine (.ci/run): there a missing one fails the tests instead of skipping them.
const skip = unavailable !== null && !process.env.CI;

describe.skipIf(skip)("the Docker images of a host's engine", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-docker-images-"));
  const controllers: ControllerProcess[] = [];
  afterAll(async () => {
    await Promise.all(controllers.map((controller) => controller.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  beforeAll(async () => {
    expect(unavailable).toBeNull();
    await ensureTestImage();
  }, 60_000);

  it("are listed for the local compute the moment the API answers, and an image imported since at once", async () => {
    const controller = await startControllerProcess(["--port", "0", "--data-dir", join(dataDir, "with")], {}, "start", { captureOutput: true });
    controllers.push(controller);
    const api = apiAt(controller.url);
    // No waiting: the listing waits for the daemon, which reads its engine when asked.
    const images = await api("GET", "/v2/computes/local/docker/images");
    expect(images.status).toBe(200);
    expect(images.body).toContainEqual({ image: TEST_IMAGE });
    expect((await api("GET", "/v2/compute/docker/images")).body).toEqual(images.body);

    const tag = `gns3-test/imported-${process.pid}:latest`;
    execFileSync("docker", ["tag", TEST_IMAGE, tag]);
    try {
      expect((await api("GET", "/v2/computes/local/docker/images")).body).toContainEqual({ image: tag });
    } finally {
      execFileSync("docker", ["rmi", tag], { stdio: "ignore" });
    }
  }, 60_000);

  it("are a 409 naming DOCKER_HOST when no engine answers there", async () => {
    const nowhere = `unix://${join(dataDir, "no-engine.sock")}`;
    const controller = await startControllerProcess(["--port", "0", "--data-dir", join(dataDir, "without")], { DOCKER_HOST: nowhere }, "start", { captureOutput: true });
    controllers.push(controller);
    const api = apiAt(controller.url);
    // The first listing, sent the moment the API answers.
    const reply = await api("GET", "/v2/computes/local/docker/images");
    expect(reply.status).toBe(409);
    const refused = reply.body;
    expect(refused.message).toMatch(new RegExp(`^Docker is not available on dataplane host local: no Docker Engine answers at ${nowhere.replaceAll("/", "\\/")}: .*ENOENT.* \\(set DOCKER_HOST for its daemon\\)$`));

    // Starting a Docker node there is a 409 that says the same.
    const project = (await api("POST", "/v2/projects", { name: "no engine" })).body.project_id;
    const node = (await api("POST", `/v2/projects/${project}/nodes`, { name: "c-{0}", node_type: "docker", compute_id: "local", properties: { image: TEST_IMAGE } })).body;
    const start = await api("POST", `/v2/projects/${project}/nodes/${node.node_id}/start`);
    expect(start.status).toBe(409);
    expect(start.body.message).toContain(`no Docker Engine answers at ${nowhere}`);
    expect(start.body.message).toContain("set DOCKER_HOST for the dataplane daemon");
  }, 60_000);
});
