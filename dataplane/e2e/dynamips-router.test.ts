import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { commandLine } from "../nodes/processes";
import { apiAt, waitForApplied, type Api } from "./cloud-lab";
import { processesWorkingIn } from "./daemon-process";

/**
 * A Dynamips router as a user without an IOS image meets it through the /v2 API: made from its
 * platform, started, and refused with the reason each time — the image missing (named), then a
 * file that is no IOS (Dynamips' own words) — and no Dynamips process left behind either way.
 */
describe("a Dynamips router started through the controller without an IOS image", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-router-"));
  let controller: ControllerProcess;
  let api: Api;
  let projectId: string;

  beforeAll(async () => {
    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--dataplane-token", randomBytes(16).toString("hex")]);
    api = apiAt(controller.url);
    await waitForApplied(api, "local");
    projectId = (await api("POST", "/v2/projects", { name: "routers" })).body.project_id;
  }, 60_000);
  afterAll(async () => {
    await controller?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers a 409 naming the missing image, then one with Dynamips' refusal of a file that is no IOS", async () => {
    const base = `/v2/projects/${projectId}`;
    const image = "c7200-adventerprisek9-mz.124-24.T5.image";
    const router = await api("POST", `${base}/nodes`, { name: "R1", node_type: "dynamips", compute_id: "local", properties: { platform: "c7200", image, ram: 512, slot1: "PA-4T+" } });
    expect(router.status, JSON.stringify(router.body)).toBe(201);
    expect(router.body).toMatchObject({ status: "stopped", console_type: "telnet", command_line: "" });
    expect(router.body.ports.map((port: { short_name: string }) => port.short_name)).toEqual(["f0/0", "s1/0", "s1/1", "s1/2", "s1/3"]);
    const nodeId = router.body.node_id;

    const missing = await api("POST", `${base}/nodes/${nodeId}/start`, {});
    expect(missing.status).toBe(409);
    expect(missing.body.message).toContain(`the IOS image ${image} cannot be used`);

    const upload = await fetch(`${controller.url}/v2/computes/local/dynamips/images/not-ios.image`, { method: "POST", body: "MZIP this is no ELF file" });
    expect(upload.status).toBeLessThan(300);
    const images = await api("GET", "/v2/computes/local/dynamips/images");
    expect(images.body.map((entry: { filename: string }) => entry.filename)).toContain("not-ios.image");
    expect((await api("PUT", `${base}/nodes/${nodeId}`, { properties: { image: "not-ios.image" } })).status).toBe(200);
    const refused = await api("POST", `${base}/nodes/${nodeId}/start`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Dynamips could not start the router from the image not-ios\.image: unable to start VM instance 'i1' \(209\): load_elf_image: invalid ELF file/);

    const node = await api("GET", `${base}/nodes/${nodeId}`);
    expect(node.body.status).toBe("stopped");
    expect(processesWorkingIn(join(dataDir, "dynamips")).filter((pid) => commandLine(pid)?.[0]?.endsWith("dynamips"))).toEqual([]);
    const idle = await api("GET", `${base}/nodes/${nodeId}/dynamips/idlepc_proposals`);
    expect(idle.status).toBe(409);
  }, 60_000);
});
