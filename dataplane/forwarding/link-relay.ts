/**
 * A link relay joins two endpoints. Each direction has its own filter chain, delay line and
 * counters: frames out of A run A→B's chain, wait in A→B's delay line if delayed, are
 * captured and go into B; the reverse likewise.
 */
import { prepareChain, type FilterChain, type PreparedChain } from "../filters/chain";
import type { FilterSpec } from "../filters/filter";
import { randomlySeeded, type RandomSource } from "../filters/random";
import type { DelayBudget } from "./delay-budget";
import { DelayLine, monotonicNow } from "./delay-line";
import type { DirectionCounters } from "@shared/proto";
import type { Endpoint } from "./endpoint";

/** Counters per direction are the proto's `DirectionCounters`, so reports need no mapping. */
export type { DirectionCounters };

export interface LinkCountersSnapshot {
  readonly aToB: DirectionCounters;
  readonly bToA: DirectionCounters;
}

/**
 * Where captured frames go (both directions, after the chain and the delay line). `write`
 * runs in the packet path and must not throw: a sink that cannot write stops itself and says
 * so through its owner, and the frame is forwarded all the same.
 */
export interface CaptureSink {
  write(frame: Uint8Array): void;
}

/**
 * Which directions run the link's filters. A cross-host link filters only frames leaving its
 * local end; frames from the daemon tunnel were filtered by the host they left.
 */
export type FilteredDirections = "both" | "aToB" | "bToA";

export interface LinkRelayOptions {
  readonly filteredDirections?: FilteredDirections;
  /** One random stream per direction per chain; default: seeded from the OS. */
  readonly random?: () => RandomSource;
  readonly capture?: CaptureSink | null;
  /** Bounds the bytes both delay lines hold, shared with other relays; default: no bound. */
  readonly delayBudget?: DelayBudget;
}

export type SetFiltersResult = { ok: true } | { ok: false; message: string };

const PASS_ALL: PreparedChain = (() => {
  const prepared = prepareChain([], false);
  if (!prepared.ok) throw new Error(prepared.message);
  return prepared.chain;
})();

function zeroCounters(): DirectionCounters {
  return {
    framesIn: 0,
    framesOut: 0,
    bytesIn: 0,
    bytesOut: 0,
    droppedFrequency: 0,
    droppedLoss: 0,
    droppedBpf: 0,
    droppedSuspended: 0,
    corrupted: 0,
    delayedQueued: 0,
    droppedDelayFull: 0,
  };
}

class Direction {
  chain: FilterChain;
  capture: CaptureSink | null = null;
  readonly counters = zeroCounters();
  private readonly line: DelayLine;
  // Bound once per direction: the per-frame path creates no closures.
  readonly receive = (frame: Uint8Array): void => this.handle(frame);

  constructor(
    private readonly target: Endpoint,
    chain: FilterChain,
    budget: DelayBudget | undefined,
  ) {
    this.chain = chain;
    this.line = new DelayLine((frame) => this.emit(frame), budget);
  }

  snapshot(): DirectionCounters {
    return { ...this.counters, delayedQueued: this.line.length };
  }

  stop(): void {
    this.line.clear();
  }

  private handle(frame: Uint8Array): void {
    const counters = this.counters;
    counters.framesIn += 1;
    counters.bytesIn += frame.length;
    const now = monotonicNow();
    const outcome = this.chain.run(frame, now);
    if (outcome.corrupted) counters.corrupted += 1;
    switch (outcome.dropped) {
      case null:
        break;
      case "frequency":
        counters.droppedFrequency += 1;
        return;
      case "loss":
        counters.droppedLoss += 1;
        return;
      case "bpf":
        counters.droppedBpf += 1;
        return;
      case "suspended":
        counters.droppedSuspended += 1;
        return;
    }
    // Frames already waiting go first even when this one is not delayed (FIFO per direction).
    if (outcome.dueAt > now || this.line.length > 0) {
      if (!this.line.push(outcome.frame, outcome.dueAt)) counters.droppedDelayFull += 1;
    } else {
      this.emit(outcome.frame);
    }
  }

  private emit(frame: Uint8Array): void {
    this.counters.framesOut += 1;
    this.counters.bytesOut += frame.length;
    this.capture?.write(frame);
    this.target.send(frame);
  }
}

export class LinkRelay {
  private readonly aToB: Direction;
  private readonly bToA: Direction;
  private readonly filteredDirections: FilteredDirections;
  private readonly random: () => RandomSource;
  private closed = false;

  /** Starts forwarding both ways with no filters; call `setFilters` in the same tick to start filtered. */
  constructor(
    private readonly a: Endpoint,
    private readonly b: Endpoint,
    options: LinkRelayOptions = {},
  ) {
    this.filteredDirections = options.filteredDirections ?? "both";
    this.random = options.random ?? randomlySeeded;
    this.aToB = new Direction(b, PASS_ALL.instantiate(this.random()), options.delayBudget);
    this.bToA = new Direction(a, PASS_ALL.instantiate(this.random()), options.delayBudget);
    this.setCapture(options.capture ?? null);
    a.onFrame(this.aToB.receive);
    b.onFrame(this.bToA.receive);
  }

  /**
   * Replaces both directions' chains at once (fresh state: frequency counters restart).
   * Sockets and delay-line contents are untouched. When a filter is refused nothing changes.
   */
  setFilters(filters: readonly FilterSpec[], suspended: boolean): SetFiltersResult {
    const prepared = prepareChain(filters, suspended);
    if (!prepared.ok) return prepared;
    const filtered = this.filteredDirections;
    const aToB = (filtered === "bToA" ? PASS_ALL : prepared.chain).instantiate(this.random());
    const bToA = (filtered === "aToB" ? PASS_ALL : prepared.chain).instantiate(this.random());
    // Both built before either is installed: no frame ever meets a half-built chain.
    this.aToB.chain = aToB;
    this.bToA.chain = bToA;
    return { ok: true };
  }

  /** Starts (sink) or stops (null) capturing both directions into one sink. */
  setCapture(sink: CaptureSink | null): void {
    this.aToB.capture = sink;
    this.bToA.capture = sink;
  }

  counters(): LinkCountersSnapshot {
    return { aToB: this.aToB.snapshot(), bToA: this.bToA.snapshot() };
  }

  /** Stops forwarding and drops waiting frames. The endpoints stay open: their owner closes them. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.a.onFrame(null);
    this.b.onFrame(null);
    this.aToB.stop();
    this.bToA.stop();
  }
}
