/**
 * `reorder [P, gap]`, tc-netem's reordering: after `gap − 1` frames sent through the delay
 * line, each frame has the chance P/100 (exact) to be sent at once, ahead of the frames still
 * delayed, which restarts the gap; gap 0 or 1 gives every frame that chance. It only shows
 * with a delay in the same direction (the controller refuses it without one).
 */
import { PASS, REORDER, type Filter, type FilterDefinition, type Verdict } from "./filter";
import { readIntegers } from "./parameters";
import { uniformBelow, type RandomSource } from "./random";

class Reorder implements Filter {
  private sinceReordered = 0;

  constructor(
    private readonly percent: number,
    private readonly gap: number,
    private readonly random: RandomSource,
  ) {}

  process(): Verdict {
    if (this.sinceReordered < this.gap - 1 || uniformBelow(this.random, 100) >= this.percent) {
      this.sinceReordered += 1;
      return PASS;
    }
    this.sinceReordered = 0;
    return REORDER;
  }
}

export const reorder: FilterDefinition = {
  prepare(spec) {
    const read = readIntegers(spec);
    if (!read.ok) return read;
    const [percent = 0, gap = 0] = read.values;
    return { ok: true, instantiate: (random) => new Reorder(percent, Math.max(gap, 1), random) };
  },
};
