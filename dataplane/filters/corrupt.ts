/**
 * `corrupt [P]`: with probability exactly P/100 a frame's middle quarter is XORed with a
 * repeating 8-byte pattern, as ubridge does (docs/filters.md): for a frame of `len` bytes,
 * n = ⌊len/4⌋ bytes from offset s = ⌊len/2⌋ − ⌊n/2⌋ + 1 (60 bytes → 24…38, 1514 → 569…946).
 * The pattern position carries on from frame to frame, so one frame sent twice is not
 * corrupted the same way twice. Unlike ubridge, the Ethernet header (bytes 0…13) is never
 * touched, which only matters for frames under 34 bytes. Checksums are left wrong on purpose.
 */
import { readIntegers } from "./parameters";
import type { CorruptVerdict, Filter, FilterDefinition, Verdict } from "./filter";
import { PASS } from "./filter";
import { uniformBelow, type RandomSource } from "./random";

const PATTERN = Uint8Array.of(0x64, 0x13, 0x88, 0x40, 0x1f, 0xa0, 0xaa, 0x55);
const ETHERNET_HEADER_BYTES = 14;

/** The corrupted byte range [start, end) of a frame of `length` bytes (empty when start ≥ end). */
export function corruptedRange(length: number): { start: number; end: number } {
  const count = Math.floor(length / 4);
  const start = Math.floor(length / 2) - Math.floor(count / 2) + 1;
  return { start: Math.max(start, ETHERNET_HEADER_BYTES), end: start + count };
}

class Corrupt implements Filter {
  private patternIndex = 0;
  private readonly verdict: CorruptVerdict = { kind: "corrupt", frame: new Uint8Array(0) };

  constructor(
    private readonly percent: number,
    private readonly random: RandomSource,
  ) {}

  process(frame: Uint8Array): Verdict {
    if (uniformBelow(this.random, 100) >= this.percent) return PASS;
    const { start, end } = corruptedRange(frame.length);
    if (start >= end) return PASS;
    // A copy: the received frame may be shared (hub flooding, capture) and must stay intact.
    const copy = new Uint8Array(frame);
    for (let offset = start; offset < end; offset++) {
      copy[offset] = copy[offset]! ^ PATTERN[this.patternIndex]!;
      this.patternIndex = (this.patternIndex + 1) & 7;
    }
    this.verdict.frame = copy;
    return this.verdict;
  }
}

export const corrupt: FilterDefinition = {
  prepare(spec) {
    const read = readIntegers(spec);
    if (!read.ok) return read;
    const percent = read.values[0]!;
    return { ok: true, instantiate: (random) => new Corrupt(percent, random) };
  },
};
