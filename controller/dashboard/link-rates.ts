import type { DirectionCountersWire, LinkCountersWire } from "@shared/schemas/link-counters";

export type DropReason = keyof DirectionCountersWire["dropped"];

/** What one direction of a link did per second between two counter samples. */
export interface DirectionRates {
  framesIn: number;
  framesOut: number;
  bitsIn: number;
  bitsOut: number;
  /** Drops per second by reason; `total` is their sum. */
  drops: Record<DropReason | "total", number>;
  /** Frames in the delay line at the later sample (a gauge, not a rate). */
  delayQueued: number;
}

export interface RatePoint {
  /** Milliseconds since the epoch of the later sample. */
  at: number;
  directions: [DirectionRates, DirectionRates];
}

/**
 * The rates between two samples of one link, or undefined when they cannot be told: a sample
 * no host has reported yet, no time between them, or a counter that went back (the daemon
 * rebuilt the link and its counters started again from zero).
 */
export function ratesBetween(earlier: LinkCountersWire, later: LinkCountersWire): RatePoint | undefined {
  if (earlier.sampled_at === null || later.sampled_at === null) return undefined;
  const from = Date.parse(earlier.sampled_at);
  const at = Date.parse(later.sampled_at);
  const seconds = (at - from) / 1000;
  if (!(seconds > 0)) return undefined;
  const a = directionRates(earlier.directions[0], later.directions[0], seconds);
  const b = directionRates(earlier.directions[1], later.directions[1], seconds);
  return a && b ? { at, directions: [a, b] } : undefined;
}

function directionRates(earlier: DirectionCountersWire, later: DirectionCountersWire, seconds: number): DirectionRates | undefined {
  const perSecond = (before: number, after: number) => (after >= before ? (after - before) / seconds : undefined);
  const framesIn = perSecond(earlier.frames_in, later.frames_in);
  const framesOut = perSecond(earlier.frames_out, later.frames_out);
  const bytesIn = perSecond(earlier.bytes_in, later.bytes_in);
  const bytesOut = perSecond(earlier.bytes_out, later.bytes_out);
  if (framesIn === undefined || framesOut === undefined || bytesIn === undefined || bytesOut === undefined) return undefined;
  const drops = { total: 0 } as DirectionRates["drops"];
  for (const reason of Object.keys(later.dropped) as DropReason[]) {
    const rate = perSecond(earlier.dropped[reason] ?? 0, later.dropped[reason]);
    if (rate === undefined) return undefined;
    drops[reason] = rate;
    drops.total += rate;
  }
  return { framesIn, framesOut, bitsIn: bytesIn * 8, bitsOut: bytesOut * 8, drops, delayQueued: later.delay_queued };
}

/** The share of the frames that entered a direction which it dropped, 0 to 1; undefined with no traffic. */
export function dropShare(rates: DirectionRates): number | undefined {
  return rates.framesIn > 0 ? Math.min(1, rates.drops.total / rates.framesIn) : undefined;
}

/**
 * The rates of one link over a sliding window, fed with every sample seen (the first from
 * `GET …/counters`, then each `link.counters` notification); samples out of order or repeated
 * are ignored.
 */
export class LinkHistory {
  private last: LinkCountersWire | undefined;
  private readonly kept: RatePoint[] = [];

  constructor(private readonly windowMs: number) {}

  add(sample: LinkCountersWire): void {
    if (this.last?.sampled_at && sample.sampled_at && Date.parse(sample.sampled_at) <= Date.parse(this.last.sampled_at)) return;
    const point = this.last === undefined ? undefined : ratesBetween(this.last, sample);
    this.last = sample;
    if (point === undefined) return;
    this.kept.push(point);
    const oldest = point.at - this.windowMs;
    while (this.kept.length > 0 && this.kept[0]!.at < oldest) this.kept.shift();
  }

  /** Rate points of the window, oldest first. */
  get points(): readonly RatePoint[] {
    return this.kept;
  }

  get latest(): RatePoint | undefined {
    return this.kept.at(-1);
  }
}
