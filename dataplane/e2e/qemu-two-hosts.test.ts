import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { parsePing, type PingResult } from "../nodes/console";
import { workingDirectory } from "../nodes/processes";
import { apiAt, revisionOf, waitForApplied, type Api } from "./cloud-lab";
import { startDaemonProcess, type DaemonProcess } from "./daemon-process";
import { buildQemuGuest, md5Of, QemuVpcsLab } from "./qemu-guest";
import { expectAddedDelay, floorRtt, roundTrips } from "./vpcs-lab";

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
  let lab: QemuVpcsLab;
  /** PC1's pings of the guest before any filter: the baseline the delay is measured against. */
  let baseline: PingResult;

  const revisions = async () => ({ local: await revisionOf(api, "local"), h2: await revisionOf(api, "h2") });
  const applied = async (before: { local: number; h2: number }) => {
    await waitForApplied(api, "local", before.local, 30_000);
    await waitForApplied(api, "h2", before.h2, 30_000);
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
    lab = await QemuVpcsLab.create(controller.url, api, guest, { projectName: "e2e-qemu-two-hosts", vmCompute: "h2" });
  }, 120_000);

  afterAll(async () => {
    const stopServers = async () => {
      await daemon?.stop();
      await controller?.stop();
    };
    await (lab ? lab.close(stopServers, dataDir) : stopServers());
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("starts VM1 on h2 with the images it fetched from the controller, and PC1 on local", async () => {
    const before = await revisions();
    await lab.startVmAndPc();
    // VM1's QEMU runs in h2's data dir, from h2's copy of each image: the same bytes as uploaded.
    expect(lab.vmProcesses.map((process) => workingDirectory(process.pid))).toEqual(lab.vmProcesses.map(() => expect.stringContaining(h2Dir)));
    for (const [name, sum] of lab.uploadedMd5) expect(md5Of(readFileSync(join(h2Dir, "images", "QEMU", name))), name).toBe(sum);
    expect(existsSync(join(dataDir, "qemu"))).toBe(false);
    await applied(before);
    await lab.connectConsoles();
  }, 180_000);

  it("pings PC1 from the guest and the guest from PC1, across the tunnel", async () => {
    baseline = await lab.pingBothWays();
    expect(baseline.received).toBe(5);
  }, 90_000);

  it("applies the link's filters across the tunnel: delay [50, 0] adds 100 ms ± 10 ms", async () => {
    const before = await revisions();
    expect((await api("PUT", `${lab.base}/links/${lab.linkId}`, { filters: { delay: [50, 0] } })).status).toBe(201);
    await applied(before);
    const pingRound = async () => roundTrips(parsePing(await lab.pcConsole!.command("ping 10.0.0.2 -c 5 -i 250", 60_000)));
    await expectAddedDelay(pingRound, { baseMs: floorRtt(baseline), addedMs: 100, toleranceMs: 10, pings: 5 });
  }, 90_000);

  it("stops VM1 on h2, leaving no QEMU of it", async () => {
    await lab.stopVm();
  }, 30_000);
});
