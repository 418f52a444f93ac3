/** `packet_loss [P]`: each frame is dropped with probability exactly P/100, independently. */
import { dropVerdict, PASS, type Filter, type FilterDefinition, type Verdict } from "./filter";
import { readIntegers } from "./parameters";
import { uniformBelow, type RandomSource } from "./random";

const DROP = dropVerdict("loss");

class PacketLoss implements Filter {
  constructor(
    private readonly percent: number,
    private readonly random: RandomSource,
  ) {}

  process(): Verdict {
    return uniformBelow(this.random, 100) < this.percent ? DROP : PASS;
  }
}

export const packetLoss: FilterDefinition = {
  prepare(spec) {
    const read = readIntegers(spec);
    if (!read.ok) return read;
    const percent = read.values[0]!;
    return { ok: true, instantiate: (random) => new PacketLoss(percent, random) };
  },
};
