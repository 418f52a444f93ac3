import { describe, expect, it } from "vitest";
import type { CountersReport, DirectionCounters, LinkCounters } from "@shared/proto";
import { linkCountersWire as linkCountersSchema } from "@shared/schemas/link-counters";
import type { LinkRecord } from "../domain/links";
import { linkCountersWire, mergeLinkCountersSamples } from "../domain/link-counters";
import { LinkCountersBook, type LinkPlacement } from "./link-counters";

const PROJECT = "11111111-1111-4111-8111-111111111111";
const LINK = "22222222-2222-4222-8222-222222222222";
const OTHER_LINK = "33333333-3333-4333-8333-333333333333";
const NODE_A = "44444444-4444-4444-8444-444444444444";
const NODE_B = "55555555-5555-4555-8555-555555555555";
const T0 = Date.UTC(2026, 0, 2, 3, 4, 5);

function counters(framesIn: number, extra: Partial<DirectionCounters> = {}): DirectionCounters {
  return {
    framesIn, framesOut: framesIn, bytesIn: framesIn * 100, bytesOut: framesIn * 100, droppedFrequency: 0, droppedLoss: 0,
    droppedBpf: 0, droppedSuspended: 0, corrupted: 0, delayedQueued: 0, droppedDelayFull: 0,
    droppedRateQueueFull: 0, droppedLossBurst: 0, duplicated: 0, reordered: 0, rateQueued: 0, ...extra,
  };
}

function report(sampledAtMs: number, ...links: LinkCounters[]): CountersReport {
  return { links, sampledAtMs };
}

function linkCounters(aToB: number, bToA: number, linkId = LINK): LinkCounters {
  return { linkId, aToB: counters(aToB), bToA: counters(bToA) };
}

/** A link of PROJECT whose end A is on host "h1" and end B on host "h2". */
function crossHost(hostId: string): (linkId: string) => LinkPlacement | undefined {
  return () => ({ projectId: PROJECT, aIsLocal: hostId === "h1", bIsLocal: hostId === "h2" });
}
const bothLocal = (): LinkPlacement => ({ projectId: PROJECT, aIsLocal: true, bIsLocal: true });

/** A book on a clock the test moves. */
function bookAt(start = T0) {
  const clock = { now: start };
  const book = new LinkCountersBook({ nowMs: () => clock.now });
  return { book, clock };
}

function link(): LinkRecord {
  const label = { text: "0/0" };
  return {
    link_id: LINK, project_id: PROJECT, filters: {}, suspend: false, link_style: {}, link_type: "ethernet",
    capturing: false, capture_file_name: null, capture_file_path: null, capture_compute_id: null, revision: 1,
    nodes: [
      { node_id: NODE_A, adapter_number: 0, port_number: 1, label },
      { node_id: NODE_B, adapter_number: 2, port_number: 3, label },
    ],
  };
}

describe("LinkCountersBook", () => {
  it("takes each direction of a cross-host link from the host holding its sending end", () => {
    const { book } = bookAt();
    // Each host also counts the other direction as it came out of the tunnel: those numbers are not the link's.
    book.record("h1", report(T0, linkCounters(10, 999)), crossHost("h1"));
    book.record("h2", report(T0 + 400, linkCounters(888, 20)), crossHost("h2"));
    expect(book.sample(PROJECT, LINK)).toEqual({
      projectId: PROJECT,
      linkId: LINK,
      aToB: { counters: counters(10), sampledAtMs: T0 },
      bToA: { counters: counters(20), sampledAtMs: T0 + 400 },
    });
  });

  it("takes both directions from a host holding both ends", () => {
    const { book } = bookAt();
    book.record("local", report(T0, linkCounters(3, 4)), bothLocal);
    expect(book.sample(PROJECT, LINK)).toMatchObject({ aToB: { counters: counters(3) }, bToA: { counters: counters(4) } });
  });

  it("keeps only one direction while the other end's host has not reported", () => {
    const { book } = bookAt();
    book.record("h2", report(T0, linkCounters(888, 20)), crossHost("h2"));
    const sample = book.sample(PROJECT, LINK);
    expect(sample?.aToB).toBeUndefined();
    expect(sample?.bToA).toEqual({ counters: counters(20), sampledAtMs: T0 });
  });

  it("ignores links the host's last state does not hold, and hosts that hold neither end", () => {
    const { book } = bookAt();
    expect(book.record("h1", report(T0, linkCounters(1, 1)), () => undefined)).toEqual([]);
    expect(book.record("h3", report(T0, linkCounters(1, 1)), () => ({ projectId: PROJECT, aIsLocal: false, bIsLocal: false }))).toEqual([]);
    expect(book.sample(PROJECT, LINK)).toBeUndefined();
  });

  it("limits a sample to the hosts asked for", () => {
    const { book } = bookAt();
    book.record("h1", report(T0, linkCounters(10, 0)), crossHost("h1"));
    book.record("h2", report(T0, linkCounters(0, 20)), crossHost("h2"));
    expect(book.sample(PROJECT, LINK, ["h2"])).toEqual({ projectId: PROJECT, linkId: LINK, bToA: { counters: counters(20), sampledAtMs: T0 } });
    expect(book.sample(PROJECT, LINK, ["h9"])).toBeUndefined();
  });

  it("prefers the newer sample when an end moved to another host", () => {
    const { book } = bookAt();
    book.record("h1", report(T0, linkCounters(50, 0)), crossHost("h1"));
    // End A now on h3; h1's sample of it is older.
    book.record("h3", report(T0 + 2000, linkCounters(2, 0)), () => ({ projectId: PROJECT, aIsLocal: true, bIsLocal: false }));
    expect(book.sample(PROJECT, LINK)?.aToB).toEqual({ counters: counters(2), sampledAtMs: T0 + 2000 });
  });

  it("drops what a host said of a direction once its end is no longer there", () => {
    const { book } = bookAt();
    book.record("h1", report(T0, linkCounters(3, 4)), bothLocal);
    book.record("h1", report(T0 + 1000, linkCounters(5, 6)), crossHost("h1"));
    expect(book.sample(PROJECT, LINK)).toEqual({ projectId: PROJECT, linkId: LINK, aToB: { counters: counters(5), sampledAtMs: T0 + 1000 } });
  });

  it("shows the latest counters after a daemon restart, even when smaller", () => {
    const { book, clock } = bookAt();
    book.record("local", report(T0, linkCounters(1000, 2000)), bothLocal);
    clock.now += 1000;
    const due = book.record("local", report(T0 + 1000, linkCounters(3, 0)), bothLocal);
    expect(book.sample(PROJECT, LINK)).toMatchObject({ aToB: { counters: counters(3) }, bToA: { counters: counters(0) } });
    expect(due).toEqual([book.sample(PROJECT, LINK)]);
  });

  it("uses the controller's clock when the report carries no time", () => {
    const { book } = bookAt(T0 + 7);
    book.record("local", report(0, linkCounters(1, 1)), bothLocal);
    book.record("local", report(2 ** 62, linkCounters(2, 2, OTHER_LINK)), bothLocal);
    expect(book.sample(PROJECT, LINK)?.aToB?.sampledAtMs).toBe(T0 + 7);
    expect(book.sample(PROJECT, OTHER_LINK)?.aToB?.sampledAtMs).toBe(T0 + 7);
  });

  describe("notifications", () => {
    it("announces a link's first counters at once, then at most once a second", () => {
      const { book, clock } = bookAt();
      expect(book.record("local", report(T0, linkCounters(1, 1)), bothLocal)).toEqual([book.sample(PROJECT, LINK)]);
      clock.now += 999;
      expect(book.record("local", report(T0 + 999, linkCounters(2, 2)), bothLocal)).toEqual([]);
      clock.now += 1;
      expect(book.record("local", report(T0 + 1000, linkCounters(3, 3)), bothLocal)).toEqual([
        { projectId: PROJECT, linkId: LINK, aToB: { counters: counters(3), sampledAtMs: T0 + 1000 }, bToA: { counters: counters(3), sampledAtMs: T0 + 1000 } },
      ]);
    });

    it("paces each link on its own", () => {
      const { book, clock } = bookAt();
      expect(book.record("local", report(T0, linkCounters(1, 1)), bothLocal)).toHaveLength(1);
      clock.now += 500;
      const due = book.record("local", report(T0 + 500, linkCounters(1, 1, OTHER_LINK)), bothLocal);
      expect(due.map((sample) => sample.linkId)).toEqual([OTHER_LINK]);
    });

    it("sends a change held back by the interval with a later report, a keepalive too", () => {
      const { book, clock } = bookAt();
      book.record("h1", report(T0, linkCounters(1, 0)), crossHost("h1"));
      clock.now += 300;
      // The other host's half arrives within the second: held back.
      expect(book.record("h2", report(T0 + 300, linkCounters(0, 5)), crossHost("h2"))).toEqual([]);
      clock.now += 700;
      const due = book.record("h1", report(T0 + 1000), crossHost("h1"));
      expect(due).toEqual([
        { projectId: PROJECT, linkId: LINK, aToB: { counters: counters(1), sampledAtMs: T0 }, bToA: { counters: counters(5), sampledAtMs: T0 + 300 } },
      ]);
      clock.now += 5000;
      expect(book.record("h1", report(T0 + 6000), crossHost("h1"))).toEqual([]);
    });

    it("says nothing when the counters are those last announced", () => {
      const { book, clock } = bookAt();
      book.record("local", report(T0, linkCounters(1, 1)), bothLocal);
      clock.now += 5000;
      expect(book.record("local", report(T0 + 5000, linkCounters(1, 1)), bothLocal)).toEqual([]);
      clock.now += 5000;
      // The delay line emptied: a gauge that changed is a change.
      const queued = { linkId: LINK, aToB: counters(1, { delayedQueued: 4 }), bToA: counters(1) };
      expect(book.record("local", report(T0 + 10_000, queued), bothLocal)).toHaveLength(1);
    });

    it("does not hold notifications back when the clock steps back", () => {
      const { book, clock } = bookAt();
      book.record("local", report(T0, linkCounters(1, 1)), bothLocal);
      clock.now -= 60_000;
      expect(book.record("local", report(T0, linkCounters(2, 2)), bothLocal)).toHaveLength(1);
    });
  });

  describe("forgetting", () => {
    it("forgets a link", () => {
      const { book, clock } = bookAt();
      book.record("local", report(T0, linkCounters(1, 1)), bothLocal);
      clock.now += 100;
      book.record("local", report(T0 + 100, linkCounters(2, 2)), bothLocal);
      book.forget(PROJECT, LINK);
      expect(book.sample(PROJECT, LINK)).toBeUndefined();
      clock.now += 5000;
      expect(book.record("local", report(T0 + 5100), bothLocal)).toEqual([]);
    });

    it("forgets what one host said and keeps the other's", () => {
      const { book } = bookAt();
      book.record("h1", report(T0, linkCounters(10, 0)), crossHost("h1"));
      book.record("h2", report(T0, linkCounters(0, 20)), crossHost("h2"));
      book.forgetHost("h1");
      expect(book.sample(PROJECT, LINK)).toEqual({ projectId: PROJECT, linkId: LINK, bToA: { counters: counters(20), sampledAtMs: T0 } });
      book.forgetHost("h2");
      expect(book.sample(PROJECT, LINK)).toBeUndefined();
    });

    it("keeps links of the same id in two projects apart", () => {
      const { book } = bookAt();
      const otherProject = "66666666-6666-4666-8666-666666666666";
      book.record("local", report(T0, linkCounters(1, 1)), bothLocal);
      book.forget(otherProject, LINK);
      expect(book.sample(PROJECT, LINK)).toBeDefined();
      expect(book.sample(otherProject, LINK)).toBeUndefined();
    });
  });
});

describe("mergeLinkCountersSamples", () => {
  it("merges what books of two hosts hold, direction by direction", () => {
    const h1 = bookAt().book;
    const h2 = bookAt().book;
    h1.record("h1", report(T0, linkCounters(10, 999)), crossHost("h1"));
    h2.record("h2", report(T0 + 5, linkCounters(888, 20)), crossHost("h2"));
    expect(mergeLinkCountersSamples([h1.sample(PROJECT, LINK), undefined, h2.sample(PROJECT, LINK)])).toEqual({
      projectId: PROJECT,
      linkId: LINK,
      aToB: { counters: counters(10), sampledAtMs: T0 },
      bToA: { counters: counters(20), sampledAtMs: T0 + 5 },
    });
  });

  it("is undefined when no host reported", () => {
    expect(mergeLinkCountersSamples([])).toBeUndefined();
    expect(mergeLinkCountersSamples([undefined])).toBeUndefined();
  });
});

describe("linkCountersWire", () => {
  it("is zeros and no time before any report, oriented by the link's ends", () => {
    const wire = linkCountersWire(link(), undefined);
    const zeros = {
      bytes_in: 0, bytes_out: 0, corrupted: 0, delay_queued: 0, duplicated: 0, rate_queued: 0, reordered: 0,
      dropped: { bpf: 0, delay_queue_full: 0, frequency: 0, loss: 0, loss_burst: 0, rate_queue_full: 0, suspended: 0 }, frames_in: 0, frames_out: 0,
    };
    const a = { adapter_number: 0, node_id: NODE_A, port_number: 1 };
    const b = { adapter_number: 2, node_id: NODE_B, port_number: 3 };
    expect(wire).toEqual({
      directions: [{ ...zeros, from: a, to: b }, { ...zeros, from: b, to: a }],
      link_id: LINK,
      project_id: PROJECT,
      sampled_at: null,
    });
    expect(linkCountersSchema.parse(wire)).toEqual(wire);
  });

  it("names every counter, with the newest time", () => {
    const aToB: DirectionCounters = {
      framesIn: 1, framesOut: 2, bytesIn: 3, bytesOut: 4, droppedFrequency: 5, droppedLoss: 6, droppedBpf: 7,
      droppedSuspended: 8, corrupted: 9, delayedQueued: 10, droppedDelayFull: 11, droppedRateQueueFull: 12, droppedLossBurst: 13,
      duplicated: 14, reordered: 15, rateQueued: 16,
    };
    const wire = linkCountersWire(link(), {
      projectId: PROJECT,
      linkId: LINK,
      aToB: { counters: aToB, sampledAtMs: T0 },
      bToA: { counters: counters(2 ** 40), sampledAtMs: T0 + 1500 },
    });
    expect(wire.sampled_at).toBe("2026-01-02T03:04:06.500Z");
    expect(wire.directions[0]).toMatchObject({
      frames_in: 1, frames_out: 2, bytes_in: 3, bytes_out: 4, corrupted: 9, delay_queued: 10, duplicated: 14, reordered: 15, rate_queued: 16,
      dropped: { frequency: 5, loss: 6, bpf: 7, suspended: 8, delay_queue_full: 11, rate_queue_full: 12, loss_burst: 13 },
    });
    expect(wire.directions[1]).toMatchObject({ frames_in: 2 ** 40, bytes_in: 2 ** 40 * 100 });
    expect(linkCountersSchema.parse(wire)).toEqual(wire);
  });

  it("shows a direction no host reported as zeros", () => {
    const wire = linkCountersWire(link(), { projectId: PROJECT, linkId: LINK, bToA: { counters: counters(7), sampledAtMs: T0 } });
    expect(wire.directions[0].frames_in).toBe(0);
    expect(wire.directions[1].frames_in).toBe(7);
    expect(wire.sampled_at).toBe(new Date(T0).toISOString());
  });

  it("lists its keys sorted, as every answer", () => {
    const wire = linkCountersWire(link(), undefined);
    expect(Object.keys(wire)).toEqual(["directions", "link_id", "project_id", "sampled_at"]);
    expect(Object.keys(wire.directions[0])).toEqual([...Object.keys(wire.directions[0])].sort());
    expect(Object.keys(wire.directions[0].dropped)).toEqual([...Object.keys(wire.directions[0].dropped)].sort());
  });
});
