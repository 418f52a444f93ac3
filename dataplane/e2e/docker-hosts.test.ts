/**
 * Containers among other emulators and across hosts: a container linked straight to a QEMU
 * guest (a real Linux under TCG, see qemu-guest.ts) on the local daemon, and a container on a
 * second daemon (compute `h2`, this machine, its own data dir, the same engine) linked to a
 * VPCS on the first, across the daemons' UDP tunnel. Each container is addressed through its
 * etc/network/interfaces and pings over its own console.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { TEST_IMAGE, dockerUnavailable, ensureTestImage } from "../docker/testing";
import { parsePing, VpcsConsole } from "../nodes/console";
import { apiAt, waitForApplied, type Api } from "./cloud-lab";
import { startDaemonProcess, type DaemonProcess } from "./daemon-process";
import { buildQemuGuest, GuestConsole, parseBusyboxPing, QemuVpcsLab, type LabNode } from "./qemu-guest";

const unavailable = await dockerUnavailable();
// CI starts an engine (.ci/run): there a missing one fails the tests instead of skipping them.
const skip = unavailable !== null && !process.env.CI;
const third = 200 + (process.pid % 50);

const staticConfig = (address: string) => `auto eth0\niface eth0 inet static\n\taddress ${address}\n\tnetmask 255.255.255.0\n`;

describe.skipIf(skip)("containers linked to a QEMU guest, and across two hosts to a VPCS", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-docker-hosts-"));
  const h2Dir = join(dataDir, "daemon-h2");
  let controller: ControllerProcess;
  let daemon: DaemonProcess | undefined;
  let api: Api;
  let lab: QemuVpcsLab;
  let local: LabNode;
  let remote: LabNode;
  let pc2: LabNode;
  const consoles: GuestConsole[] = [];
  let pc2Console: VpcsConsole | undefined;

  const container = async (name: string, compute: string, console: number, aux: number, address: string): Promise<LabNode> => {
    const node = await lab.createNode({ name, node_type: "docker", compute_id: compute, console, properties: { image: TEST_IMAGE, aux } });
    const written = await fetch(`${controller.url}${lab.base}/nodes/${node.node_id}/files/etc/network/interfaces`, { method: "POST", body: staticConfig(address) });
    expect(written.status).toBe(201);
    return node;
  };
  const link = async (a: LabNode, aAdapter: number, b: LabNode) => {
    const made = await api("POST", `${lab.base}/links`, { nodes: [{ node_id: a.node_id, adapter_number: aAdapter, port_number: 0 }, { node_id: b.node_id, adapter_number: 0, port_number: 0 }] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  };
  const start = async (node: LabNode) => {
    const started = await api("POST", `${lab.base}/nodes/${node.node_id}/start`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
  };

  beforeAll(async () => {
    expect(unavailable).toBeNull();
    await ensureTestImage();
    const guest = await buildQemuGuest();
    const token = randomBytes(16).toString("hex");
    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--dataplane-token", token]);
    api = apiAt(controller.url);
    await waitForApplied(api, "local");
    mkdirSync(h2Dir);
    daemon = await startDaemonProcess({ controllerUrl: controller.url, hostId: "h2", token, dataDir: h2Dir, udpPorts: "33000-33999" });
    await waitForApplied(api, "h2");
    lab = await QemuVpcsLab.create(controller.url, api, guest, { projectName: "e2e-docker-hosts", vmProperties: { adapters: 2, adapter_type: "e1000" }, spareConsoles: 5 });
    const [localConsole, localAux, remoteConsole, remoteAux, pc2Port] = lab.spareConsoles;
    local = await container("local-{0}", "local", localConsole!, localAux!, `10.${third}.1.2`);
    remote = await container("remote-{0}", "h2", remoteConsole!, remoteAux!, `10.${third}.2.2`);
    pc2 = await lab.createNode({ name: "PC2", node_type: "vpcs", console: pc2Port });
    await link(lab.vm, 1, local);
    await link(remote, 0, pc2);
    await lab.startVmAndPc();
    for (const node of [local, remote, pc2]) await start(node);
    await waitForApplied(api, "h2");
    for (const node of [local, remote]) consoles.push(await GuestConsole.connect(node.console, 30_000));
    pc2Console = await VpcsConsole.connect(pc2.console, { timeoutMs: 10_000 });
    await lab.connectConsoles();
  }, 240_000);

  afterAll(async () => {
    for (const console of consoles) console.close();
    pc2Console?.close();
    const stopServers = async () => {
      await daemon?.stop();
      await controller?.stop();
    };
    await (lab ? lab.close(stopServers, dataDir) : stopServers());
    rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  it("pings the QEMU guest from the container linked to its second NIC, and back", async () => {
    const addressed = await lab.guestConsole!.run(`ip addr add 10.${third}.1.1/24 dev eth1 && ip link set eth1 up`);
    expect(addressed.status, addressed.output).toBe(0);
    const fromContainer = parseBusyboxPing((await consoles[0]!.run(`ping -c 3 -W 5 10.${third}.1.1`, 30_000)).output);
    expect(fromContainer.received).toBe(3);
    const fromGuest = parseBusyboxPing((await lab.guestConsole!.run(`ping -c 3 -W 5 10.${third}.1.2`, 30_000)).output);
    expect(fromGuest.received).toBe(3);
  }, 90_000);

  it("reaches a VPCS on the first host from a container on the second, across the tunnel", async () => {
    await pc2Console!.command(`ip 10.${third}.2.1/24`, 10_000);
    const fromContainer = parseBusyboxPing((await consoles[1]!.run(`ping -c 3 -W 5 10.${third}.2.1`, 30_000)).output);
    expect(fromContainer.received).toBe(3);
    const fromPc = parsePing(await pc2Console!.command(`ping 10.${third}.2.2 -c 3`, 30_000));
    expect(fromPc.received).toBeGreaterThanOrEqual(2);
  }, 90_000);
});
