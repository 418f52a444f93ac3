import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { parsePing } from "../nodes/console";
import { isAlive } from "../nodes/processes";
import { QmpClient } from "../nodes/qemu-qmp";
import { apiAt, revisionOf, waitForApplied, type Api } from "./cloud-lab";
import { buildQemuGuest, md5Of, QemuVpcsLab, qemuProcessesOf } from "./qemu-guest";
import { expectAddedDelay, floorRtt, roundTrips } from "./vpcs-lab";

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
  let lab: QemuVpcsLab;

  /** A second QMP monitor of VM1's, given in its `options` as a user would: the test's view of whether the VM runs. */
  const checkMonitor = join(scratch, "check.qmp");
  const storedImage = (name: string) => join(dataDir, "images", "QEMU", name);

  beforeAll(async () => {
    const guest = await buildQemuGuest();
    execFileSync("qemu-img", ["create", "-q", "-f", "qcow2", join(scratch, "disk.qcow2"), "16M"]);
    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--dataplane-token", randomBytes(16).toString("hex")]);
    api = apiAt(controller.url);
    await waitForApplied(api, "local");
    lab = await QemuVpcsLab.create(controller.url, api, guest, {
      projectName: "e2e-qemu",
      images: { "disk.qcow2": readFileSync(join(scratch, "disk.qcow2")) },
      vmProperties: { hda_disk_image: "disk.qcow2", adapter_type: "e1000", options: `-qmp unix:${checkMonitor},server=on,wait=off` },
      spareConsoles: 1,
    });
  }, 120_000);

  afterAll(async () => {
    const stopController = async () => void (await controller?.stop());
    await (lab ? lab.close(stopController, dataDir) : stopController());
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  }, 60_000);

  it("lists the uploaded images with the md5 of the bytes sent", async () => {
    const listed = await api("GET", "/v2/compute/qemu/images");
    expect(listed.status).toBe(200);
    for (const [name, sum] of lab.uploadedMd5) {
      expect(listed.body).toContainEqual(expect.objectContaining({ filename: name, md5sum: sum }));
    }
  });

  it("answers 409 naming the image when a VM's image was never uploaded, and leaves it stopped", async () => {
    const orphan = await lab.createNode({ name: "VM2", node_type: "qemu", console: lab.spareConsoles[0], properties: { kernel_image: "never-uploaded-vmlinuz", kernel_command_line: "console=ttyS0" } });
    const started = await api("POST", `${lab.base}/nodes/${orphan.node_id}/start`);
    expect(started.status).toBe(409);
    expect(started.body).toMatchObject({ status: 409, message: expect.stringContaining("never-uploaded-vmlinuz") });
    expect((await api("GET", `${lab.base}/nodes/${orphan.node_id}`)).body.status).toBe("stopped");
    expect(qemuProcessesOf(orphan.node_id)).toEqual([]);
    expect((await api("DELETE", `${lab.base}/nodes/${orphan.node_id}`)).status).toBe(204);
  }, 30_000);

  it("starts VM1 and PC1, each start answering once the node runs", async () => {
    const before = await revisionOf(api, "local");
    await lab.startVmAndPc();
    await waitForApplied(api, "local", before, 30_000);
    await lab.connectConsoles();
  }, 180_000);

  it("pings PC1 from the guest's console and the guest from PC1's", async () => {
    expect((await lab.pingBothWays()).received).toBe(5);
  }, 90_000);

  it("suspends VM1 (QMP: paused) so that it answers no ping, and resumes it with start", async () => {
    const monitor = await QmpClient.connect(checkMonitor, performance.now() + 10_000, () => false);
    try {
      const suspended = await api("POST", `${lab.base}/nodes/${lab.vm.node_id}/suspend`);
      expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
      expect(suspended.body.status).toBe("suspended");
      expect((await api("GET", `${lab.base}/nodes/${lab.vm.node_id}`)).body.status).toBe("suspended");
      expect(await monitor.execute("query-status")).toMatchObject({ running: false, status: "paused" });
      const whilePaused = parsePing(await lab.pcConsole!.command("ping 10.0.0.2 -c 2 -w 500 -i 250", 30_000));
      expect(whilePaused.received, JSON.stringify(whilePaused)).toBe(0);

      // As in GNS3, a suspended VM resumes with start (the API has no resume).
      const resumed = await api("POST", `${lab.base}/nodes/${lab.vm.node_id}/start`);
      expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
      expect(resumed.body.status).toBe("started");
      expect(await monitor.execute("query-status")).toMatchObject({ running: true, status: "running" });
      const afterResume = parsePing(await lab.pcConsole!.command("ping 10.0.0.2 -c 3 -i 250", 30_000));
      expect(afterResume.received, JSON.stringify(afterResume)).toBe(3);
      expect(lab.vmProcesses.every(isAlive), "VM1 kept its QEMU process").toBe(true);
    } finally {
      monitor.close();
    }
  }, 90_000);

  it("adds twice the link's delay to the round trip, within ±10 ms", async () => {
    const baseline = floorRtt(parsePing(await lab.pcConsole!.command("ping 10.0.0.2 -c 5 -i 250", 60_000)));
    const before = await revisionOf(api, "local");
    expect((await api("PUT", `${lab.base}/links/${lab.linkId}`, { filters: { delay: [50, 0] } })).status).toBe(201);
    await waitForApplied(api, "local", before);
    const pingRound = async () => roundTrips(parsePing(await lab.pcConsole!.command("ping 10.0.0.2 -c 5 -i 250", 60_000)));
    await expectAddedDelay(pingRound, { baseMs: baseline, addedMs: 100, toleranceMs: 10, pings: 5 });
  }, 90_000);

  it("writes the guest's disk into its linked clone, never into the uploaded image", async () => {
    const written = await lab.guestConsole!.run("echo written-by-VM1 | dd of=/dev/sda conv=fsync 2>/dev/null && dd if=/dev/sda bs=15 count=1 2>/dev/null");
    expect(written).toEqual({ output: "written-by-VM1", status: 0 });
    expect(md5Of(readFileSync(storedImage("disk.qcow2")))).toBe(lab.uploadedMd5.get("disk.qcow2"));
  }, 30_000);

  it("stops VM1 with no QEMU process of it left, every uploaded image unchanged", async () => {
    await lab.stopVm();

    const listed = await api("GET", "/v2/compute/qemu/images");
    for (const [name, sum] of lab.uploadedMd5) {
      expect(md5Of(readFileSync(storedImage(name))), name).toBe(sum);
      expect(listed.body).toContainEqual(expect.objectContaining({ filename: name, md5sum: sum }));
    }
  }, 30_000);
});
