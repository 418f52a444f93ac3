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
