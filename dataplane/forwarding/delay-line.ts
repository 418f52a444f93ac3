/**
 * One direction's delay line: frames wait in arrival order, each with the time it is due,
 * and one timer is armed for the head only. Nothing sleeps, so a delayed link forwards as
 * many frames per second as an undelayed one; frames leave in the order they came in (a
 * frame due before the one ahead of it waits for it, which is how jitter never reorders).
 */
import { performance } from "node:perf_hooks";
import { UNLIMITED_DELAY_BUDGET, type DelayBudget } from "./delay-budget";

export type Deliver = (frame: Uint8Array) => void;

/** Milliseconds on the clock due times are expressed in (monotonic, sub-millisecond). */
export function monotonicNow(): number {
  return performance.now();
}

/**
 * Timers fire on whole milliseconds of the event loop's clock, which may lag the monotonic
 * clock by a fraction: a head due within this margin is released rather than re-armed for a
 * whole extra millisecond.
 */
const RELEASE_MARGIN_MS = 0.5;
const INITIAL_CAPACITY = 64;
/** What a held frame costs beyond its bytes (its Buffer object, its ring slots): zero-length frames are not free. */
const FRAME_OVERHEAD_BYTES = 128;

function cost(frame: Uint8Array): number {
  return frame.length + FRAME_OVERHEAD_BYTES;
}

// Shared by every empty line (never written: a line grows before its first frame).
const NO_DUES = new Float64Array(0);

export class DelayLine {
  // A ring buffer: a growing array pair, never shifted, so queueing allocates nothing per frame.
  // Empty until the first frame waits: most links never delay, and an idle link should cost little.
  private frames: (Uint8Array | undefined)[] = [];
  private dues = NO_DUES;
  private head = 0;
  private count = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly release = (): void => {
    this.timer = undefined;
    this.releaseDue();
  };

  constructor(
    private readonly deliver: Deliver,
    private readonly budget: DelayBudget = UNLIMITED_DELAY_BUDGET,
  ) {}

  /** Frames waiting now. */
  get length(): number {
    return this.count;
  }

  /**
   * Queues `frame` until `dueAt` (monotonic ms), or later if frames ahead are due later.
   * False when the budget has no room for it: the frame is not queued (the caller drops it).
   */
  push(frame: Uint8Array, dueAt: number): boolean {
    // Under traffic, arrivals release due frames between timer ticks: timers fire on whole
    // milliseconds of a clock sampled once per loop turn, arrivals come every few microseconds.
    if (this.count > 0 && this.dues[this.head]! <= monotonicNow()) this.releaseDue();
    if (!this.budget.take(cost(frame))) return false;
    if (this.count === this.frames.length) this.grow();
    const mask = this.frames.length - 1;
    const tail = (this.head + this.count) & mask;
    const due = this.count === 0 ? dueAt : Math.max(dueAt, this.dues[(tail - 1) & mask]!);
    this.frames[tail] = frame;
    this.dues[tail] = due;
    this.count += 1;
    if (this.count === 1) this.arm(due - monotonicNow());
    return true;
  }

  /** Drops every waiting frame and cancels the timer. */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const mask = this.frames.length - 1;
    for (let index = 0; index < this.count; index++) this.budget.give(cost(this.frames[(this.head + index) & mask]!));
    this.frames.fill(undefined);
    this.head = 0;
    this.count = 0;
  }

  private releaseDue(): void {
    const limit = monotonicNow() + RELEASE_MARGIN_MS;
    const mask = this.frames.length - 1;
    while (this.count > 0 && this.dues[this.head]! <= limit) {
      const frame = this.frames[this.head]!;
      this.frames[this.head] = undefined;
      this.head = (this.head + 1) & mask;
      this.count -= 1;
      this.budget.give(cost(frame));
      this.deliver(frame);
    }
    // A timer still armed is for an earlier head, so it fires no later than the new head is
    // due (due times never decrease) and re-arms then: arrivals releasing frames do not cost a
    // timer each.
    if (this.count === 0) {
      clearTimeout(this.timer);
      this.timer = undefined;
    } else if (this.timer === undefined) {
      this.arm(this.dues[this.head]! - monotonicNow());
    }
  }

  private arm(waitMs: number): void {
    this.timer = setTimeout(this.release, Math.max(0, waitMs));
  }

  private grow(): void {
    const capacity = Math.max(INITIAL_CAPACITY, this.frames.length * 2);
    const frames: (Uint8Array | undefined)[] = new Array(capacity);
    const dues = new Float64Array(capacity);
    const mask = this.frames.length - 1;
    for (let index = 0; index < this.count; index++) {
      frames[index] = this.frames[(this.head + index) & mask];
      dues[index] = this.dues[(this.head + index) & mask]!;
    }
    this.frames = frames;
    this.dues = dues;
    this.head = 0;
  }
}
