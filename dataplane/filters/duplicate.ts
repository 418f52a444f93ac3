/**
 * `duplicate [P]`: each frame is sent twice with probability exactly P/100. Both copies take
 * the decisions the chain made for the frame (delay, corruption, reordering), and each takes
 * its share of a bandwidth limit, as tc-netem's duplicate does.
 */
import { DUPLICATE, PASS, type Filter, type FilterDefinition, type Verdict } from "./filter";
import { readIntegers } from "./parameters";
import { uniformBelow, type RandomSource } from "./random";

class Duplicate implements Filter {
  constructor(
    private readonly percent: number,
    private readonly random: RandomSource,
  ) {}

  process(): Verdict {
    return uniformBelow(this.random, 100) < this.percent ? DUPLICATE : PASS;
  }
}

export const duplicate: FilterDefinition = {
  prepare(spec) {
    const read = readIntegers(spec);
    if (!read.ok) return read;
    const percent = read.values[0]!;
    return { ok: true, instantiate: (random) => new Duplicate(percent, random) };
  },
};
