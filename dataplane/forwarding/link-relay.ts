/**
 * A link relay joins two endpoints. Each direction (A→B, and B→A with the ends swapped) has
 * its own filter chain, rate shaper, delay line and counters, and forwards a frame one of
 * three ways, its mode (`direction-mode.ts`), chosen again whenever what it must do changes:
 *
 *            ┌─ inC ─────── the addon, socket to socket (udp_batch.c), after ──────────┐
 *            │              a delay held in C's own delay line if any                  │
 *   A ───────┼─ passThrough ─ count ───────────────────────────────────────────────────┼──► B
 *  (onFrame) │                                                                         │  (send)
 *            └─ chain ───── count → filter chain → rate shaper → delay line → capture ─┘
 *                           (drop, corrupt,     (rate)        (delay, jitter;
 *                            duplicate, reorder)              a reordered frame skips it)
 */
import { prepareChain, type FilterChain, type PreparedChain } from "../filters/chain";
import type { FilterSpec, PlainDelay } from "../filters/filter";
import { randomlySeeded, type RandomSource } from "../filters/random";
import { UNLIMITED_DELAY_BUDGET, type DelayBudget } from "./delay-budget";
import { DelayLine, monotonicNow } from "./delay-line";
import { RateShaper } from "./rate-shaper";
import type { DirectionCounters } from "@shared/proto";
import { NOTHING_FORWARDED, type Endpoint, type FrameHandler, type NativeTotals } from "./endpoint";
import { frameClock } from "./batch-end";
import { directionMode, type DirectionFacts, type DirectionMode } from "./direction-mode";

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
    droppedRateQueueFull: 0,
    droppedLossBurst: 0,
    duplicated: 0,
    reordered: 0,
    rateQueued: 0,
  };
}

/**
 * One direction, in the mode `directionMode` chooses (see the diagram at the top). In C its
 * counters add up what the source socket forwarded there. Taken back from C, the direction
 * moves the frames C holds into its JavaScript delay line, so order holds both ways.
 */
class Direction {
  chain: FilterChain;
  capture: CaptureSink | null = null;
  readonly counters = zeroCounters();
  private readonly line: DelayLine;
  /** Holds frames of a `rate` filter between the chain and the delay line. */
  private readonly shaper: RateShaper;
  private mode: DirectionMode["kind"] | undefined;
  /** The handler this direction gave its source last (in C, what C falls back to). */
  private attached: FrameHandler | null = null;
  private stopped = false;
  private handling = false;
  private refreshWhenHandled = false;
  /** The source's forwarded-in-C totals already added to the counters. */
  private counted: NativeTotals;
  // Bound once per direction: the per-frame path creates no closures.
  private readonly receive: FrameHandler = (frame) => this.handle(frame);
  /** The whole work of a direction with nothing to do but count (no filter, no capture, nothing held). */
  private readonly passThrough: FrameHandler = (frame) => {
    const counters = this.counters;
    counters.framesIn += 1;
    counters.bytesIn += frame.length;
    counters.framesOut += 1;
    counters.bytesOut += frame.length;
    this.target.send(frame);
  };

  constructor(
    private readonly source: Endpoint,
    private readonly target: Endpoint,
    chain: FilterChain,
    private readonly budget: DelayBudget,
    /** Seeds the jitter of a delay held in C. */
    private readonly random: () => RandomSource,
  ) {
    this.chain = chain;
    this.counted = source.nativeForwarded?.() ?? NOTHING_FORWARDED;
    this.line = new DelayLine((frame) => {
      this.emit(frame);
      if (this.line.length === 0) this.emptied();
    }, budget);
    this.shaper = new RateShaper((frame, delayMs, reordered, departedAt) => {
      this.toDelayLine(frame, departedAt + delayMs, reordered, monotonicNow());
      if (this.shaper.length === 0) this.emptied();
    }, budget);
  }

  /** Chooses the mode again, after anything that changes what the direction must do, and switches to it. */
  refresh(): void {
    if (this.stopped) return;
    const facts: DirectionFacts = {
      plainDelay: this.chain.plainDelay,
      capturing: this.capture !== null,
      framesWaiting: this.line.length > 0 || this.shaper.length > 0,
      canForwardInC: this.source.forwardNatively !== undefined,
    };
    const wanted = directionMode(facts);
    if (wanted.kind === this.mode && wanted.kind !== "inC") return;
    if (wanted.kind === "inC" && this.forwardInC(wanted.delay)) return;
    // JavaScript takes the source back (which also ends forwarding in C); what C held waits in the delay line, first.
    this.attach(this.receive);
    this.takeHeldFromC();
    const mode = directionMode({ ...facts, framesWaiting: facts.framesWaiting || this.line.length > 0, canForwardInC: false });
    if (mode.kind === "passThrough") this.attach(this.passThrough);
    this.mode = mode.kind;
  }

  /**
   * Hands the direction to C; asked again while in C, as the delay may have changed (frames C
   * holds keep their due times). False when the addon refused: the caller takes it back.
   */
  private forwardInC(delay: PlainDelay | null): boolean {
    this.countNative();
    // What the source calls should C stop forwarding by itself (its target's process ended).
    const fallback = delay === null ? this.passThrough : this.receive;
    if (this.attached !== fallback) this.attach(fallback);
    const inC = delay === null ? undefined : { ...delay, seed: this.random().nextUint32(), budget: this.budget };
    if (!this.source.forwardNatively?.(this.target, inC)) return false;
    this.mode = "inC";
    return true;
  }

  private takeHeldFromC(): void {
    this.countNative();
    const now = monotonicNow();
    this.source.takeNativeHeld?.((frame, waitMs) => {
      if (!this.line.push(frame, now + waitMs)) this.counters.droppedDelayFull += 1;
    });
  }

  private attach(handler: FrameHandler): void {
    this.source.onFrame(handler);
    this.attached = handler;
  }

  snapshot(): DirectionCounters {
    const held = this.countNative();
    return { ...this.counters, delayedQueued: this.line.length + held, rateQueued: this.shaper.length };
  }

  stop(): void {
    this.countNative();
    this.stopped = true;
    this.source.takeNativeHeld?.(() => undefined);
    this.line.clear();
    this.shaper.clear();
  }

  /** Adds what C forwarded since the last call to the counters; returns the frames C holds now. */
  private countNative(): number {
    const totals = this.source.nativeForwarded?.();
    if (totals === undefined) return 0;
    const counted = this.counted;
    const counters = this.counters;
    counters.framesIn += totals.framesIn - counted.framesIn;
    counters.bytesIn += totals.bytesIn - counted.bytesIn;
    counters.framesOut += totals.framesOut - counted.framesOut;
    counters.bytesOut += totals.bytesOut - counted.bytesOut;
    counters.droppedDelayFull += totals.droppedDelayFull - counted.droppedDelayFull;
    this.counted = totals;
    return totals.held;
  }

  /**
   * A queue (delay line, shaper) gave out its last frame. A frame being handled releases the
   * frames due ahead of it before it joins the queue itself: the mode is chosen once it has,
   * or the direction would go to C with that frame left behind, to be sent after newer ones.
   */
  private emptied(): void {
    if (this.handling) this.refreshWhenHandled = true;
    else this.refresh();
  }

  private handle(frame: Uint8Array): void {
    this.handling = true;
    this.runChain(frame);
    this.handling = false;
    if (this.refreshWhenHandled) {
      this.refreshWhenHandled = false;
      this.refresh();
    }
  }

  private runChain(frame: Uint8Array): void {
    const counters = this.counters;
    counters.framesIn += 1;
    counters.bytesIn += frame.length;
    const now = frameClock();
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
      case "loss_burst":
        counters.droppedLossBurst += 1;
        return;
    }
    if (outcome.duplicated) counters.duplicated += 1;
    if (outcome.reordered) counters.reordered += 1;
    // A duplicate shares the frame's decisions and, like it, takes its share of the bandwidth.
    for (let copies = outcome.duplicated ? 2 : 1; copies > 0; copies--) {
      if (outcome.rate === null) this.toDelayLine(outcome.frame, outcome.dueAt, outcome.reordered, now);
      else if (this.shaper.offer(outcome.frame, outcome.rate, outcome.dueAt - now, outcome.reordered, now) === "queue_full") {
        counters.droppedRateQueueFull += 1;
      }
    }
  }

  /** A reordered frame skips the delay line; others wait there if delayed or if frames wait ahead of them (FIFO). */
  private toDelayLine(frame: Uint8Array, dueAt: number, reordered: boolean, now: number): void {
    if (reordered || (dueAt <= now && this.line.length === 0)) this.emit(frame);
    else if (!this.line.push(frame, dueAt)) this.counters.droppedDelayFull += 1;
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
    const budget = options.delayBudget ?? UNLIMITED_DELAY_BUDGET;
    this.aToB = new Direction(a, b, PASS_ALL.instantiate(this.random(), "aToB"), budget, this.random);
    this.bToA = new Direction(b, a, PASS_ALL.instantiate(this.random(), "bToA"), budget, this.random);
    // Attaches each direction to its source: in C, as a pass-through, or through its chain.
    this.setCapture(options.capture ?? null);
  }

  /**
   * Replaces both directions' chains at once (fresh state: frequency counters restart).
   * Sockets and delay-line contents are untouched. When a filter is refused nothing changes.
   */
  setFilters(filters: readonly FilterSpec[], suspended: boolean): SetFiltersResult {
    const prepared = prepareChain(filters, suspended);
    if (!prepared.ok) return prepared;
    const filtered = this.filteredDirections;
    const aToB = (filtered === "bToA" ? PASS_ALL : prepared.chain).instantiate(this.random(), "aToB");
    const bToA = (filtered === "aToB" ? PASS_ALL : prepared.chain).instantiate(this.random(), "bToA");
    // Both built before either is installed: no frame ever meets a half-built chain.
    this.aToB.chain = aToB;
    this.bToA.chain = bToA;
    this.refresh();
    return { ok: true };
  }

  /** Starts (sink) or stops (null) capturing both directions into one sink. */
  setCapture(sink: CaptureSink | null): void {
    this.aToB.capture = sink;
    this.bToA.capture = sink;
    this.refresh();
  }

  private refresh(): void {
    if (this.closed) return;
    this.aToB.refresh();
    this.bToA.refresh();
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
