import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach, waitFor } from "@shared/testing/cleanups";
import { NodeKind } from "@shared/proto";
import { qemuBinariesOnPath } from "@shared/qemu/binaries-on-path";
import { startNodeController } from "../../controller/runtime/node";
import { machineHostFacts } from "../control/host-facts";
import { startDaemon } from "../daemon";
import { createHostForwarding } from "../host/host-forwarding";
import { vpcsNodeFactory } from "../host/vpcs-node";
import { vpcsAvailable } from "../nodes/vpcs";
import { followNotifications } from "./notifications";

const TOKEN = "command-line-e2e";
const { later, tempDir } = cleanupAfterEach();
const canRun = await vpcsAvailable();

/**
 * The controller and a daemon as `npm start` joins them (in one process here): the daemon runs
 * real VPCS processes and tells its machine's QEMU binaries and KVM, and the API shows what it
 * runs. No QEMU is started: KVM stays unprobed.
 */
describe.skipIf(!canRun)(`what the daemon runs, in the API${canRun ? "" : " — skipped: the vpcs program is not installed"}`, () => {
  it("shows a VPCS node's command line once it started and GNS3's empty one once it stopped, and the machine's QEMU binaries", async () => {
    const controller = await startNodeController({ host: "127.0.0.1", port: 0, dataDir: tempDir("e2e-command-line-controller-"), dataplaneToken: TOKEN });
    later(() => controller.close());
    const dataDir = tempDir("e2e-command-line-daemon-");
    const forwarding = await createHostForwarding({ dataDir, metricsPort: 0, extraFactories: { [NodeKind.VPCS]: vpcsNodeFactory() } });
    const daemon = await startDaemon(
      { controllerUrl: controller.url, hostId: "h1", token: TOKEN, tunnelAddress: "127.0.0.1", udpPortMin: 20000, udpPortMax: 20100, dataDir },
      () => ({ ...forwarding, hostFacts: machineHostFacts(() => forwarding.reconciler.consolePorts?.() ?? []) }),
    );
    later(() => daemon.stop());
    const api = async (method: string, path: string): Promise<{ status: number; body: any }> => {
      const response = await fetch(`${controller.url}${path}`, { method });
      return { status: response.status, body: await response.json() };
    };
    const create = async (path: string, body: unknown): Promise<any> => (await fetch(`${controller.url}${path}`, { method: "POST", body: JSON.stringify(body) })).json();

    await waitFor("the daemon's Hello", async () => (await api("GET", "/v2/computes/h1")).status === 200);
    const project = await create("/v2/projects", { name: "command lines" });
    const base = `/v2/projects/${project.project_id}`;
    const pc = await create(`${base}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "h1" });
    expect(pc.command_line).toBe("");
    const notifications = await followNotifications(controller.url, project.project_id);
    later(() => notifications.close());

    const started = await api("POST", `${base}/nodes/${pc.node_id}/start`);
    expect(started.status).toBe(200);
    const line = new RegExp(`^vpcs -F -i 1 -p ${pc.console} -m \\d+ -s (\\d+) -c (\\d+) -t 127\\.0\\.0\\.1 startup\\.vpc$`);
    expect(started.body.command_line).toMatch(line);
    expect((await api("GET", `${base}/nodes/${pc.node_id}`)).body.command_line).toBe(started.body.command_line);
    await waitFor("node.updated with the command line", () => notifications.some((n) => n.action === "node.updated" && n.event.command_line === started.body.command_line));

    const stopped = await api("POST", `${base}/nodes/${pc.node_id}/stop`);
    expect(stopped.body).toMatchObject({ status: "stopped", command_line: "" });
    expect((await api("GET", `${base}/nodes/${pc.node_id}`)).body.command_line).toBe("");
    await waitFor("node.updated with no command line", () => notifications.some((n) => n.action === "node.updated" && n.event.status === "stopped" && n.event.command_line === ""));

    // What the daemon found on its PATH: a compute other than `local` has no other source.
    const expected = await qemuBinariesOnPath(process.env.PATH ?? "");
    await waitFor("the daemon's facts", async () => JSON.stringify((await api("GET", "/v2/computes/h1/qemu/binaries")).body) === JSON.stringify(expected));
    const x86 = (await api("GET", "/v2/computes/h1/qemu/binaries?archs=x86_64")).body;
    expect(x86.map((binary: { path: string }) => basename(binary.path))).toEqual(expected.map((binary) => basename(binary.path)).filter((name) => name.endsWith("x86_64")));
    // Its interfaces too, for a cloud node's ports on that host.
    const interfaces = (await api("GET", "/v2/computes/h1/network/interfaces")).body;
    expect(interfaces.find((entry: { name: string }) => entry.name === "lo")).toMatchObject({ id: "lo", type: "ethernet", special: true, ip_address: "127.0.0.1" });
    const cloud = await create(`${base}/nodes`, { name: "Cloud1", node_type: "cloud", compute_id: "h1" });
    const offered = interfaces.filter((entry: { special: boolean }) => !entry.special).map((entry: { name: string }) => entry.name);
    expect(cloud.properties.ports_mapping.map((port: { interface: string }) => port.interface)).toEqual(offered);
    const capabilities = (await api("GET", "/v2/computes/h1/qemu/capabilities")).body;
    const compute = (await api("GET", "/v2/computes/h1")).body;
    // KVM is probed at the first QEMU start only: until then it is unknown, or ruled out by a look at /dev/kvm.
    if (compute.dataplane.kvm_detail === "") {
      expect(capabilities).toEqual({ kvm: ["x86_64"] });
      expect(compute.capabilities.qemu_accelerator).toBeNull();
    } else {
      expect(capabilities).toEqual({ kvm: [] });
      expect(compute.capabilities.qemu_accelerator).toBe("tcg");
    }
  }, 60_000);
});
