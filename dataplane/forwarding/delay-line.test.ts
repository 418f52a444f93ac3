import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { DelayBudget } from "./delay-budget";
import { DelayLine, monotonicNow } from "./delay-line";
import { makeFrame, sequenceOf, waitFor } from "./testing";

describe("delay line", () => {
  it("releases each frame at its due time, in arrival order, through growth", async () => {
    const released: { sequence: number; at: number }[] = [];
    const line = new DelayLine((frame) => released.push({ sequence: sequenceOf(frame), at: monotonicNow() }));
    const start = monotonicNow();
    // 200 frames (past the initial capacity); odd ones due earlier than the even one ahead.
    for (let index = 0; index < 200; index++) line.push(makeFrame(index), start + 20 + (index % 2 === 0 ? 10 : 0));
    expect(line.length).toBe(200);
    await waitFor(() => released.length === 200, "every frame");
    expect(released.map((entry) => entry.sequence)).toEqual([...Array(200).keys()]);
    expect(Math.min(...released.map((entry) => entry.at - start))).toBeGreaterThanOrEqual(29.5);
    expect(line.length).toBe(0);
  });

  it("keeps one timer for the head and re-arms for later frames", async () => {
    const released: number[] = [];
    const line = new DelayLine((frame) => released.push(sequenceOf(frame)));
    const start = monotonicNow();
    line.push(makeFrame(1), start + 5);
    line.push(makeFrame(2), start + 40);
    await waitFor(() => released.length === 1, "the first frame");
    expect(released).toEqual([1]);
    expect(monotonicNow() - start).toBeLessThan(35);
    await waitFor(() => released.length === 2, "the second frame");
    expect(monotonicNow() - start).toBeGreaterThanOrEqual(39.5);
  });

  it("clear drops the waiting frames and the timer", async () => {
    const released: number[] = [];
    const line = new DelayLine((frame) => released.push(sequenceOf(frame)));
    line.push(makeFrame(1), monotonicNow() + 5);
    line.clear();
    await sleep(20);
    expect(released).toEqual([]);
    line.push(makeFrame(2), monotonicNow());
    await waitFor(() => released.length === 1, "a frame pushed after clear");
  });

  it("holds no more than its budget, shared between lines, and gives room back as frames leave", async () => {
    // Room for three 60-byte frames and their bookkeeping.
    const budget = new DelayBudget(3 * (60 + 128));
    const released: number[] = [];
    const west = new DelayLine((frame) => released.push(sequenceOf(frame)), budget);
    const east = new DelayLine((frame) => released.push(sequenceOf(frame)), budget);
    const start = monotonicNow();
    expect([west.push(makeFrame(1), start + 10), west.push(makeFrame(2), start + 10), east.push(makeFrame(3), start + 10)]).toEqual([true, true, true]);
    expect(east.push(makeFrame(4), start + 10)).toBe(false);
    expect(east.length).toBe(1);
    await waitFor(() => released.length === 3, "the held frames");
    expect(budget.heldBytes).toBe(0);
    expect(east.push(makeFrame(5), monotonicNow() + 50)).toBe(true);
    east.clear();
    expect(budget.heldBytes).toBe(0);
  });
});
