/**
 * The contract every link filter implements. A filter is prepared once per chain change
 * (values checked, BPF compiled) and then instantiated once per direction, because each
 * direction keeps its own state (frequency counter, corruption pattern index, random stream).
 */
import type { RandomSource } from "./random";

/** What the proto's `Filter` message carries, after the daemon has converted int64 to number. */
export interface FilterSpec {
  readonly type: string;
  readonly numbers: readonly number[];
  readonly text: string;
}

/** Why a frame was dropped; each reason has its own counter (proto `DirectionCounters`). */
export type DropReason = "frequency" | "loss" | "loss_burst" | "bpf" | "suspended";

/** A direction of a link: from its first node (end A, `nodes[0]`) to its second, or back. */
export type LinkDirection = "aToB" | "bToA";

/** A bandwidth limit, applied by the relay's rate shaper once the chain has decided. */
export interface RateLimit {
  readonly bitsPerSecond: number;
  /** Frames the shaper may hold (0: no limit by count). */
  readonly queueFrames: number;
  /** Bytes the shaper may hold (0: no limit by size). */
  readonly queueBytes: number;
}

export interface PassVerdict {
  readonly kind: "pass";
}
export interface DropVerdict {
  readonly kind: "drop";
  readonly reason: DropReason;
}
/** Hold the frame until `until` (same clock as `now`), then continue. */
export interface DelayVerdict {
  readonly kind: "delay";
  until: number;
}
/** Continue with `frame`, a corrupted copy of the frame given to `process`. */
export interface CorruptVerdict {
  readonly kind: "corrupt";
  frame: Uint8Array;
}
/** Continue, and send the frame twice. */
export interface DuplicateVerdict {
  readonly kind: "duplicate";
}
/** Continue, and send the frame ahead of the delay line instead of through it. */
export interface ReorderVerdict {
  readonly kind: "reorder";
}
/** Continue, and shape the frame to this bandwidth after the chain. */
export interface RateVerdict {
  readonly kind: "rate";
  readonly limit: RateLimit;
}
/**
 * Verdicts are preallocated by the filters (constants, or one mutable object per filter
 * instance) so a frame costs no allocation: a verdict is only valid until the filter's next
 * `process` call.
 */
export type Verdict = PassVerdict | DropVerdict | DelayVerdict | CorruptVerdict | DuplicateVerdict | ReorderVerdict | RateVerdict;

export const PASS: PassVerdict = Object.freeze({ kind: "pass" });
export const DUPLICATE: DuplicateVerdict = Object.freeze({ kind: "duplicate" });
export const REORDER: ReorderVerdict = Object.freeze({ kind: "reorder" });

export function dropVerdict(reason: DropReason): DropVerdict {
  return Object.freeze({ kind: "drop", reason });
}

/** A delay the native path can apply by itself: the delay filter's, in whole milliseconds. */
export interface PlainDelay {
  readonly latencyMs: number;
  readonly jitterMs: number;
}

/** One filter's state for one direction of one link. */
export interface Filter {
  /** Set by a filter whose only effect is this delay, so a chain of it alone may run in C. */
  readonly plainDelay?: PlainDelay;
  /**
   * Decides about one frame. `now` is the time in milliseconds the frame has reached in the
   * chain (its arrival time, plus any delay decided by earlier filters). Must not modify
   * `frame` (frames are immutable once handed over, see `Endpoint`).
   */
  process(frame: Uint8Array, now: number): Verdict;
}

export type PreparedFilter = { ok: true; instantiate: (random: RandomSource) => Filter } | { ok: false; message: string };

/** A filter type: how to check a spec and build its per-direction state. */
export interface FilterDefinition {
  prepare(spec: FilterSpec): PreparedFilter;
}
