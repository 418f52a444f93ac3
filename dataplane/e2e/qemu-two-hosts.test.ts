import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { waitFor } from "@shared/testing/cleanups";
import { VpcsConsole, parsePing, type PingResult } from "../nodes/console";
import { isAlive, signal, workingDirectory, type ProcessIdentity } from "../nodes/processes";
import { apiAt, revisionOf, waitForApplied, type Api } from "./cloud-lab";
import { freeConsolePorts } from "./console-ports";
import { endLeftoverVpcs, startDaemonProcess, type DaemonProcess } from "./daemon-process";
import { buildQemuGuest, GuestConsole, parseBusyboxPing, qemuProcessesOf } from "./qemu-guest";
import { medianRtt } from "./vpcs-lab";

/**
 * A QEMU VM and a VPCS on two hosts: `npm start` with its local daemon runs PC1, a second
 * daemon started by hand joins as compute `h2` (this machine, its own data dir) and runs VM1.
 * The images are uploaded to the controller only, so h2 fetches them before it boots the VM;
 * the link between VM1 and PC1 crosses the daemons' UDP tunnel, and its filters apply there.
 */
describe("a QEMU VM on one host and a VPCS on another, linked across the daemon tunnel", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-qemu-hosts-"));
  const h2Dir = join(dataDir, "daemon-h2");
  let controller: ControllerProcess;
  let daemon: DaemonProcess | undefined;
  let api: Api;
  let base: string;
  let vm: { node_id: string; console: number };
  let pc: { node_id: string; console: number };
  let linkId: string;
  let guestConsole: GuestConsole | undefined;
  let pcConsole: VpcsConsole | undefined;
  /** PC1's pings of the guest before any filter: the baseline the delay is measured against. */
  let baseline: PingResult;
  const vmProcesses: ProcessIdentity[] = [];
  const uploadedMd5 = new Map<string, string>();

  const md5 = (data: Buffer) => createHash("md5").update(data).digest("hex");
  const revisions = async () => ({ local: await revisionOf(api, "local"), h2: await revisionOf(api, "h2") });
  const applied = async (before: { local: number; h2: number }) => {
    await waitForApplied(api, "local", before.local, 30_000);
    await waitForApplied(api, "h2", before.h2, 30_000);
  };

  const upload = async (name: string, data: Buffer) => {
    const response = await fetch(`${controller.url}/v2/compute/qemu/images/${name}`, { method: "POST", body: data });
    expect(response.status, await response.text()).toBe(204);
    uploadedMd5.set(name, md5(data));
  };

  const create = async (body: Record<string, unknown>) => {
    const created = await api("POST", `${base}/nodes`, body);
    if (created.status !== 201) throw new Error(`cannot create ${String(body.name)}: ${JSON.stringify(created.body)}`);
    return created.body;
  };

  beforeAll(async () => {
    const guest = await buildQemuGuest();
    const token = randomBytes(16).toString("hex");
    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--dataplane-token", token]);
    api = apiAt(controller.url);
    await waitForApplied(api, "local");
    mkdirSync(h2Dir);
    daemon = await startDaemonProcess({ controllerUrl: controller.url, hostId: "h2", token, dataDir: h2Dir, udpPorts: "32000-32999" });
    // A host that has just connected may not be a compute yet.
    await waitForApplied(api, "h2");

    await upload("vmlinuz", readFileSync(guest.kernelPath));
    await upload("guest.cpio.gz", guest.initramfs);

    const project = await api("POST", "/v2/projects", { name: "e2e-qemu-two-hosts" });
    expect(project.status).toBe(201);
    base = `/v2/projects/${project.body.project_id}`;
    // Both daemons run on this machine: the consoles must differ, and be free here.
    const [vmConsole, pcConsolePort] = await freeConsolePorts(2);
    vm = await create({
      name: "VM1",
      node_type: "qemu",
      compute_id: "h2",
      console: vmConsole,
      properties: { kernel_image: "vmlinuz", initrd: "guest.cpio.gz", kernel_command_line: "console=ttyS0", ram: 256, adapters: 1 },
    });
    pc = await create({ name: "PC1", node_type: "vpcs", compute_id: "local", console: pcConsolePort });
    const link = await api("POST", `${base}/links`, {
      nodes: [
        { node_id: vm.node_id, adapter_number: 0, port_number: 0 },
        { node_id: pc.node_id, adapter_number: 0, port_number: 0 },
      ],
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    linkId = link.body.link_id;
  }, 120_000);

  afterAll(async () => {
    guestConsole?.close();
    pcConsole?.close();
    await daemon?.stop();
    await controller?.stop();
    // The safety net of a run that failed half way: the VM's QEMU, by the identity seen while it ran.
    vmProcesses.forEach((process) => signal(process, "SIGKILL"));
    await endLeftoverVpcs(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("starts VM1 on h2 with the images it fetched from the controller, and PC1 on local", async () => {
    const before = await revisions();
    for (const node of [vm, pc]) {
      const started = await api("POST", `${base}/nodes/${node.node_id}/start`);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.body.status).toBe("started");
    }
    vmProcesses.push(...qemuProcessesOf(vm.node_id));
    expect(vmProcesses.length, "a QEMU process runs for VM1").toBeGreaterThan(0);
    // VM1's QEMU runs in h2's data dir, from h2's copy of each image: the same bytes as uploaded.
    expect(vmProcesses.map((process) => workingDirectory(process.pid))).toEqual(vmProcesses.map(() => expect.stringContaining(h2Dir)));
    for (const [name, sum] of uploadedMd5) expect(md5(readFileSync(join(h2Dir, "images", "QEMU", name))), name).toBe(sum);
    expect(existsSync(join(dataDir, "qemu"))).toBe(false);
    await applied(before);
    guestConsole = await GuestConsole.connect(vm.console, 120_000);
    pcConsole = await VpcsConsole.connect(pc.console, { timeoutMs: 10_000 });
  }, 180_000);

  it("pings PC1 from the guest and the guest from PC1, across the tunnel", async () => {
    expect(await guestConsole!.run("ip addr add 10.0.0.2/24 dev eth0")).toEqual({ output: "", status: 0 });
    await pcConsole!.command("ip 10.0.0.1/24", 10_000);
    const fromGuest = await guestConsole!.run("ping -c 3 -W 5 10.0.0.1", 30_000);
    expect(parseBusyboxPing(fromGuest.output).received, fromGuest.output).toBe(3);
    baseline = parsePing(await pcConsole!.command("ping 10.0.0.2 -c 5 -i 250", 60_000));
    expect(baseline.received, JSON.stringify(baseline)).toBe(5);
  }, 90_000);

  it("applies the link's filters across the tunnel: delay [50, 0] adds 100 ms ± 10 ms", async () => {
    const before = await revisions();
    expect((await api("PUT", `${base}/links/${linkId}`, { filters: { delay: [50, 0] } })).status).toBe(201);
    await applied(before);
    const delayed = parsePing(await pcConsole!.command("ping 10.0.0.2 -c 5 -i 250", 60_000));
    expect(delayed.received, JSON.stringify(delayed)).toBe(5);
    expect(Math.abs(medianRtt(delayed) - medianRtt(baseline) - 100), `baseline ${medianRtt(baseline)} ms, delayed ${medianRtt(delayed)} ms`).toBeLessThan(10);
  }, 90_000);

  it("stops VM1 on h2, leaving no QEMU of it", async () => {
    guestConsole?.close();
    guestConsole = undefined;
    const stopped = await api("POST", `${base}/nodes/${vm.node_id}/stop`);
    expect(stopped.status).toBe(200);
    expect(stopped.body.status).toBe("stopped");
    await waitFor("VM1's QEMU to end", () => !vmProcesses.some(isAlive) && qemuProcessesOf(vm.node_id).length === 0, 10_000);
  }, 30_000);
});
