import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAddedDelay, floorRtt, roundTrips, startVpcsLab, type VpcsLab } from "./vpcs-lab";

/**
 * A link across two daemons: `npm start` with its local daemon, and a second daemon started
 * by hand that joins as compute `h2` (both on this machine, each with its own data dir and
 * UDP range). PC1 runs on `local`, PC2 on `h2`; frames cross a daemon↔daemon UDP tunnel.
 */
describe("a link between VPCS nodes on two dataplane hosts", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-two-hosts-"));
  let lab: VpcsLab;

  beforeAll(async () => {
    lab = await startVpcsLab(dataDir, {
      hosts: [{ hostId: "h2", udpPorts: "31000-31999" }],
      // Both daemons run here, so the consoles need different ports (each compute has its own range).
      pcs: [{ computeId: "local", console: 5120 }, { computeId: "h2", console: 5121 }],
    });
  }, 90_000);
  afterAll(async () => {
    await lab?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs each PC on its own host and pings across the tunnel with no loss", async () => {
    const { body: pc2 } = await lab.api("GET", `/v2/projects/${lab.projectId}/nodes/${lab.nodes[1]!.node_id}`);
    expect(pc2).toMatchObject({ compute_id: "h2", console: 5121, status: "started" });
    // PC2's VPCS works in the second daemon's data dir, not the controller's.
    expect(existsSync(join(dataDir, "daemon-h2", "vpcs", lab.projectId, pc2.node_id))).toBe(true);
    expect(existsSync(join(dataDir, "vpcs", lab.projectId, pc2.node_id))).toBe(false);

    const result = await lab.ping(0, 5);
    expect(result.received, JSON.stringify(result)).toBe(5);
    expect(result.lossPercent).toBe(0);
  }, 60_000);

  it("adds the delay once per direction: delay [30, 0] grows the round trip by ~60 ms", async () => {
    const base = floorRtt(await lab.ping(0, 5));
    const before = await lab.revision();
    expect((await lab.api("PUT", `/v2/projects/${lab.projectId}/links/${lab.linkId}`, { filters: { delay: [30, 0] } })).status).toBe(201);
    await lab.settled(before);
    await expectAddedDelay(async () => roundTrips(await lab.ping(0, 5)), { baseMs: base, addedMs: 60, toleranceMs: 5, pings: 5 });
  }, 60_000);

  it("stops the second daemon cleanly: its VPCS ends and the compute shows disconnected", async () => {
    const daemon = lab.daemons.get("h2")!;
    const exited = new Promise<number | null>((resolve) => daemon.child.once("exit", (code) => resolve(code)));
    await daemon.stop();
    expect(await exited).toBe(0);
    expect(await accepts(5121)).toBe(false);
    const projectDir = join(dataDir, "daemon-h2", "vpcs", lab.projectId);
    expect(readdirSync(projectDir).filter((nodeDir) => existsSync(join(projectDir, nodeDir, "vpcs.pids.json")))).toEqual([]);
    const { body } = await lab.api("GET", "/v2/computes/h2");
    expect(body).toMatchObject({ compute_id: "h2", connected: false });
  }, 30_000);
});

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}
