import { describe, expect, it } from "vitest";
import { Sfc32, uniformBelow, type RandomSource } from "./random";

function scripted(draws: number[]): RandomSource {
  return { nextUint32: () => draws.shift() ?? 0 };
}

describe("uniformBelow", () => {
  it("rejects draws in the incomplete last block instead of folding them", () => {
    // 2^32 mod 3 = 1, so 2^32 − 1 is the one draw that would favour 0.
    expect(uniformBelow(scripted([0xffff_ffff, 7]), 3)).toBe(1);
    expect(uniformBelow(scripted([0xffff_fffe]), 3)).toBe(0xffff_fffe % 3);
  });

  it("covers [0, n) evenly from a seeded generator", () => {
    const random = new Sfc32(42);
    const counts = new Array<number>(100).fill(0);
    for (let i = 0; i < 100_000; i++) counts[uniformBelow(random, 100)]! += 1;
    // Each bucket: n = 100000, p = 1/100 → 1000 ± 4.5·√(100000·0.01·0.99) ≈ 1000 ± 142.
    for (const count of counts) expect(Math.abs(count - 1000)).toBeLessThan(142);
  });

  it("replays the same sequence from the same seed", () => {
    const first = new Sfc32(7);
    const second = new Sfc32(7);
    for (let i = 0; i < 10; i++) expect(first.nextUint32()).toBe(second.nextUint32());
    expect(new Sfc32(8).nextUint32()).not.toBe(new Sfc32(7).nextUint32());
  });
});
