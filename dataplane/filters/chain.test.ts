import { describe, expect, it } from "vitest";
import { prepareChain, type FilterChain } from "./chain";
import type { FilterSpec } from "./filter";
import { Sfc32 } from "./random";
import { bpfSpec, spec } from "./testing";

function chain(filters: FilterSpec[], suspended = false): FilterChain {
  const prepared = prepareChain(filters, suspended);
  if (!prepared.ok) throw new Error(prepared.message);
  return prepared.chain.instantiate(new Sfc32(3), "aToB");
}

const frame = new Uint8Array(60);

describe("filter chain", () => {
  it("passes the frame unchanged and due now when empty", () => {
    expect(chain([]).run(frame, 12)).toEqual({ dropped: null, frame, dueAt: 12, corrupted: false, duplicated: false, reordered: false, rate: null });
  });

  it("says when all it does is a delay the native path can hold by itself", () => {
    expect(chain([]).plainDelay).toEqual({ latencyMs: 0, jitterMs: 0 });
    expect(chain([spec("delay", 100)]).plainDelay).toEqual({ latencyMs: 100, jitterMs: 0 });
    expect(chain([spec("latency", 50, 5)]).plainDelay).toEqual({ latencyMs: 50, jitterMs: 5 });
    expect(chain([spec("delay:a_to_b", 30)]).plainDelay).toEqual({ latencyMs: 30, jitterMs: 0 });
    expect(chain([spec("delay", 10), spec("delay:a_to_b", 30)]).plainDelay).toBeNull();
    expect(chain([spec("delay", 10), spec("packet_loss", 1)]).plainDelay).toBeNull();
    expect(chain([spec("packet_loss", 1)]).plainDelay).toBeNull();
    expect(chain([spec("delay", 10)], true).plainDelay).toBeNull();
  });

  it("runs in order, first drop wins", () => {
    const dropsAtTwo = chain([spec("frequency_drop", 2), bpfSpec("ether[0] = 0")]);
    expect(dropsAtTwo.run(frame, 0).dropped).toBe("bpf");
    expect(dropsAtTwo.run(frame, 0).dropped).toBe("frequency");
  });

  it("adds delays, starting later filters from the delayed time, and counts a corruption", () => {
    const outcome = chain([spec("latency", 10), spec("corrupt", 100), spec("delay", 5)]).run(frame, 100);
    expect(outcome.dropped).toBeNull();
    expect(outcome.dueAt).toBe(115);
    expect(outcome.corrupted).toBe(true);
    expect(outcome.frame).not.toBe(frame);
  });

  it("drops everything as suspended while still checking the stored filters", () => {
    const suspended = chain([spec("delay", 10)], true);
    expect(suspended.run(frame, 0).dropped).toBe("suspended");
    expect(prepareChain([spec("packet_loss", 200)], true)).toEqual({
      ok: false,
      message: "Filter 'packet_loss' Chance must be between 0 and 100 %, got 200",
    });
  });

  it("refuses unknown types", () => {
    expect(prepareChain([spec("jitter", 1)], false)).toEqual({
      ok: false,
      message:
        "Unknown filter 'jitter': expected one of frequency_drop, packet_loss, delay, corrupt, bpf, rate, duplicate, reorder, loss_burst, suspend, each optionally ending in :a_to_b or :b_to_a",
    });
  });

  it("runs a filter with a direction only in that direction's chain", () => {
    const prepared = prepareChain([spec("frequency_drop:a_to_b", -1), spec("delay:b_to_a", 7)], false);
    if (!prepared.ok) throw new Error(prepared.message);
    const aToB = prepared.chain.instantiate(new Sfc32(1), "aToB");
    const bToA = prepared.chain.instantiate(new Sfc32(1), "bToA");
    expect(aToB.run(frame, 0).dropped).toBe("frequency");
    expect(bToA.run(frame, 0)).toMatchObject({ dropped: null, dueAt: 7 });
  });

  it("hands duplicate, reorder and rate decisions to the relay without ending the chain", () => {
    const outcome = chain([spec("rate", 64), spec("duplicate", 100), spec("delay", 10), spec("reorder", 100), spec("frequency_drop", 0)]).run(frame, 0);
    expect(outcome).toMatchObject({ dropped: null, duplicated: true, reordered: true, dueAt: 10, rate: { bitsPerSecond: 64_000, queueFrames: 1000, queueBytes: 0 } });
  });

  it("gives each instance its own state", () => {
    const prepared = prepareChain([spec("frequency_drop", 2)], false);
    if (!prepared.ok) throw new Error(prepared.message);
    const one = prepared.chain.instantiate(new Sfc32(1), "aToB");
    const two = prepared.chain.instantiate(new Sfc32(1), "aToB");
    expect(one.run(frame, 0).dropped).toBeNull();
    expect(one.run(frame, 0).dropped).toBe("frequency");
    expect(two.run(frame, 0).dropped).toBeNull();
  });
});
