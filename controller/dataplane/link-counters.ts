import type { CountersReport, DirectionCounters } from "@shared/proto";
import type { DirectionCountersWire, LinkCountersWire } from "@shared/schemas/link-counters";
import type { LinkEnd, LinkRecord } from "../domain/links";

export type { LinkCountersWire } from "@shared/schemas/link-counters";

/** One direction's counters as the host that filters it last reported them. */
export interface DirectionSample {
  counters: DirectionCounters;
  /** Unix time in ms when the host read them. */
  sampledAtMs: number;
}

/**
 * The newest counters of one link. A direction is absent while no host holding its sending
 * end has reported it. Plain data, so that it crosses between Durable Objects as JSON.
 */
export interface LinkCountersSample {
  projectId: string;
  linkId: string;
  /** From the link's first end (`nodes[0]`) towards its second. */
  aToB?: DirectionSample;
  bToA?: DirectionSample;
}

/** Where a reported link belongs, and which of its ends are on the reporting host, as its last state said. */
export interface LinkPlacement {
  projectId: string;
  aIsLocal: boolean;
  bIsLocal: boolean;
}

export interface LinkCountersBookOptions {
  /** The controller's clock, which paces notifications; `Date.now` unless set. */
  nowMs?: () => number;
  /** The least time between two notifications of one link; 1 s unless set. */
  notifyIntervalMs?: number;
}

type HostDirections = Pick<LinkCountersSample, "aToB" | "bToA">;

interface LinkEntry {
  projectId: string;
  linkId: string;
  /** Per host, the directions whose sending end is on that host: only there are they filtered. */
  byHost: Map<string, HostDirections>;
  /** The merged sample last handed out for a notification, and when. */
  notified?: LinkCountersSample;
  notifiedAtMs?: number;
}

const DEFAULT_NOTIFY_INTERVAL_MS = 1000;

const COUNTER_FIELDS = [
  "framesIn", "framesOut", "bytesIn", "bytesOut", "droppedFrequency", "droppedLoss", "droppedBpf",
  "droppedSuspended", "corrupted", "delayedQueued", "droppedDelayFull", "droppedRateQueueFull", "droppedLossBurst",
  "duplicated", "reordered", "rateQueued",
] as const satisfies ReadonlyArray<keyof DirectionCounters>;

const ZERO_COUNTERS = Object.fromEntries(COUNTER_FIELDS.map((field) => [field, 0])) as Record<keyof DirectionCounters, number>;

/**
 * The latest counters the dataplane hosts reported, per link and per host, kept in memory by
 * the hub that hears the reports (one host's on Workers, every host's on Node). Not stored:
 * counters restart with the daemon's link anyway, and a daemon's first report on each
 * connection carries every link, later ones those whose counters changed.
 */
export class LinkCountersBook {
  private readonly links = new Map<string, LinkEntry>();
  /** Links whose counters changed since their last notification, waiting for their interval to pass. */
  private readonly pending = new Set<string>();
  private readonly nowMs: () => number;
  private readonly notifyIntervalMs: number;

  constructor(options: LinkCountersBookOptions = {}) {
    this.nowMs = options.nowMs ?? Date.now;
    this.notifyIntervalMs = options.notifyIntervalMs ?? DEFAULT_NOTIFY_INTERVAL_MS;
  }

  /**
   * Keeps what `hostId` reported of the directions leaving its own ends (the other direction
   * there only counts what came through the tunnel, unfiltered), and answers the links now due
   * for a `link.counters` notification: changed since their last one, at most one per link per
   * interval. A change held back by the interval goes out with a later report from any host,
   * keepalives included. Links `linkOf` does not know (not in the host's last state) are ignored.
   */
  record(hostId: string, report: CountersReport, linkOf: (linkId: string) => LinkPlacement | undefined): LinkCountersSample[] {
    const now = this.nowMs();
    const sampledAtMs = plausibleTime(report.sampledAtMs) ?? now;
    for (const reported of report.links) {
      const placement = linkOf(reported.linkId);
      if (!placement) continue;
      const key = linkKey(placement.projectId, reported.linkId);
      const directions: HostDirections = {};
      if (placement.aIsLocal) directions.aToB = { counters: { ...reported.aToB }, sampledAtMs };
      if (placement.bIsLocal) directions.bToA = { counters: { ...reported.bToA }, sampledAtMs };
      const entry = this.links.get(key);
      if (!directions.aToB && !directions.bToA) {
        if (entry) this.dropHost(key, entry, hostId);
        continue;
      }
      const kept = entry ?? { projectId: placement.projectId, linkId: reported.linkId, byHost: new Map() };
      kept.byHost.set(hostId, directions);
      this.links.set(key, kept);
      this.pending.add(key);
    }
    return this.due(now);
  }

  /**
   * The link's newest counters: each direction from the host holding its sending end (the
   * newer sample when an end moved between hosts). `hostIds` limits it to those hosts.
   */
  sample(projectId: string, linkId: string, hostIds?: readonly string[]): LinkCountersSample | undefined {
    const entry = this.links.get(linkKey(projectId, linkId));
    if (!entry) return undefined;
    const perHost = [...entry.byHost]
      .filter(([hostId]) => hostIds === undefined || hostIds.includes(hostId))
      .map(([, directions]) => ({ projectId, linkId, ...directions }));
    return mergeLinkCountersSamples(perHost);
  }

  /** The link is gone (deleted, or its project closed): nothing of it is kept. */
  forget(projectId: string, linkId: string): void {
    const key = linkKey(projectId, linkId);
    this.links.delete(key);
    this.pending.delete(key);
  }

  /** The host is gone: what it reported no longer stands. */
  forgetHost(hostId: string): void {
    for (const [key, entry] of this.links) this.dropHost(key, entry, hostId);
  }

  private dropHost(key: string, entry: LinkEntry, hostId: string): void {
    entry.byHost.delete(hostId);
    if (entry.byHost.size > 0) return;
    this.links.delete(key);
    this.pending.delete(key);
  }

  private due(now: number): LinkCountersSample[] {
    const due: LinkCountersSample[] = [];
    for (const key of this.pending) {
      const entry = this.links.get(key)!;
      const last = entry.notifiedAtMs;
      // A clock that stepped back does not hold notifications until it catches up.
      if (last !== undefined && now >= last && now - last < this.notifyIntervalMs) continue;
      this.pending.delete(key);
      const merged = this.sample(entry.projectId, entry.linkId);
      if (!merged || (entry.notified && sameCounters(entry.notified, merged))) continue;
      entry.notified = merged;
      entry.notifiedAtMs = now;
      due.push(merged);
    }
    return due;
  }
}

/**
 * Samples of one link from several hosts (or several books: one per host on Workers) as one:
 * each direction from the newest sample that has it; undefined when none has any.
 */
export function mergeLinkCountersSamples(samples: ReadonlyArray<LinkCountersSample | undefined>): LinkCountersSample | undefined {
  let aToB: DirectionSample | undefined;
  let bToA: DirectionSample | undefined;
  let first: LinkCountersSample | undefined;
  for (const sample of samples) {
    if (!sample) continue;
    first ??= sample;
    aToB = newer(aToB, sample.aToB);
    bToA = newer(bToA, sample.bToA);
  }
  if (!first || (!aToB && !bToA)) return undefined;
  return { projectId: first.projectId, linkId: first.linkId, ...(aToB ? { aToB } : {}), ...(bToA ? { bToA } : {}) };
}

/** The answer of `GET …/links/{link_id}/counters` and the `link.counters` event: zeros and no time before any report. */
export function linkCountersWire(link: LinkRecord, sample: LinkCountersSample | undefined): LinkCountersWire {
  const [a, b] = link.nodes;
  // Creation and import both refuse a link without exactly two ends.
  if (!a || !b) throw new Error(`link ${link.link_id} has ${link.nodes.length} ends`);
  const newest = Math.max(sample?.aToB?.sampledAtMs ?? -1, sample?.bToA?.sampledAtMs ?? -1);
  const time = plausibleTime(newest);
  return {
    directions: [directionWire(a, b, sample?.aToB?.counters), directionWire(b, a, sample?.bToA?.counters)],
    link_id: link.link_id,
    project_id: link.project_id,
    sampled_at: time === undefined ? null : new Date(time).toISOString(),
  };
}

function directionWire(from: LinkEnd, to: LinkEnd, counters: DirectionCounters = ZERO_COUNTERS): DirectionCountersWire {
  return {
    bytes_in: counters.bytesIn,
    bytes_out: counters.bytesOut,
    corrupted: counters.corrupted,
    delay_queued: counters.delayedQueued,
    dropped: {
      bpf: counters.droppedBpf,
      delay_queue_full: counters.droppedDelayFull,
      frequency: counters.droppedFrequency,
      loss: counters.droppedLoss,
      loss_burst: counters.droppedLossBurst,
      rate_queue_full: counters.droppedRateQueueFull,
      suspended: counters.droppedSuspended,
    },
    duplicated: counters.duplicated,
    frames_in: counters.framesIn,
    frames_out: counters.framesOut,
    from: endRef(from),
    rate_queued: counters.rateQueued,
    reordered: counters.reordered,
    to: endRef(to),
  };
}

function endRef(end: LinkEnd): DirectionCountersWire["from"] {
  return { adapter_number: end.adapter_number, node_id: end.node_id, port_number: end.port_number };
}

function newer(kept: DirectionSample | undefined, candidate: DirectionSample | undefined): DirectionSample | undefined {
  if (!kept) return candidate;
  if (!candidate) return kept;
  return candidate.sampledAtMs > kept.sampledAtMs ? candidate : kept;
}

function sameCounters(before: LinkCountersSample, after: LinkCountersSample): boolean {
  return sameDirection(before.aToB, after.aToB) && sameDirection(before.bToA, after.bToA);
}

function sameDirection(before: DirectionSample | undefined, after: DirectionSample | undefined): boolean {
  if (!before || !after) return before === after;
  return COUNTER_FIELDS.every((field) => before.counters[field] === after.counters[field]);
}

/** The latest time a JavaScript `Date` holds. */
const MAX_DATE_MS = 8.64e15;

/** A Unix time in ms that a `Date` can show (a daemon without the field sends 0). */
function plausibleTime(ms: number): number | undefined {
  return Number.isSafeInteger(ms) && ms > 0 && ms <= MAX_DATE_MS ? ms : undefined;
}

function linkKey(projectId: string, linkId: string): string {
  return `${projectId}/${linkId}`;
}
