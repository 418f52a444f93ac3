import type { CountersReport } from "@shared/proto";
import type { LinkPlacement } from "./link-counters";

/** What one host forwarded over its links, as `GET /v2/computes/{id}` shows it (`dataplane.forwarded_frames`). */
export interface HostForwarded {
  /** Frames the host's links delivered, each direction counted on the host that filters it (where its sending end is). */
  frames: number;
  /** Unix time in ms when the host read the counters of its newest report. */
  sampledAtMs: number;
}

/** The latest time a JavaScript `Date` holds. */
const MAX_DATE_MS = 8.64e15;

interface HostEntry {
  frames: number;
  sampledAtMs: number;
  /** Each direction's frames_out as last reported, keyed `project/link/aToB|bToA`. */
  lastOut: Map<string, number>;
  /** The next report is the first of a connection: it sets where each direction counts from. */
  fresh: boolean;
}

/**
 * A running total per host of the frames its links delivered, kept in memory beside the link
 * counters it is computed from (they are not stored either). Reports carry each link's totals
 * since the daemon set it up, so the host's total grows by each direction's difference from its
 * previous report; a direction whose count went down restarted, and counts from zero.
 *
 * The first report of each connection carries every link the daemon runs, with what it forwarded
 * before this controller heard of it (a controller restart, a daemon reconnecting): that report
 * only sets where each direction counts from, so a reconnection is never read as a burst of
 * traffic. A link set up later counts from its first report.
 */
export class HostForwardedTotals {
  private readonly hosts = new Map<string, HostEntry>();

  record(hostId: string, report: CountersReport, linkOf: (linkId: string) => LinkPlacement | undefined, nowMs: number): void {
    const entry = this.hosts.get(hostId) ?? { frames: 0, sampledAtMs: nowMs, lastOut: new Map(), fresh: true };
    this.hosts.set(hostId, entry);
    for (const reported of report.links) {
      const placement = linkOf(reported.linkId);
      if (!placement) continue;
      const sides = [
        [placement.aIsLocal, "aToB", reported.aToB?.framesOut ?? 0],
        [placement.bIsLocal, "bToA", reported.bToA?.framesOut ?? 0],
      ] as const;
      for (const [local, side, framesOut] of sides) {
        if (!local) continue;
        const key = `${placement.projectId}/${reported.linkId}/${side}`;
        const before = entry.lastOut.get(key) ?? (entry.fresh ? framesOut : 0);
        entry.frames += framesOut >= before ? framesOut - before : framesOut;
        entry.lastOut.set(key, framesOut);
      }
    }
    entry.fresh = false;
    // A daemon without the field sends 0; a time a `Date` cannot hold would break the answer.
    entry.sampledAtMs = Number.isSafeInteger(report.sampledAtMs) && report.sampledAtMs > 0 && report.sampledAtMs <= MAX_DATE_MS ? report.sampledAtMs : nowMs;
  }

  /** The link is gone from the host's state: its directions no longer count. */
  forgetLink(hostId: string, projectId: string, linkId: string): void {
    const lastOut = this.hosts.get(hostId)?.lastOut;
    for (const side of ["aToB", "bToA"]) lastOut?.delete(`${projectId}/${linkId}/${side}`);
  }

  /** The host's connection ended: its next report is the first of a connection. The total goes on. */
  disconnected(hostId: string): void {
    const entry = this.hosts.get(hostId);
    if (entry) entry.fresh = true;
  }

  /** Undefined before the host's first report to this controller. */
  of(hostId: string): HostForwarded | undefined {
    const entry = this.hosts.get(hostId);
    return entry && { frames: entry.frames, sampledAtMs: entry.sampledAtMs };
  }
}
