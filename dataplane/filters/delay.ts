/**
 * `delay [L]` or `delay [L, J]` (legacy name `latency`): hold each frame L ms, or a uniform
 * whole number of ms in [L − J, L + J] clamped at 0. The filter only stamps a due time; the
 * relay's delay line holds the frame, so nothing sleeps and throughput does not depend on L.
 * The delay line also keeps frames in order, so jitter never reorders.
 */
import type { DelayVerdict, Filter, FilterDefinition, PlainDelay, Verdict } from "./filter";
import { readIntegers } from "./parameters";
import { uniformBelow, type RandomSource } from "./random";

class Delay implements Filter {
  private readonly verdict: DelayVerdict = { kind: "delay", until: 0 };
  readonly plainDelay: PlainDelay;

  constructor(
    private readonly latency: number,
    private readonly jitter: number,
    private readonly random: RandomSource,
  ) {
    this.plainDelay = { latencyMs: latency, jitterMs: jitter };
  }

  process(_frame: Uint8Array, now: number): Verdict {
    const delay =
      this.jitter === 0 ? this.latency : Math.max(0, this.latency - this.jitter + uniformBelow(this.random, 2 * this.jitter + 1));
    this.verdict.until = now + delay;
    return this.verdict;
  }
}

export const delay: FilterDefinition = {
  prepare(spec) {
    const read = readIntegers(spec);
    if (!read.ok) return read;
    const [latency = 0, jitter = 0] = read.values;
    return { ok: true, instantiate: (random) => new Delay(latency, jitter, random) };
  },
};
