import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { DirectionCounters } from "@shared/proto";
import type { LinkCountersSample } from "../domain/link-counters";
import type { ControllerDeps, DataplaneControl } from "../deps";
import type { ComputeRecord } from "../domain/computes";
import { keys } from "../store/keys";
import { inProcessDeps } from "../testing/in-process-deps";
import { linkCounters } from "./link-counters";
import { createLink } from "./links";
import { createNode } from "./nodes";
import { createProject } from "./projects";

const dataDir = mkdtempSync(join(tmpdir(), "link-counters-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);

function counters(frames: number): DirectionCounters {
  return {
    framesIn: frames, framesOut: frames - 1, bytesIn: frames * 64, bytesOut: (frames - 1) * 64, droppedFrequency: 0,
    droppedLoss: 1, droppedBpf: 0, droppedSuspended: 0, corrupted: 0, delayedQueued: 0, droppedDelayFull: 0,
    droppedRateQueueFull: 0, droppedLossBurst: 0, duplicated: 0, reordered: 0, rateQueued: 0,
  };
}

/** A dataplane that answers `sample` and remembers what it was asked. */
function fakeDataplane(sample: LinkCountersSample | undefined) {
  const asked: Array<{ projectId: string; linkId: string; hostIds: readonly string[] }> = [];
  const dataplane: DataplaneControl = {
    apply: async () => [],
    wake: () => {},
    linkCounters: async (projectId, linkId, hostIds) => (asked.push({ projectId, linkId, hostIds }), sample),
    captureStream: async () => undefined,
    dismiss: async () => {},
    hostForwarded: async () => undefined,
    dockerFacts: async () => undefined,
  };
  return { dataplane, asked };
}

/** A link from a switch on host "h2" (end A) to a VPCS node on "local" (end B). */
async function crossHostLink(deps: ControllerDeps) {
  const h2: ComputeRecord = { compute_id: "h2", name: "h2", protocol: "http", host: "192.0.2.7", port: 0, user: null, connected: true, last_error: null };
  await deps.store.commit([{ key: keys.compute("h2"), value: h2 }]);
  const project = await createProject(deps, { name: `counters-${crypto.randomUUID()}` });
  const projectId = project.project_id;
  const pc = await createNode(deps, projectId, { name: "PC1", node_type: "vpcs", compute_id: "local" });
  const sw = await createNode(deps, projectId, { name: "SW1", node_type: "ethernet_switch", compute_id: "h2" });
  const link = await createLink(deps, projectId, {
    nodes: [
      { node_id: sw.node_id, adapter_number: 0, port_number: 3 },
      { node_id: pc.node_id, adapter_number: 0, port_number: 0 },
    ],
  });
  return { projectId, link, pc, sw };
}

describe("linkCounters", () => {
  it("asks the dataplane for the link on the hosts of its ends and shows what it answers", async () => {
    const base = inProcessDeps(dataDir);
    const { projectId, link } = await crossHostLink(base);
    const { dataplane, asked } = fakeDataplane({
      projectId,
      linkId: link.link_id,
      aToB: { counters: counters(10), sampledAtMs: T0 },
      bToA: { counters: counters(20), sampledAtMs: T0 + 250 },
    });
    const wire = await linkCounters({ ...base, dataplane }, projectId, link.link_id);
    expect(asked).toEqual([{ projectId, linkId: link.link_id, hostIds: ["h2", "local"] }]);
    expect(wire.sampled_at).toBe("2026-06-01T12:00:00.250Z");
    expect(wire.directions[0]).toMatchObject({ from: { node_id: link.nodes[0]!.node_id, port_number: 3 }, frames_in: 10, frames_out: 9, dropped: { loss: 1 } });
    expect(wire.directions[1]).toMatchObject({ from: { node_id: link.nodes[1]!.node_id }, frames_in: 20, bytes_out: 19 * 64 });
  });

  it("shows zeros and no time when the dataplane has nothing for the link", async () => {
    const base = inProcessDeps(dataDir);
    const { projectId, link } = await crossHostLink(base);
    const { dataplane } = fakeDataplane(undefined);
    const wire = await linkCounters({ ...base, dataplane }, projectId, link.link_id);
    expect(wire.sampled_at).toBeNull();
    expect(wire.directions.map((direction) => direction.frames_in)).toEqual([0, 0]);
  });

  it("asks nothing for a link it refuses", async () => {
    const base = inProcessDeps(dataDir);
    const { projectId } = await crossHostLink(base);
    const { dataplane, asked } = fakeDataplane(undefined);
    await expect(linkCounters({ ...base, dataplane }, projectId, crypto.randomUUID())).rejects.toMatchObject({ violation: "not_found" });
    expect(asked).toEqual([]);
  });
});
