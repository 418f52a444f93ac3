import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ControllerProcess } from "../../controller/testing/controller-process";
import { revisionOf, startLocalCloudLab, waitForApplied, type Api, type CloudPath, type LocalCloudLab } from "./cloud-lab";
import { findLocalDaemon } from "./daemon-process";
import { missing, UdpPeer, waitForArrivals, waitMs, type Arrival } from "./udp-traffic";

const RATE = 1000;
const EVERY = 5;
const DELAY_MS = 20;

/**
 * `kill -9` of the local daemon while 1,000 numbered frames a second go from one cloud UDP
 * port to another through a link with `frequency_drop [5]` and `delay [20, 0]`: `npm start` restarts it at
 * once, the new daemon re-applies the state it saved without waiting for the controller, and
 * frames flow through the same filters within 2 s of the kill — the drops exactly every 5th
 * frame (the controller's resync does not restart the count) and every frame 20 ms late.
 */
describe("the local daemon killed with SIGKILL under UDP traffic", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-recovery-udp-"));
  let controller: ControllerProcess;
  let api: Api;
  let path: CloudPath;
  let peers: [UdpPeer, UdpPeer];
  let lab: LocalCloudLab | undefined;

  beforeAll(async () => {
    lab = await startLocalCloudLab(dataDir, { frequency_drop: [EVERY], delay: [DELAY_MS, 0] });
    ({ controller, api, path, peers } = lab);
  }, 60_000);
  afterAll(async () => {
    await lab?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("forwards through the same filters again within 2 s of the kill", async () => {
    const [sender, receiver] = peers;
    sender.startSending(path.ports[0], RATE);
    await waitForArrivals(receiver, 200);

    const groupId = controller.child.pid!;
    const daemon = findLocalDaemon(groupId);
    expect(daemon, "the local daemon process").toBeDefined();
    const before = await revisionOf(api, "local");
    const seenBeforeKill = receiver.arrivals.length;
    process.kill(daemon!, "SIGKILL");
    const killedAt = performance.now();

    let first: Arrival | undefined;
    for (let scanned = seenBeforeKill; !first; ) {
      for (; scanned < receiver.arrivals.length && !first; scanned++) if (receiver.arrivals[scanned]!.sentAt > killedAt) first = receiver.arrivals[scanned];
      if (first) break;
      expect(performance.now() - killedAt, "frames flow again").toBeLessThan(15_000);
      await waitMs(2);
    }
    const recoveredMs = first.at - killedAt;
    const lastBeforeKill = receiver.arrivals.slice(0, seenBeforeKill).at(-1)!;

    // The restarted daemon dials the controller, which sends it a new revision: filters stay as they were.
    await waitForApplied(api, "local", before);
    await waitMs(1000);
    sender.stopSending();
    await waitMs(DELAY_MS + 100);

    const after = receiver.arrivals.filter((arrival) => arrival.sequence >= first!.sequence);
    const last = after.at(-1)!.sequence;
    const dropped = missing(after, first.sequence, last);
    const report = {
      recoveredMs: Math.round(recoveredMs),
      silentMs: Math.round(first.at - lastBeforeKill.at),
      lostInOutage: first.sequence - lastBeforeKill.sequence - 1,
      framesAfter: after.length,
      droppedAfter: dropped.length,
    };
    console.log(JSON.stringify({ msg: "forwarding back after the local daemon was killed", ...report }));

    expect(recoveredMs, JSON.stringify(report)).toBeLessThan(2000);
    expect(after.length).toBeGreaterThan(400);
    // frequency_drop [5] counting from the restarted daemon's first frame, never restarted by the resync.
    expect(dropped[0]! - first.sequence).toBeLessThan(EVERY);
    const offBeat = dropped.filter((sequence, index) => index > 0 && sequence - dropped[index - 1]! !== EVERY);
    expect(offBeat, "drops not 5 frames after the previous one").toEqual([]);
    expect(dropped.length).toBe(Math.floor((last - dropped[0]!) / EVERY) + 1);
    // delay [20, 0]: no frame came through early.
    expect(Math.min(...after.map((arrival) => arrival.at - arrival.sentAt))).toBeGreaterThanOrEqual(DELAY_MS - 1);
    const { body } = await api("GET", "/v2/computes/local");
    expect(body.dataplane).toMatchObject({ connected: true, errors: [] });
  }, 60_000);
});
