import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ControllerProcess } from "../../controller/testing/controller-process";
import { mountSmallDisk, smallDiskSkipReason, type SmallDisk } from "@shared/testing/small-disk";
import { readWithTcpdump } from "../capture/testing";
import { revisionOf, startLocalCloudLab, waitForApplied, type Api, type CloudPath, type DataplaneStatus, type LocalCloudLab } from "./cloud-lab";
import { findLocalDaemon } from "./daemon-process";
import { followNotifications, until } from "./notifications";
import { missing, readNumberedFrame, UdpPeer, waitForArrivals, waitMs } from "./udp-traffic";

const EVERY = 5;
const FAST = 1000;
const SLOW = 100;
/** 64-byte frames: 16 bytes of record header each in the pcap. */
const RECORD_BYTES = 80;
const CAPTURE = "full.pcap";

/**
 * A link capture whose disk fills, through `npm start` (controller and its local daemon): the
 * captures folder of the project is a 64 KiB tmpfs, half taken by a ballast file. 1,000
 * numbered frames a second cross a cloud → hub link with `frequency_drop [5]` while it
 * captures. The capture must stop alone: the daemon stays the same process, the frames and
 * the filter go on, the pcap ends at its last whole record, the error reaches the controller.
 * The daemon killed then comes back on the same full disk without dying again; once space is
 * freed, stopping and starting the capture writes it again.
 */
const skipReason = smallDiskSkipReason();

describe.skipIf(skipReason !== undefined)(`a link capture on a full disk${skipReason ? ` — skipped: ${skipReason}` : ""}`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-capture-full-"));
  let controller: ControllerProcess;
  let api: Api;
  let path: CloudPath;
  let disk: SmallDisk | undefined;
  let peers: [UdpPeer, UdpPeer];
  let lab: LocalCloudLab | undefined;

  beforeAll(async () => {
    lab = await startLocalCloudLab(dataDir, { frequency_drop: [EVERY] });
    ({ controller, api, path, peers } = lab);
    disk = mountSmallDisk(join(dataDir, "projects", path.projectId, "project-files", "captures"), 64);
  }, 60_000);
  afterAll(async () => {
    await lab?.close();
    await disk?.unmount();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stops the capture alone, reports it, survives a restart on the full disk, and captures again once space is freed", async () => {
    const [sender, receiver] = peers;
    const linkId = path.linkIds[0];
    const base = `/v2/projects/${path.projectId}`;
    const file = join(disk!.path, CAPTURE);
    const freeSpace = disk!.takeSpace(32 * 1024);
    const notifications = await followNotifications(controller.url, path.projectId);
    const dataplane = async (): Promise<DataplaneStatus> => (await api("GET", "/v2/computes/local")).body.dataplane;
    const captureError = async (status?: DataplaneStatus): Promise<DataplaneStatus["errors"]> =>
      (status ?? (await dataplane())).errors.filter((error: any) => error.id === linkId && /full\.pcap stopped: ENOSPC/.test(error.message));

    sender.startSending(path.ports[0], FAST);
    await waitForArrivals(receiver, 200);
    const daemon = findLocalDaemon(controller.child.pid!);
    expect(daemon, "the local daemon process").toBeDefined();
    const firstCaptured = sender.sentCount;
    expect((await api("POST", `${base}/links/${linkId}/start_capture`, { capture_file_name: CAPTURE })).status).toBe(201);

    await until("the capture's error in GET /v2/computes/local", async () => (await captureError()).length === 1, 10_000);
    const reportedAt = Date.now();
    expect(await captureError()).toEqual([{ id: linkId, kind: "link", project_id: path.projectId, message: expect.stringMatching(/^capture projects\/.*\/full\.pcap stopped: ENOSPC: no space left on device/) }]);
    await until("the log.error notification", () => notifications.some((n) => n.action === "log.error" && n.event.link_id === linkId && /ENOSPC/.test(n.event.message)), 5_000);

    // Forwarding goes on through the filter, in the same process.
    await waitMs(500);
    const lastChecked = sender.sentCount;
    await waitMs(200);
    expect(findLocalDaemon(controller.child.pid!)).toBe(daemon);
    const dropped = missing(receiver.arrivals, firstCaptured, lastChecked);
    expect(dropped[0]! - firstCaptured).toBeLessThan(EVERY);
    expect(dropped.filter((sequence, index) => index > 0 && sequence - dropped[index - 1]! !== EVERY), "drops not 5 frames apart").toEqual([]);
    expect(dropped.length).toBe(Math.floor((lastChecked - 1 - dropped[0]!) / EVERY) + 1);

    // The file ends at its last whole record and tcpdump reads it to the end.
    expect(spawnSync("tcpdump", ["-r", file, "-n"], { stdio: "pipe" }).status).toBe(0);
    const kept = readWithTcpdump(file).records;
    expect(kept.length).toBeGreaterThan(300);
    // At most this long from the failed write (a frame after the last one kept) to the error in the API, polled every 20 ms.
    const reportedWithinMs = reportedAt - kept.at(-1)!.timestamp * 1000;
    expect(statSync(file).size).toBe(24 + kept.length * RECORD_BYTES);

    // The daemon killed on the full disk: restarted, it reopens the capture from its saved state, fails again, and stays up.
    const beforeKill = await revisionOf(api, "local");
    process.kill(daemon!, "SIGKILL");
    let restarted: number | undefined;
    await until("a restarted daemon", () => (restarted = findLocalDaemon(controller.child.pid!)) !== undefined && restarted !== daemon, 10_000);
    await until("the restarted daemon's capture error", async () => {
      const status = await dataplane();
      return status.connected && status.revision > beforeKill && status.applied_revision === status.revision && (await captureError(status)).length === 1;
    }, 10_000);
    const afterRestart = receiver.arrivals.length;
    await waitMs(1000);
    expect(findLocalDaemon(controller.child.pid!), "the restarted daemon stays up").toBe(restarted);
    expect(receiver.arrivals.length - afterRestart).toBeGreaterThan(500);
    expect(statSync(file).size).toBe(24 + kept.length * RECORD_BYTES);

    // Space freed, capture stopped and started: no error, and frames are appended to the readable file.
    sender.startSending(path.ports[0], SLOW);
    freeSpace();
    const beforeStop = await revisionOf(api, "local");
    expect((await api("POST", `${base}/links/${linkId}/stop_capture`)).status).toBe(201);
    await waitForApplied(api, "local", beforeStop);
    const beforeStart = await revisionOf(api, "local");
    expect((await api("POST", `${base}/links/${linkId}/start_capture`, { capture_file_name: CAPTURE })).status).toBe(201);
    await waitForApplied(api, "local", beforeStart);
    await until("frames captured again", () => statSync(file).size >= 24 + (kept.length + 20) * RECORD_BYTES, 5_000);
    sender.stopSending();
    expect((await api("POST", `${base}/links/${linkId}/stop_capture`)).status).toBe(201);
    expect(await captureError()).toEqual([]);
    const all = readWithTcpdump(file).records;
    expect(statSync(file).size).toBe(24 + all.length * RECORD_BYTES);
    expect(all.slice(0, kept.length).map((record) => record.bytes)).toEqual(kept.map((record) => record.bytes));
    expect(all.slice(kept.length).every((record) => readNumberedFrame(record.bytes) !== undefined)).toBe(true);
    notifications.close();
    console.log(JSON.stringify({ msg: "capture on a full disk", keptRecords: kept.length, reportedWithinMs: Math.round(reportedWithinMs), recordsAfterFreeing: all.length - kept.length }));
  }, 60_000);
});
