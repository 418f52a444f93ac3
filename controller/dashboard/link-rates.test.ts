import { describe, expect, it } from "vitest";
import type { DirectionCountersWire, LinkCountersWire } from "@shared/schemas/link-counters";
import { dropShare, LinkHistory, ratesBetween } from "./link-rates";

const end = { adapter_number: 0, node_id: "00000000-0000-4000-8000-000000000001", port_number: 0 };
const NO_DROPS = { bpf: 0, delay_queue_full: 0, frequency: 0, loss: 0, loss_burst: 0, rate_queue_full: 0, suspended: 0 };

function direction(counts: Partial<Omit<DirectionCountersWire, "dropped">> & { dropped?: Partial<DirectionCountersWire["dropped"]> } = {}): DirectionCountersWire {
  const { dropped, ...rest } = counts;
  return {
    bytes_in: 0, bytes_out: 0, corrupted: 0, delay_queued: 0, duplicated: 0, frames_in: 0, frames_out: 0, rate_queued: 0, reordered: 0,
    from: end, to: end, ...rest, dropped: { ...NO_DROPS, ...dropped },
  };
}

function sample(at: string | null, a: DirectionCountersWire, b = direction()): LinkCountersWire {
  return { directions: [a, b], link_id: end.node_id, project_id: end.node_id, sampled_at: at };
}

describe("ratesBetween", () => {
  it("divides each counter's growth by the seconds between the samples", () => {
    const earlier = sample("2025-01-01T00:00:00.000Z", direction({ frames_in: 100, frames_out: 50, bytes_in: 6400, bytes_out: 3200, dropped: { loss: 50 } }));
    const later = sample("2025-01-01T00:00:02.000Z", direction({ frames_in: 500, frames_out: 250, bytes_in: 32000, bytes_out: 16000, delay_queued: 7, dropped: { loss: 230, bpf: 20 } }));
    const point = ratesBetween(earlier, later)!;
    expect(point.at).toBe(Date.parse("2025-01-01T00:00:02.000Z"));
    const [a, b] = point.directions;
    expect(a).toMatchObject({ framesIn: 200, framesOut: 100, bitsIn: 102400, bitsOut: 51200, delayQueued: 7 });
    expect(a.drops).toMatchObject({ loss: 90, bpf: 10, total: 100, frequency: 0 });
    expect(dropShare(a)).toBe(0.5);
    expect(b.framesIn).toBe(0);
    expect(dropShare(b)).toBeUndefined();
  });

  it("tells nothing across a counter reset, without a report, or without time between", () => {
    const busy = direction({ frames_in: 100 });
    expect(ratesBetween(sample("2025-01-01T00:00:00Z", busy), sample("2025-01-01T00:00:01Z", direction({ frames_in: 3 })))).toBeUndefined();
    expect(ratesBetween(sample("2025-01-01T00:00:00Z", direction({ dropped: { loss: 9 } })), sample("2025-01-01T00:00:01Z", direction()))).toBeUndefined();
    expect(ratesBetween(sample(null, direction()), sample("2025-01-01T00:00:01Z", busy))).toBeUndefined();
    expect(ratesBetween(sample("2025-01-01T00:00:01Z", direction()), sample("2025-01-01T00:00:01Z", busy))).toBeUndefined();
  });
});

describe("LinkHistory", () => {
  const at = (second: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, second)).toISOString();

  it("keeps the rate points of its window, ignoring repeated and late samples", () => {
    const history = new LinkHistory(3000);
    for (const second of [0, 1, 1, 2, 3, 4, 2, 5]) history.add(sample(at(second), direction({ frames_in: second * 10 })));
    expect(history.points.map((point) => point.at)).toEqual([2, 3, 4, 5].map((second) => Date.parse(at(second))));
    expect(history.latest!.directions[0].framesIn).toBe(10);
  });

  it("starts again after a reset, from the sample after it", () => {
    const history = new LinkHistory(60_000);
    history.add(sample(at(0), direction({ frames_in: 100 })));
    history.add(sample(at(1), direction({ frames_in: 5 })));
    expect(history.points).toEqual([]);
    history.add(sample(at(2), direction({ frames_in: 25 })));
    expect(history.latest!.directions[0].framesIn).toBe(20);
  });
});
