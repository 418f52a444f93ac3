/**
 * A link direction's filter chain: the filters in application order, first drop wins. A chain
 * is immutable once built; changing a link's filters builds new chains and swaps the
 * reference, so a frame is always handled by one whole chain, never a half-updated one.
 */
import { FILTER_CATALOGUE, parseFilterKey } from "@shared/filters/catalogue";
import type { DropReason, Filter, FilterSpec, LinkDirection, PlainDelay, RateLimit } from "./filter";
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
  /** Send it twice (a duplicate filter chose it). */
  duplicated: boolean;
  /** Send it ahead of the delay line (a reorder filter chose it). */
  reordered: boolean;
  /** The bandwidth it is shaped to after the chain, or null. */
  rate: RateLimit | null;
}

const NO_DELAY: PlainDelay = Object.freeze({ latencyMs: 0, jitterMs: 0 });

export class FilterChain {
  private readonly outcome: ChainOutcome = {
    dropped: null,
    frame: new Uint8Array(0),
    dueAt: 0,
    corrupted: false,
    duplicated: false,
    reordered: false,
    rate: null,
  };

  constructor(
    private readonly filters: readonly Filter[],
    private readonly suspended: boolean,
  ) {}

  /**
   * What the chain does when all it does is delay (no filter: a delay of 0), which the native
   * path can do by itself; null when frames need JavaScript.
   */
  get plainDelay(): PlainDelay | null {
    if (this.suspended || this.filters.length > 1) return null;
    return this.filters.length === 0 ? NO_DELAY : (this.filters[0]!.plainDelay ?? null);
  }

  run(frame: Uint8Array, now: number): ChainOutcome {
    const outcome = this.outcome;
    outcome.corrupted = false;
    outcome.duplicated = false;
    outcome.reordered = false;
    outcome.rate = null;
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
        case "duplicate":
          outcome.duplicated = true;
          break;
        case "reorder":
          outcome.reordered = true;
          break;
        case "rate":
          outcome.rate = verdict.limit;
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
  /** The chain of `direction`: the filters with no direction, and those of that direction. */
  instantiate(random: RandomSource, direction: LinkDirection): FilterChain;
}

export type PrepareChainResult = { ok: true; chain: PreparedChain } | { ok: false; message: string };

const KNOWN_TYPES = FILTER_CATALOGUE.map((descriptor) => descriptor.type).join(", ");

const SUFFIX_DIRECTION = { a_to_b: "aToB", b_to_a: "bToA" } as const satisfies Record<string, LinkDirection>;

interface PreparedFilterOfChain {
  readonly instantiate: (random: RandomSource) => Filter;
  /** null: both directions. */
  readonly direction: LinkDirection | null;
}

/**
 * Checks every filter (a suspended link's too, so resuming cannot fail) and compiles what can
 * be compiled once. Nothing is built when any filter is refused. A type may end in a
 * direction (`delay:a_to_b`): that filter runs in that direction's chain only.
 */
export function prepareChain(filters: readonly FilterSpec[], suspended: boolean): PrepareChainResult {
  const prepared: PreparedFilterOfChain[] = [];
  for (const spec of filters) {
    const { base, direction } = parseFilterKey(spec.type);
    const definition = filterDefinition(base);
    if (!definition) return { ok: false, message: `Unknown filter '${spec.type}': expected one of ${KNOWN_TYPES}, each optionally ending in :a_to_b or :b_to_a` };
    const checked = definition.prepare({ ...spec, type: base });
    if (!checked.ok) return checked;
    prepared.push({ instantiate: checked.instantiate, direction: direction === null ? null : SUFFIX_DIRECTION[direction] });
  }
  return {
    ok: true,
    chain: {
      instantiate: (random, direction) =>
        new FilterChain(
          prepared.filter((filter) => filter.direction === null || filter.direction === direction).map((filter) => filter.instantiate(random)),
          suspended,
        ),
    },
  };
}
