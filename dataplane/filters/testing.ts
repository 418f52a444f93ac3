/** Helpers for the filter tests: spec builders and a binomial tolerance. */
import type { FilterSpec } from "./filter";

export function spec(type: string, ...numbers: number[]): FilterSpec {
  return { type, numbers, text: "" };
}

export function bpfSpec(text: string): FilterSpec {
  return { type: "bpf", numbers: [], text };
}

/**
 * The count of successes in `trials` independent draws of probability `p` lies within
 * n·p ± 4.5·σ, σ = √(n·p·(1−p)), except with probability about 7·10⁻⁶ (normal approximation).
 */
export function binomialBounds(trials: number, p: number): { low: number; high: number } {
  const mean = trials * p;
  const sigma = Math.sqrt(trials * p * (1 - p));
  return { low: mean - 4.5 * sigma, high: mean + 4.5 * sigma };
}

/** The 99 % two-sided normal quantile. */
export const Z99 = 2.576;

/**
 * The 99 % interval of the loss rate of Gilbert's model (loss only in the bad state) over
 * `frames` frames, p and r as probabilities. Losses come in runs, so the binomial σ is too
 * narrow: by the renewal-reward theorem, with B a bad run (mean 1/r, variance (1−r)/r²), G a
 * good one (mean 1/p, variance (1−p)/p²), C = G + B and ρ = E[B]/E[C] the loss rate,
 * Var(lost) ≈ (frames / E[C]) · Var(B − ρC).
 */
export function gilbertLossInterval(frames: number, p: number, r: number): { rate: number; low: number; high: number } {
  const meanBad = 1 / r;
  const meanGood = 1 / p;
  const rate = meanBad / (meanBad + meanGood);
  const varianceBad = (1 - r) / (r * r);
  const varianceGood = (1 - p) / (p * p);
  const perCycle = (1 - rate) ** 2 * varianceBad + rate ** 2 * varianceGood;
  const sigma = Math.sqrt((frames / (meanBad + meanGood)) * perCycle) / frames;
  return { rate, low: rate - Z99 * sigma, high: rate + Z99 * sigma };
}

/** The 99 % interval of the mean of `bursts` geometric run lengths of mean 1/r. */
export function geometricMeanInterval(bursts: number, r: number): { mean: number; low: number; high: number } {
  const mean = 1 / r;
  const sigma = Math.sqrt(1 - r) / r / Math.sqrt(bursts);
  return { mean, low: mean - Z99 * sigma, high: mean + Z99 * sigma };
}
