/**
 * A link direction's filter chain: the filters in application order, first drop wins. A chain
 * is immutable once built; changing a link's filters builds new chains and swaps the
 * reference, so a frame is always handled by one whole chain, never a half-updated one.
 */
import { FILTER_CATALOGUE } from "@shared/filters/catalogue";
import type { DropReason, Filter, FilterSpec } from "./filter";
import type { RandomSource } from "./random";
import { filterDefinition } from "./registry";

/** The outcome of one frame; one object per chain, overwritten by the next `run`. */
export interface ChainOutcome {
  /** Why the frame was dropped, or null when it goes on. */
  dropped: DropReason | null;
  /** The frame to forward: the one given to `run`, or a corrupted copy. */
  frame: Uint8Array;
  /** When to forward it (the `now` given to `run` when no filter delayed it). */
  dueAt: number;
  /** Whether a corrupt filter altered this frame (counted even when a later filter drops it). */
  corrupted: boolean;
}

export class FilterChain {
  private readonly outcome: ChainOutcome = { dropped: null, frame: new Uint8Array(0), dueAt: 0, corrupted: false };

  constructor(
    private readonly filters: readonly Filter[],
    private readonly suspended: boolean,
  ) {}

  run(frame: Uint8Array, now: number): ChainOutcome {
    const outcome = this.outcome;
    outcome.corrupted = false;
    if (this.suspended) {
      outcome.dropped = "suspended";
      return outcome;
    }
    let current = frame;
    let time = now;
    for (const filter of this.filters) {
      const verdict = filter.process(current, time);
      switch (verdict.kind) {
        case "pass":
          break;
        case "drop":
          outcome.dropped = verdict.reason;
          return outcome;
        case "delay":
          time = verdict.until;
          break;
        case "corrupt":
          current = verdict.frame;
          outcome.corrupted = true;
          break;
      }
    }
    outcome.dropped = null;
    outcome.frame = current;
    outcome.dueAt = time;
    return outcome;
  }
}

/** A checked chain description; `instantiate` builds one direction's independent state. */
export interface PreparedChain {
  instantiate(random: RandomSource): FilterChain;
}

export type PrepareChainResult = { ok: true; chain: PreparedChain } | { ok: false; message: string };

const KNOWN_TYPES = FILTER_CATALOGUE.map((descriptor) => descriptor.type).join(", ");

/**
 * Checks every filter (a suspended link's too, so resuming cannot fail) and compiles what can
 * be compiled once. Nothing is built when any filter is refused.
 */
export function prepareChain(filters: readonly FilterSpec[], suspended: boolean): PrepareChainResult {
  const instantiators: ((random: RandomSource) => Filter)[] = [];
  for (const spec of filters) {
    const definition = filterDefinition(spec.type);
    if (!definition) return { ok: false, message: `Unknown filter '${spec.type}': expected one of ${KNOWN_TYPES}` };
    const prepared = definition.prepare(spec);
    if (!prepared.ok) return prepared;
    instantiators.push(prepared.instantiate);
  }
  return {
    ok: true,
    chain: { instantiate: (random) => new FilterChain(instantiators.map((instantiate) => instantiate(random)), suspended) },
  };
}
