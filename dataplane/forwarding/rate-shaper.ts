/**
 * One direction's bandwidth limit (filter `rate`): a tail-drop queue in front of a wire of the
 * given bit rate. Each frame occupies the wire for its length × 8 / rate (its Ethernet frame
 * bytes as carried: header and payload, no preamble, FCS or gap, as tc-netem counts a veth's
 * frames) and leaves when its last bit would have, so frames leave back to back at exactly the
 * rate while the queue is not empty: a token bucket one frame deep, with no burst. Departure
 * times are kept on a virtual clock, not read from timers, so a timer that fires late releases
 * several frames at once but the long-run rate stays exact. One timer is armed for the head.
 */
import type { RateLimit } from "../filters/filter";
import { UNLIMITED_DELAY_BUDGET, type DelayBudget } from "./delay-budget";
import { monotonicNow } from "./delay-line";

/** Receives a frame as it leaves the wire: `departedAt` is its virtual departure time (ms). */
export type Departure = (frame: Uint8Array, delayMs: number, reordered: boolean, departedAt: number) => void;

const INITIAL_CAPACITY = 64;
/** As in the delay line: a timer may fire up to this early relative to the monotonic clock. */
const RELEASE_MARGIN_MS = 0.5;
/** What a held frame costs against the daemon's budget beyond its bytes. */
const FRAME_OVERHEAD_BYTES = 128;

export type OfferResult = "queued" | "queue_full";

// Shared by every empty shaper (never written: a shaper grows before its first frame).
const NO_TIMES = new Float64Array(0);
const NO_FLAGS = new Uint8Array(0);

export class RateShaper {
  // Empty until the first frame: every link direction has a shaper, few links have a `rate`,
  // and an idle link should cost little.
  private frames: (Uint8Array | undefined)[] = [];
  private departures = NO_TIMES;
  private delays = NO_TIMES;
  private reorders = NO_FLAGS;
  private head = 0;
  private count = 0;
  private heldBytes = 0;
  /** When the wire is free for the next frame (virtual ms). */
  private wireFreeAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;
  private readonly release = (): void => this.releaseDue(monotonicNow());

  constructor(
    private readonly depart: Departure,
    private readonly budget: DelayBudget = UNLIMITED_DELAY_BUDGET,
  ) {}

  /** Frames held now (waiting, or on the wire). */
  get length(): number {
    return this.count;
  }

  /**
   * Queues `frame` behind the frames already held, or refuses it (tail drop) when the queue
   * holds `limit.queueFrames` frames or would exceed `limit.queueBytes`, or the daemon's budget
   * is spent. `delayMs` and `reordered` are handed back at departure.
   */
  offer(frame: Uint8Array, limit: RateLimit, delayMs: number, reordered: boolean, now: number): OfferResult {
    if (this.count > 0 && this.departures[this.head]! <= now) this.releaseDue(now);
    if (limit.queueFrames > 0 && this.count >= limit.queueFrames) return "queue_full";
    if (limit.queueBytes > 0 && this.heldBytes + frame.length > limit.queueBytes) return "queue_full";
    if (!this.budget.take(frame.length + FRAME_OVERHEAD_BYTES)) return "queue_full";
    const departure = Math.max(now, this.wireFreeAt) + (frame.length * 8 * 1000) / limit.bitsPerSecond;
    this.wireFreeAt = departure;
    if (this.count === this.frames.length) this.grow();
    const tail = (this.head + this.count) & (this.frames.length - 1);
    this.frames[tail] = frame;
    this.departures[tail] = departure;
    this.delays[tail] = delayMs;
    this.reorders[tail] = reordered ? 1 : 0;
    this.count += 1;
    this.heldBytes += frame.length;
    if (this.count === 1) this.arm(departure - now);
    return "queued";
  }

  /** Drops every held frame and cancels the timer. */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const mask = this.frames.length - 1;
    for (let index = 0; index < this.count; index++) this.budget.give(this.frames[(this.head + index) & mask]!.length + FRAME_OVERHEAD_BYTES);
    this.frames.fill(undefined);
    this.head = 0;
    this.count = 0;
    this.heldBytes = 0;
  }

  private releaseDue(now: number): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const limit = now + RELEASE_MARGIN_MS;
    const mask = this.frames.length - 1;
    while (this.count > 0 && this.departures[this.head]! <= limit) {
      const slot = this.head;
      const frame = this.frames[slot]!;
      this.frames[slot] = undefined;
      this.head = (slot + 1) & mask;
      this.count -= 1;
      this.heldBytes -= frame.length;
      this.budget.give(frame.length + FRAME_OVERHEAD_BYTES);
      this.depart(frame, this.delays[slot]!, this.reorders[slot] === 1, this.departures[slot]!);
    }
    if (this.count > 0) this.arm(this.departures[this.head]! - monotonicNow());
  }

  private arm(waitMs: number): void {
    this.timer = setTimeout(this.release, Math.max(0, waitMs));
  }

  private grow(): void {
    const capacity = Math.max(INITIAL_CAPACITY, this.frames.length * 2);
    const frames: (Uint8Array | undefined)[] = new Array(capacity);
    const departures = new Float64Array(capacity);
    const delays = new Float64Array(capacity);
    const reorders = new Uint8Array(capacity);
    const mask = this.frames.length - 1;
    for (let index = 0; index < this.count; index++) {
      const from = (this.head + index) & mask;
      frames[index] = this.frames[from];
      departures[index] = this.departures[from]!;
      delays[index] = this.delays[from]!;
      reorders[index] = this.reorders[from]!;
    }
    this.frames = frames;
    this.departures = departures;
    this.delays = delays;
    this.reorders = reorders;
    this.head = 0;
  }
}
