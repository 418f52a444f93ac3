import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identify } from "../nodes/processes";
import { findLocalDaemon } from "./daemon-process";
import { expectAddedDelay, floorRtt, roundTrips, startVpcsLab, type VpcsLab } from "./vpcs-lab";

/**
 * The local daemon killed outright (kill -9, the OOM killer): `npm start` restarts it, it
 * re-applies the state it saved, ends the VPCS processes its predecessor left holding the
 * console ports, starts them again (they reload their saved startup.vpc) and the link
 * forwards with the same filters, with nobody touching the API.
 */
describe("the local daemon killed with SIGKILL", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-recovery-"));
  let lab: VpcsLab;

  beforeAll(async () => {
    // Console ports of their own: other end-to-end suites may run at the same time.
    lab = await startVpcsLab(dataDir, { pcs: [{ computeId: "local", console: 5110 }, { computeId: "local", console: 5111 }] });
  }, 90_000);
  afterAll(async () => {
    await lab?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("comes back by itself with the link forwarding through the same filters", async () => {
    expect((await lab.ping(0, 3)).received).toBe(3);
    const base = floorRtt(await lab.ping(0, 5));
    const before = await lab.revision();
    expect((await lab.api("PUT", `/v2/projects/${lab.projectId}/links/${lab.linkId}`, { filters: { delay: [50, 0] } })).status).toBe(201);
    await lab.settled(before);
    const delayed = await lab.ping(0, 3);
    expect(delayed.received).toBe(3);

    const groupId = lab.controller.child.pid!;
    const daemon = findLocalDaemon(groupId);
    expect(daemon, "the local daemon process").toBeDefined();
    const killed = identify(daemon!)!;
    process.kill(daemon!, "SIGKILL");
    const killedAt = performance.now();

    // Back when a new daemon runs and the consoles answer again, from fresh VPCS processes.
    let restarted: number | undefined;
    while ((restarted = findLocalDaemon(groupId)) === undefined || identify(restarted)?.startTime === killed.startTime) {
      expect(performance.now() - killedAt, "the supervisor restarts the daemon").toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await lab.reconnect(15_000);
    // A fresh VPCS resolves ARP first: the first probes may time out doing so.
    let answered = false;
    while (!answered) {
      answered = (await lab.ping(0, 1)).received === 1;
      expect(performance.now() - killedAt, "pings answered again").toBeLessThan(20_000);
    }
    const recoveredMs = performance.now() - killedAt;
    console.log(JSON.stringify({ msg: "forwarding back after the daemon was killed", ms: Math.round(recoveredMs) }));

    const after = await lab.ping(0, 5);
    expect(after.received, JSON.stringify(after)).toBe(5);
    // The delay was re-applied from the saved state: still 2 × 50 ms on the round trip.
    await expectAddedDelay(async () => roundTrips(await lab.ping(0, 5)), { baseMs: base, addedMs: 100, toleranceMs: 5, pings: 5 });
    const { body } = await lab.api("GET", "/v2/computes/local");
    expect(body.dataplane).toMatchObject({ connected: true, errors: [] });
  }, 90_000);
});
