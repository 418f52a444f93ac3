import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAddedDelay, floorRtt, roundTrips, startVpcsLab, type VpcsLab } from "./vpcs-lab";

/**
 * The same lab as vpcs-ping.test.ts against the Workers controller: `npm run start:worker`
 * serves the Worker in workerd and runs the local daemon, which dials its host's Durable
 * Object (hibernating WebSocket) and gets its desired state from there. The nodes, the link
 * and its filter are set through the Worker's /v2 API.
 */
describe("two VPCS nodes pinging through a link, controlled by the Worker in workerd", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-worker-"));
  let lab: VpcsLab;

  beforeAll(async () => {
    lab = await startVpcsLab(dataDir, { script: "start:worker" });
  }, 120_000);
  afterAll(async () => {
    await lab?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers every ping with no filter", async () => {
    expect((await lab.ping(0, 5)).received).toBe(5);
  }, 60_000);

  it("adds twice the latency to the round trip once delay is set through the Worker", async () => {
    const base = floorRtt(await lab.ping(0, 5));
    const before = await lab.revision();
    const updated = await lab.api("PUT", `/v2/projects/${lab.projectId}/links/${lab.linkId}`, { filters: { delay: [50, 0] } });
    expect(updated.status).toBe(201);
    expect(updated.body.filters).toEqual({ delay: [50, 0] });
    await lab.settled(before);
    await expectAddedDelay(async () => roundTrips(await lab.ping(0, 5)), { baseMs: base, addedMs: 100, toleranceMs: 5, pings: 5 });
  }, 60_000);

  it("shows the host's object's state in GET /v2/computes/local", async () => {
    const { body } = await lab.api("GET", "/v2/computes/local");
    expect(body.dataplane).toMatchObject({ connected: true, errors: [] });
    expect(body.dataplane.applied_revision).toBe(body.dataplane.revision);
  });
});
