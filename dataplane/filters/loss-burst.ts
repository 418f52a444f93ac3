/**
 * `loss_burst [p, r, 1-h, 1-k]`: the Gilbert-Elliott loss model of tc-netem's `gemodel`, its
 * four probabilities in 1/10000 (exact). A frame is lost with chance 1-k in the good state and
 * 1-h in the bad one, judged in the state it finds; then the state changes, good to bad with
 * chance p, bad to good with chance r. With 1-h = 10000 and 1-k = 0 (Gilbert's model) the
 * loss rate is p/(p+r) and bursts last 1/r frames on average (geometric).
 */
import { dropVerdict, PASS, type Filter, type FilterDefinition, type Verdict } from "./filter";
import { readIntegers } from "./parameters";
import { uniformBelow, type RandomSource } from "./random";

const DROP = dropVerdict("loss_burst");
const SCALE = 10_000;

class LossBurst implements Filter {
  private bad = false;

  constructor(
    private readonly toBad: number,
    private readonly toGood: number,
    private readonly lossWhenBad: number,
    private readonly lossWhenGood: number,
    private readonly random: RandomSource,
  ) {}

  process(): Verdict {
    const lost = uniformBelow(this.random, SCALE) < (this.bad ? this.lossWhenBad : this.lossWhenGood);
    this.bad = this.bad ? uniformBelow(this.random, SCALE) >= this.toGood : uniformBelow(this.random, SCALE) < this.toBad;
    return lost ? DROP : PASS;
  }
}

export const lossBurst: FilterDefinition = {
  prepare(spec) {
    const read = readIntegers(spec);
    if (!read.ok) return read;
    const [toBad = 0, toGood = 0, lossWhenBad = 0, lossWhenGood = 0] = read.values;
    return { ok: true, instantiate: (random) => new LossBurst(toBad, toGood, lossWhenBad, lossWhenGood, random) };
  },
};
