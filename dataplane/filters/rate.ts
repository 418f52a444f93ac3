/**
 * `rate [kbit/s, queue packets, queue bytes]`: a bandwidth limit. The filter only names the
 * limit; the relay's rate shaper (`../forwarding/rate-shaper.ts`) applies it once the whole
 * chain has decided, so frames that a filter drops never take bandwidth, and before the delay
 * line, so a delay adds to the time a frame waits for the wire. With both queue limits 0 the
 * queue holds 1000 frames, as tc-netem's default limit.
 */
import { PASS, type Filter, type FilterDefinition, type RateLimit, type RateVerdict, type Verdict } from "./filter";
import { readIntegers } from "./parameters";

export const DEFAULT_QUEUE_FRAMES = 1000;

class Rate implements Filter {
  private readonly verdict: RateVerdict;

  constructor(limit: RateLimit) {
    this.verdict = { kind: "rate", limit };
  }

  process(): Verdict {
    return this.verdict;
  }
}

export const rate: FilterDefinition = {
  prepare(spec) {
    const read = readIntegers(spec);
    if (!read.ok) return read;
    const [kilobits = 0, queueFrames = 0, queueBytes = 0] = read.values;
    if (kilobits === 0) return { ok: true, instantiate: () => ({ process: () => PASS }) };
    const limit: RateLimit = {
      bitsPerSecond: kilobits * 1000,
      queueFrames: queueFrames === 0 && queueBytes === 0 ? DEFAULT_QUEUE_FRAMES : queueFrames,
      queueBytes,
    };
    return { ok: true, instantiate: () => new Rate(limit) };
  },
};
