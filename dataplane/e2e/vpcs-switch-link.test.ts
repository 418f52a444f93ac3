import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAddedDelay, floorRtt, roundTrips, startVpcsLab, type VpcsLab } from "./vpcs-lab";

/**
 * Filters on a link GNS3 cannot filter: PC1 — SW1 — SW2 — PC2, the switch-to-switch link
 * degraded through the /v2 API (extended filters, one direction), pings across it.
 */
describe("VPCS pings across a degraded link between two switches", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-switch-link-"));
  let lab: VpcsLab;
  const linkPath = () => `/v2/projects/${lab.projectId}/links/${lab.linkId}`;
  const setLink = async (body: object) => {
    const before = await lab.revision();
    const reply = await lab.api("PUT", linkPath(), body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    await lab.settled(before);
  };

  beforeAll(async () => {
    lab = await startVpcsLab(dataDir, { throughSwitches: true, args: ["--extended-filters"] });
  }, 90_000);
  afterAll(async () => {
    await lab?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("offers every filter on the switch-to-switch link and answers pings across it", async () => {
    const offered = await lab.api("GET", `${linkPath()}/available_filters`);
    expect(offered.body.map((filter: { type: string }) => filter.type)).toContain("rate:a_to_b");
    expect((await lab.ping(0, 4)).received).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it("adds a one-way delay once to the round trip, and a bandwidth limit both ways", async () => {
    const base = floorRtt(await lab.ping(0, 5));
    await setLink({ filters: { "delay:a_to_b": [40], rate: [10_000] } });
    await expectAddedDelay(async () => roundTrips(await lab.ping(0, 5)), { baseMs: base, addedMs: 40, toleranceMs: 8, pings: 5 });
    const counters = (await lab.api("GET", `${linkPath()}/counters`)).body;
    expect(counters.directions[0]).toMatchObject({ dropped: { rate_queue_full: 0 } });
    await setLink({ filters: {} });
  }, 60_000);

  it("suspends one direction only: pings fail, then recover when it is lifted", async () => {
    await setLink({ filters: { "suspend:b_to_a": [1] } });
    expect((await lab.ping(0, 3)).received).toBe(0);
    await setLink({ filters: {} });
    const resumed = await lab.ping(0, 4);
    expect(resumed.received).toBeGreaterThanOrEqual(3);
  }, 90_000);
});
