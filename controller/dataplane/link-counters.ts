import type { CountersReport } from "@shared/proto";
import { COUNTER_FIELDS, mergeLinkCountersSamples, plausibleTime, type DirectionSample, type LinkCountersSample } from "../domain/link-counters";


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

function sameCounters(before: LinkCountersSample, after: LinkCountersSample): boolean {
  return sameDirection(before.aToB, after.aToB) && sameDirection(before.bToA, after.bToA);
}

function sameDirection(before: DirectionSample | undefined, after: DirectionSample | undefined): boolean {
  if (!before || !after) return before === after;
  return COUNTER_FIELDS.every((field) => before.counters[field] === after.counters[field]);
}

function linkKey(projectId: string, linkId: string): string {
  return `${projectId}/${linkId}`;
}
