/** The filters beyond GNS3's five, frame by frame with a seeded generator (sockets: ../forwarding/link-relay-extended.test.ts). */
import { describe, expect, it } from "vitest";
import { duplicate } from "./duplicate";
import type { Filter, FilterDefinition, FilterSpec } from "./filter";
import { lossBurst } from "./loss-burst";
import { Sfc32 } from "./random";
import { rate } from "./rate";
import { reorder } from "./reorder";
import { suspend } from "./suspend";
import { binomialBounds, geometricMeanInterval, gilbertLossInterval, spec } from "./testing";

function build(definition: FilterDefinition, filterSpec: FilterSpec, seed = 1): Filter {
  const prepared = definition.prepare(filterSpec);
  if (!prepared.ok) throw new Error(prepared.message);
  return prepared.instantiate(new Sfc32(seed));
}

function kinds(filter: Filter, frames: number): string[] {
  const frame = new Uint8Array(60);
  const out: string[] = [];
  for (let i = 0; i < frames; i++) out.push(filter.process(frame, 0).kind);
  return out;
}

/** Lengths of the runs of consecutive drops. */
function burstLengths(verdicts: readonly string[]): number[] {
  const bursts: number[] = [];
  let run = 0;
  for (const kind of verdicts) {
    if (kind === "drop") run += 1;
    else if (run > 0) {
      bursts.push(run);
      run = 0;
    }
  }
  if (run > 0) bursts.push(run);
  return bursts;
}

describe("rate", () => {
  it("names its limit, with 1000 frames of queue when both limits are 0", () => {
    expect(build(rate, spec("rate", 10_000)).process(new Uint8Array(60), 0)).toEqual({
      kind: "rate",
      limit: { bitsPerSecond: 10_000_000, queueFrames: 1000, queueBytes: 0 },
    });
    expect(build(rate, spec("rate", 64, 0, 3000)).process(new Uint8Array(60), 0)).toEqual({
      kind: "rate",
      limit: { bitsPerSecond: 64_000, queueFrames: 0, queueBytes: 3000 },
    });
  });

  it("refuses what the controller refuses, in its words", () => {
    expect(rate.prepare(spec("rate", 2_000_000))).toEqual({ ok: false, message: "Filter 'rate' Rate must be between 0 and 1000000 kbit/s, got 2000000" });
    expect(rate.prepare(spec("rate"))).toMatchObject({ ok: false, message: expect.stringContaining("takes 1 to 3 values") });
  });
});

describe("duplicate", () => {
  it("chooses exactly P % of frames (binomial 4.5σ over 20,000)", () => {
    const chosen = kinds(build(duplicate, spec("duplicate", 10)), 20_000).filter((kind) => kind === "duplicate").length;
    const { low, high } = binomialBounds(20_000, 0.1);
    expect(chosen).toBeGreaterThan(low);
    expect(chosen).toBeLessThan(high);
  });

  it("never at 0 %, always at 100 %", () => {
    expect(kinds(build(duplicate, spec("duplicate", 0)), 1000).every((kind) => kind === "pass")).toBe(true);
    expect(kinds(build(duplicate, spec("duplicate", 100)), 1000).every((kind) => kind === "duplicate")).toBe(true);
  });
});

describe("reorder", () => {
  it("with gap 5 at 100 %, sends every 5th frame ahead, as netem", () => {
    const verdicts = kinds(build(reorder, spec("reorder", 100, 5)), 20);
    expect(verdicts.map((kind, index) => (kind === "reorder" ? index + 1 : 0)).filter((n) => n > 0)).toEqual([5, 10, 15, 20]);
  });

  it("with no gap, reorders exactly P % of frames", () => {
    const reordered = kinds(build(reorder, spec("reorder", 25)), 20_000).filter((kind) => kind === "reorder").length;
    const { low, high } = binomialBounds(20_000, 0.25);
    expect(reordered).toBeGreaterThan(low);
    expect(reordered).toBeLessThan(high);
  });

  it("waits gap − 1 frames after each reordered one, then draws", () => {
    // After a reorder, frames 1..gap-1 pass; from the gap-th on each is reordered with chance P.
    const verdicts = kinds(build(reorder, spec("reorder", 50, 3)), 30_000);
    let since = Number.POSITIVE_INFINITY;
    let draws = 0;
    let hits = 0;
    for (const kind of verdicts) {
      if (since < 2) expect(kind).toBe("pass");
      else {
        draws += 1;
        if (kind === "reorder") hits += 1;
      }
      since = kind === "reorder" ? 0 : since + 1;
    }
    const { low, high } = binomialBounds(draws, 0.5);
    expect(hits).toBeGreaterThan(low);
    expect(hits).toBeLessThan(high);
  });
});

describe("loss_burst (Gilbert-Elliott)", () => {
  it("loses p/(p+r) of frames in bursts of mean 1/r, within their 99 % intervals", () => {
    // p = 1 %, r = 25 %: loss 1/26 ≈ 3.85 %, mean burst 4 frames.
    const frames = 200_000;
    const verdicts = kinds(build(lossBurst, spec("loss_burst", 100, 2500, 10_000, 0), 7), frames);
    const lost = verdicts.filter((kind) => kind === "drop").length;
    const bursts = burstLengths(verdicts);
    const loss = gilbertLossInterval(frames, 0.01, 0.25);
    expect(lost / frames).toBeGreaterThan(loss.low);
    expect(lost / frames).toBeLessThan(loss.high);
    const burst = geometricMeanInterval(bursts.length, 0.25);
    expect(lost / bursts.length).toBeGreaterThan(burst.low);
    expect(lost / bursts.length).toBeLessThan(burst.high);
  });

  it("uses 1-k in the good state and 1-h in the bad one", () => {
    expect(kinds(build(lossBurst, spec("loss_burst", 0, 0, 10_000, 10_000)), 1000).every((kind) => kind === "drop")).toBe(true);
    expect(kinds(build(lossBurst, spec("loss_burst", 10_000, 0, 0, 0)), 1000).every((kind) => kind === "pass")).toBe(true);
  });

  it("takes its four parameters, each in 1/10000", () => {
    expect(lossBurst.prepare(spec("loss_burst", 100, 2500))).toMatchObject({ ok: false, message: expect.stringContaining("takes 4 values") });
    expect(lossBurst.prepare(spec("loss_burst", 100, 2500, 10_001, 0))).toMatchObject({ ok: false, message: expect.stringContaining("between 0 and 10000") });
  });
});

describe("suspend (one direction)", () => {
  it("drops everything as suspended at 1, nothing at 0", () => {
    expect(build(suspend, spec("suspend", 1)).process(new Uint8Array(60), 0)).toEqual({ kind: "drop", reason: "suspended" });
    expect(build(suspend, spec("suspend", 0)).process(new Uint8Array(60), 0).kind).toBe("pass");
  });
});
