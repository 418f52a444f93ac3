/**
 * Randomness for the probabilistic filters. A small seeded generator (sfc32) rather than
 * `Math.random`: tests replay exact sequences from a seed, and `uniformBelow` turns 32 random
 * bits into an exactly uniform integer, so "P %" is exactly P/100 (ubridge's `random() % 100
 * <= P` gives P+1 %, and a float comparison would carry rounding). Not crypto-quality; nothing
 * here needs to be.
 */
import { randomBytes } from "node:crypto";

export interface RandomSource {
  /** A uniformly distributed integer in [0, 2^32). */
  nextUint32(): number;
}

/** sfc32 (Chris Doty-Humphrey's Small Fast Chaotic PRNG): 128-bit state, passes PractRand. */
export class Sfc32 implements RandomSource {
  private a: number;
  private b: number;
  private c: number;
  private d = 1;

  constructor(seed: number | readonly [number, number, number]) {
    const words = typeof seed === "number" ? [0x9e3779b9, 0x243f6a88, seed >>> 0] : seed;
    this.a = words[0]! | 0;
    this.b = words[1]! | 0;
    this.c = words[2]! | 0;
    // The first outputs still echo the seed; the reference implementation discards them.
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }
}

/** A generator seeded from the operating system, for production chains. */
export function randomlySeeded(): RandomSource {
  const seed = randomBytes(12);
  return new Sfc32([seed.readUInt32LE(0), seed.readUInt32LE(4), seed.readUInt32LE(8)]);
}

const TWO_POW_32 = 0x1_0000_0000;

/**
 * An exactly uniform integer in [0, n), 1 ≤ n ≤ 2^32: draws that fall in the incomplete last
 * block of size 2^32 mod n are rejected instead of folded by `%`, which would favour small values.
 */
export function uniformBelow(random: RandomSource, n: number): number {
  const limit = TWO_POW_32 - (TWO_POW_32 % n);
  for (;;) {
    const draw = random.nextUint32();
    if (draw < limit) return draw % n;
  }
}
