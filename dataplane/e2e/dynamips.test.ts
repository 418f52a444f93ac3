import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@shared/testing/cleanups";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { commandLine, identify, isAlive } from "../nodes/processes";
import { apiAt, changeApplied, waitForApplied, type Api } from "./cloud-lab";
import { findLocalDaemon, processesWorkingIn } from "./daemon-process";

/** The Dynamips hypervisors working under the daemon's data dir. */
function hypervisors(dataDir: string): number[] {
  return processesWorkingIn(join(dataDir, "dynamips")).filter((pid) => commandLine(pid)?.[0]?.endsWith("dynamips"));
}

/**
 * Dynamips nodes through the /v2 API, as the web UI makes them, on `npm start`'s local daemon:
 * a router as a user without an IOS image meets it (made from its platform, started, refused
 * with the reason each time: the image missing, named, then a file that is no IOS, in
 * Dynamips' own words); Frame Relay and ATM switches, each running a hypervisor of its own, a
 * serial link between two switches taking filters; and no hypervisor outliving its node or its
 * daemon (killed with SIGKILL).
 */
describe("Dynamips nodes through the controller", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-dynamips-"));
  let controller: ControllerProcess;
  let api: Api;
  const newProject = async (name: string): Promise<string> => (await api("POST", "/v2/projects", { name })).body.project_id;

  beforeAll(async () => {
    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--dataplane-token", randomBytes(16).toString("hex")]);
    api = apiAt(controller.url);
    await waitForApplied(api, "local");
  }, 60_000);
  afterAll(async () => {
    await controller?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers a 409 naming the missing image, then one with Dynamips' refusal of a file that is no IOS", async () => {
    const base = `/v2/projects/${await newProject("routers")}`;
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
    expect(hypervisors(dataDir)).toEqual([]);
    const idle = await api("GET", `${base}/nodes/${nodeId}/dynamips/idlepc_proposals`);
    expect(idle.status).toBe(409);
  }, 60_000);

  it("runs each switch in a hypervisor, filters the serial link between them, and ends them with their node or daemon", async () => {
    const base = `/v2/projects/${await newProject("frame-relay")}`;
    const fr = await changeApplied(api, "local", () => api("POST", `${base}/nodes`, { name: "FRSW1", node_type: "frame_relay_switch", compute_id: "local", properties: { mappings: { "1:102": "2:201" } } }), 201);
    expect(fr.body.ports.map((port: { name: string; link_type: string }) => [port.name, port.link_type])).toEqual([["1", "serial"], ["2", "serial"]]);
    expect(fr.body.status).toBe("started");
    const fr2 = await changeApplied(api, "local", () => api("POST", `${base}/nodes`, { name: "FRSW2", node_type: "frame_relay_switch", compute_id: "local", properties: { mappings: { "1:201": "2:301" } } }), 201);
    const atm = await changeApplied(api, "local", () => api("POST", `${base}/nodes`, { name: "ATMSW1", node_type: "atm_switch", compute_id: "local", properties: { mappings: { "1:0:100": "2:0:200" } } }), 201);
    expect(hypervisors(dataDir)).toHaveLength(3);

    const link = await changeApplied(
      api,
      "local",
      () => api("POST", `${base}/links`, { nodes: [{ node_id: fr.body.node_id, adapter_number: 0, port_number: 2 }, { node_id: fr2.body.node_id, adapter_number: 0, port_number: 1 }], filters: { packet_loss: [20] } }),
      201,
    );
    expect(link.body).toMatchObject({ link_type: "serial", filters: { packet_loss: [20] } });
    const available = await api("GET", `${base}/links/${link.body.link_id}/available_filters`);
    expect(available.body.map((filter: { type: string }) => filter.type)).toContain("packet_loss");
    // A switch's serial port takes no Ethernet link.
    const cloud = await api("POST", `${base}/nodes`, { name: "Cloud1", node_type: "cloud", compute_id: "local", properties: { ports_mapping: [{ name: "u", port_number: 0, type: "udp", lport: 40111, rhost: "127.0.0.1", rport: 40112 }] } });
    const refused = await api("POST", `${base}/links`, { nodes: [{ node_id: cloud.body.node_id, adapter_number: 0, port_number: 0 }, { node_id: atm.body.node_id, adapter_number: 0, port_number: 1 }] });
    expect(refused).toEqual({ status: 409, body: expect.objectContaining({ message: "Connecting a ethernet interface to a serial interface is not allowed" }) });
    // Mappings the switch cannot take are a 400 that says why.
    const bad = await api("PUT", `${base}/nodes/${fr.body.node_id}`, { properties: { mappings: { "1:102": "2:5000" } } });
    expect(bad).toEqual({ status: 400, body: expect.objectContaining({ message: `Invalid properties.mappings: mapping "1:102": DLCI 5000 is out of range (0 to 1023)` }) });

    const before = hypervisors(dataDir).map((pid) => identify(pid)!);
    await changeApplied(api, "local", () => api("DELETE", `${base}/nodes/${fr2.body.node_id}`), 204);
    expect(hypervisors(dataDir)).toHaveLength(2);

    const daemon = findLocalDaemon(controller.child.pid!)!;
    process.kill(daemon, "SIGKILL");
    // The kernel ends the hypervisors with their daemon; the restarted daemon starts the switches again.
    await waitFor("the killed daemon's hypervisors gone", () => before.filter(isAlive).length === 0, 5000);
    await waitForApplied(api, "local", 0, 30_000);
    await waitFor("the switches running again", () => hypervisors(dataDir).length === 2, 15_000);
    const nodes = await api("GET", `${base}/nodes`);
    expect(nodes.body.filter((node: { node_type: string }) => node.node_type !== "cloud").map((node: { status: string }) => node.status)).toEqual(["started", "started"]);
  }, 90_000);
});
