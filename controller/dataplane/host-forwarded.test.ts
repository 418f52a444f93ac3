import { describe, expect, it } from "vitest";
import type { CountersReport, DirectionCounters, LinkCounters } from "@shared/proto";
import { HostForwardedTotals } from "./host-forwarded";
import type { LinkPlacement } from "./link-counters";

const PROJECT = "11111111-1111-4111-8111-111111111111";
const T0 = Date.UTC(2026, 0, 2, 3, 4, 5);

function direction(framesOut: number): DirectionCounters {
  return {
    framesIn: framesOut, framesOut, bytesIn: 0, bytesOut: 0, droppedFrequency: 0, droppedLoss: 0, droppedBpf: 0, droppedSuspended: 0,
    corrupted: 0, delayedQueued: 0, droppedDelayFull: 0, droppedRateQueueFull: 0, droppedLossBurst: 0, duplicated: 0, reordered: 0, rateQueued: 0,
  };
}

function link(linkId: string, aToB: number, bToA: number): LinkCounters {
  return { linkId, aToB: direction(aToB), bToA: direction(bToA) };
}

function report(sampledAtMs: number, ...links: LinkCounters[]): CountersReport {
  return { links, sampledAtMs };
}

const bothLocal = (): LinkPlacement => ({ projectId: PROJECT, aIsLocal: true, bIsLocal: true });
const onlyA = (): LinkPlacement => ({ projectId: PROJECT, aIsLocal: true, bIsLocal: false });

describe("HostForwardedTotals", () => {
  it("knows nothing of a host before its first report", () => {
    expect(new HostForwardedTotals().of("h1")).toBeUndefined();
  });

  it("counts from the first report of a connection, then adds what each direction delivered since", () => {
    const totals = new HostForwardedTotals();
    totals.record("h1", report(T0, link("L1", 500, 70)), bothLocal, T0);
    expect(totals.of("h1")).toEqual({ frames: 0, sampledAtMs: T0 });
    totals.record("h1", report(T0 + 1000, link("L1", 600, 75)), bothLocal, T0 + 1000);
    expect(totals.of("h1")).toEqual({ frames: 105, sampledAtMs: T0 + 1000 });
    // A link set up later counts in full: it started at zero.
    totals.record("h1", report(T0 + 2000, link("L2", 30, 0)), bothLocal, T0 + 2000);
    expect(totals.of("h1")?.frames).toBe(135);
  });

  it("counts only the directions whose sending end is on the host", () => {
    const totals = new HostForwardedTotals();
    totals.record("h1", report(T0, link("L1", 0, 0)), onlyA, T0);
    totals.record("h1", report(T0 + 1000, link("L1", 10, 999)), onlyA, T0 + 1000);
    expect(totals.of("h1")?.frames).toBe(10);
  });

  it("reads a count that went down as a restarted link, and goes on across reconnections", () => {
    const totals = new HostForwardedTotals();
    totals.record("h1", report(T0, link("L1", 100, 0)), onlyA, T0);
    totals.record("h1", report(T0 + 1000, link("L1", 150, 0)), onlyA, T0 + 1000);
    totals.record("h1", report(T0 + 2000, link("L1", 20, 0)), onlyA, T0 + 2000);
    expect(totals.of("h1")?.frames).toBe(70);
    totals.disconnected("h1");
    // Reconnected: a known direction goes on from where it was; a new one only sets where it counts from.
    totals.record("h1", report(T0 + 3000, link("L1", 25, 0), link("L3", 4000, 0)), onlyA, T0 + 3000);
    expect(totals.of("h1")?.frames).toBe(75);
    totals.record("h1", report(T0 + 4000, link("L3", 4010, 0)), onlyA, T0 + 4000);
    expect(totals.of("h1")?.frames).toBe(85);
  });

  it("ignores links it is not told about, and forgets a link that left the host's state", () => {
    const totals = new HostForwardedTotals();
    totals.record("h1", report(T0, link("L1", 5, 0)), (linkId) => (linkId === "L1" ? onlyA() : undefined), T0);
    totals.record("h1", report(T0 + 1000, link("L1", 8, 0), link("L9", 1000, 0)), (linkId) => (linkId === "L1" ? onlyA() : undefined), T0 + 1000);
    expect(totals.of("h1")?.frames).toBe(3);
    totals.forgetLink("h1", PROJECT, "L1");
    // Back in the state later (set up again): counted from zero.
    totals.record("h1", report(T0 + 2000, link("L1", 2, 0)), onlyA, T0 + 2000);
    expect(totals.of("h1")?.frames).toBe(5);
  });

  it("takes the controller's clock when the report has no usable time", () => {
    const totals = new HostForwardedTotals();
    for (const sampledAtMs of [0, 9e15]) {
      totals.record("h1", report(sampledAtMs), onlyA, T0 + 7);
      expect(totals.of("h1")?.sampledAtMs).toBe(T0 + 7);
    }
  });
});
