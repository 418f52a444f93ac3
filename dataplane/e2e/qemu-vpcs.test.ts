import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { waitFor } from "@shared/testing/cleanups";
import { VpcsConsole, parsePing } from "../nodes/console";
import { isAlive, signal, type ProcessIdentity } from "../nodes/processes";
import { QmpClient } from "../nodes/qemu-qmp";
import { apiAt, revisionOf, waitForApplied, type Api } from "./cloud-lab";
import { freeConsolePorts } from "./console-ports";
import { endLeftoverVpcs } from "./daemon-process";
import { buildQemuGuest, GuestConsole, parseBusyboxPing, qemuProcessesOf } from "./qemu-guest";
import { medianRtt } from "./vpcs-lab";

/**
 * A QEMU VM end to end, as a GNS3 user runs one: `npm start` with its local daemon, the guest's
 * kernel, initramfs and disk uploaded to the image store, a VM linked to a VPCS through the
 * /v2 API, both started, and pings typed into both consoles while the VM runs, is suspended
 * and resumed, and its link is delayed. The guest is a real Linux (Debian's kernel and a
 * busybox initramfs built for the test, see qemu-guest.ts) under TCG.
 */
describe("a QEMU VM and a VPCS pinging through a link of the local dataplane", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-qemu-"));
  const scratch = mkdtempSync(join(tmpdir(), "e2e-qemu-images-"));
  let controller: ControllerProcess;
  let api: Api;
  let base: string;
  let vm: { node_id: string; console: number };
  let pc: { node_id: string; console: number };
  let linkId: string;
  /** VM2's console port. Every console port is chosen free on this machine: the controller would give each test's first node 5000. */
  let orphanConsole: number | undefined;
  let guestConsole: GuestConsole | undefined;
  let pcConsole: VpcsConsole | undefined;
  /** The QEMU processes of VM1 seen while it ran, ended by hand after the run if still there. */
  const vmProcesses: ProcessIdentity[] = [];
  /** The md5 of each uploaded image, computed here from the bytes sent. */
  const uploadedMd5 = new Map<string, string>();

  /** A second QMP monitor of VM1's, given in its `options` as a user would: the test's view of whether the VM runs. */
  const checkMonitor = join(scratch, "check.qmp");
  const storedImage = (name: string) => join(dataDir, "images", "QEMU", name);
  const md5 = (data: Buffer) => createHash("md5").update(data).digest("hex");

  const upload = async (name: string, data: Buffer) => {
    const response = await fetch(`${controller.url}/v2/compute/qemu/images/${name}`, { method: "POST", body: data });
    expect(response.status, await response.text()).toBe(204);
    uploadedMd5.set(name, md5(data));
  };

  const create = async (body: Record<string, unknown>) => {
    const created = await api("POST", `${base}/nodes`, { compute_id: "local", ...body });
    if (created.status !== 201) throw new Error(`cannot create ${String(body.name)}: ${JSON.stringify(created.body)}`);
    return created.body;
  };

  beforeAll(async () => {
    const guest = await buildQemuGuest();
    execFileSync("qemu-img", ["create", "-q", "-f", "qcow2", join(scratch, "disk.qcow2"), "16M"]);
    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--dataplane-token", randomBytes(16).toString("hex")]);
    api = apiAt(controller.url);
    await waitForApplied(api, "local");

    await upload("vmlinuz", readFileSync(guest.kernelPath));
    await upload("guest.cpio.gz", guest.initramfs);
    await upload("disk.qcow2", readFileSync(join(scratch, "disk.qcow2")));

    const project = await api("POST", "/v2/projects", { name: "e2e-qemu" });
    expect(project.status).toBe(201);
    base = `/v2/projects/${project.body.project_id}`;
    const [vmConsole, pcConsolePort, orphanPort] = await freeConsolePorts(3);
    orphanConsole = orphanPort;
    vm = await create({
      name: "VM1",
      node_type: "qemu",
      console: vmConsole,
      properties: {
        kernel_image: "vmlinuz",
        initrd: "guest.cpio.gz",
        hda_disk_image: "disk.qcow2",
        kernel_command_line: "console=ttyS0",
        ram: 256,
        adapters: 1,
        adapter_type: "e1000",
        options: `-qmp unix:${checkMonitor},server=on,wait=off`,
      },
    });
    pc = await create({ name: "PC1", node_type: "vpcs", console: pcConsolePort });
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
    await controller?.stop();
    // The safety net of a run that failed half way: the VM's QEMU, by the identity seen while it ran.
    vmProcesses.forEach((process) => signal(process, "SIGKILL"));
    await endLeftoverVpcs(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  }, 60_000);

  it("lists the uploaded images with the md5 of the bytes sent", async () => {
    const listed = await api("GET", "/v2/compute/qemu/images");
    expect(listed.status).toBe(200);
    for (const [name, sum] of uploadedMd5) {
      expect(listed.body).toContainEqual(expect.objectContaining({ filename: name, md5sum: sum }));
    }
  });

  it("answers 409 naming the image when a VM's image was never uploaded, and leaves it stopped", async () => {
    const orphan = await create({ name: "VM2", node_type: "qemu", console: orphanConsole, properties: { kernel_image: "never-uploaded-vmlinuz", kernel_command_line: "console=ttyS0" } });
    const started = await api("POST", `${base}/nodes/${orphan.node_id}/start`);
    expect(started.status).toBe(409);
    expect(started.body).toMatchObject({ status: 409, message: expect.stringContaining("never-uploaded-vmlinuz") });
    expect((await api("GET", `${base}/nodes/${orphan.node_id}`)).body.status).toBe("stopped");
    expect(qemuProcessesOf(orphan.node_id)).toEqual([]);
    expect((await api("DELETE", `${base}/nodes/${orphan.node_id}`)).status).toBe(204);
  }, 30_000);

  it("starts VM1 and PC1, each start answering once the node runs", async () => {
    const before = await revisionOf(api, "local");
    for (const node of [vm, pc]) {
      const started = await api("POST", `${base}/nodes/${node.node_id}/start`);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.body.status).toBe("started");
    }
    vmProcesses.push(...qemuProcessesOf(vm.node_id));
    expect(vmProcesses.length, "a QEMU process runs for VM1").toBeGreaterThan(0);
    await waitForApplied(api, "local", before, 30_000);
    // The kernel boots under TCG: seconds on an idle machine, more on a busy one.
    guestConsole = await GuestConsole.connect(vm.console, 120_000);
    pcConsole = await VpcsConsole.connect(pc.console, { timeoutMs: 10_000 });
  }, 180_000);

  it("pings PC1 from the guest's console and the guest from PC1's", async () => {
    expect(await guestConsole!.run("ip addr add 10.0.0.2/24 dev eth0")).toEqual({ output: "", status: 0 });
    await pcConsole!.command("ip 10.0.0.1/24", 10_000);
    const fromGuest = await guestConsole!.run("ping -c 3 -W 5 10.0.0.1", 30_000);
    expect(parseBusyboxPing(fromGuest.output).received, fromGuest.output).toBe(3);
    const fromPc = parsePing(await pcConsole!.command("ping 10.0.0.2 -c 5 -i 250", 60_000));
    expect(fromPc.received, JSON.stringify(fromPc)).toBe(5);
  }, 90_000);

  it("suspends VM1 (QMP: paused) so that it answers no ping, and resumes it with start", async () => {
    const monitor = await QmpClient.connect(checkMonitor, performance.now() + 10_000, () => false);
    try {
      const suspended = await api("POST", `${base}/nodes/${vm.node_id}/suspend`);
      expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
      expect(suspended.body.status).toBe("suspended");
      expect((await api("GET", `${base}/nodes/${vm.node_id}`)).body.status).toBe("suspended");
      expect(await monitor.execute("query-status")).toMatchObject({ running: false, status: "paused" });
      const whilePaused = parsePing(await pcConsole!.command("ping 10.0.0.2 -c 2 -w 500 -i 250", 30_000));
      expect(whilePaused.received, JSON.stringify(whilePaused)).toBe(0);

      // As in GNS3, a suspended VM resumes with start (the API has no resume).
      const resumed = await api("POST", `${base}/nodes/${vm.node_id}/start`);
      expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
      expect(resumed.body.status).toBe("started");
      expect(await monitor.execute("query-status")).toMatchObject({ running: true, status: "running" });
      const afterResume = parsePing(await pcConsole!.command("ping 10.0.0.2 -c 3 -i 250", 30_000));
      expect(afterResume.received, JSON.stringify(afterResume)).toBe(3);
      expect(vmProcesses.every(isAlive), "VM1 kept its QEMU process").toBe(true);
    } finally {
      monitor.close();
    }
  }, 90_000);

  it("adds twice the link's delay to the round trip, within ±10 ms", async () => {
    const baseline = medianRtt(parsePing(await pcConsole!.command("ping 10.0.0.2 -c 5 -i 250", 60_000)));
    const before = await revisionOf(api, "local");
    expect((await api("PUT", `${base}/links/${linkId}`, { filters: { delay: [50, 0] } })).status).toBe(201);
    await waitForApplied(api, "local", before);
    const delayed = parsePing(await pcConsole!.command("ping 10.0.0.2 -c 5 -i 250", 60_000));
    expect(delayed.received, JSON.stringify(delayed)).toBe(5);
    expect(Math.abs(medianRtt(delayed) - baseline - 100), `baseline ${baseline} ms, delayed ${medianRtt(delayed)} ms`).toBeLessThan(10);
  }, 90_000);

  it("writes the guest's disk into its linked clone, never into the uploaded image", async () => {
    const written = await guestConsole!.run("echo written-by-VM1 | dd of=/dev/sda conv=fsync 2>/dev/null && dd if=/dev/sda bs=15 count=1 2>/dev/null");
    expect(written).toEqual({ output: "written-by-VM1", status: 0 });
    expect(md5(readFileSync(storedImage("disk.qcow2")))).toBe(uploadedMd5.get("disk.qcow2"));
  }, 30_000);

  it("stops VM1 with no QEMU process of it left, every uploaded image unchanged", async () => {
    guestConsole?.close();
    guestConsole = undefined;
    const stopped = await api("POST", `${base}/nodes/${vm.node_id}/stop`);
    expect(stopped.status).toBe(200);
    expect(stopped.body.status).toBe("stopped");
    await waitFor("VM1's QEMU to end", () => !vmProcesses.some(isAlive) && qemuProcessesOf(vm.node_id).length === 0, 10_000);

    const listed = await api("GET", "/v2/compute/qemu/images");
    for (const [name, sum] of uploadedMd5) {
      expect(md5(readFileSync(storedImage(name))), name).toBe(sum);
      expect(listed.body).toContainEqual(expect.objectContaining({ filename: name, md5sum: sum }));
    }
  }, 30_000);
});
