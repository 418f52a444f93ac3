/** How often a host is pinged while requests wait for it. */
export const PING_INTERVAL_MS = 500;
/** Round trips remembered: the slowest of them sets the pace the host is judged by. */
const ROUND_TRIPS_KEPT = 20;
/** A host is given this many of its slowest recent round trips before its silence counts. */
const ROUND_TRIPS_OF_PATIENCE = 4;
/**
 * The most a slow host is borne: a host back from a long freeze answers its old pings late, and
 * that round trip must not make its next freeze wait for minutes.
 */
const MAX_PATIENCE_MS = 30_000;
/** Pings remembered unanswered; older ones are forgotten (their pong, if it comes, counts as news only). */
const PINGS_KEPT = 64;

/**
 * Runs `check` once the messages that reached the socket meanwhile have been read. A timer can
 * fire late, after this process itself stalled (a loaded machine, a long GC): the timers of a
 * loop turn run before the turn reads its sockets, so a host's answer may be waiting unread
 * when its silence seems to have lasted. Immediates run after the reads.
 */
export function afterPendingMessages(check: () => void): void {
  setImmediate(check);
}

/**
 * What a host's answers say about it: when it was last heard from, and how long it takes to
 * answer a ping. A host whose machine is loaded (a hundred emulators starting on two cores)
 * answers late but answers; it is waited for in proportion to how late, and silence means
 * nothing heard for several of its own slowest round trips, never a guess about the machine.
 */
export class HostLiveness {
  private lastHeardAt: number;
  private readonly pingsSent = new Map<number, number>();
  private nextNonce = 1;
  private readonly roundTrips: number[] = [];

  constructor(now = Date.now()) {
    this.lastHeardAt = now;
  }

  /** Any message came from the host. */
  heard(now = Date.now()): void {
    this.lastHeardAt = now;
  }

  /** A ping goes out now: its nonce, for the pong. */
  ping(now = Date.now()): number {
    const nonce = this.nextNonce++;
    this.pingsSent.set(nonce, now);
    if (this.pingsSent.size > PINGS_KEPT) this.pingsSent.delete(this.pingsSent.keys().next().value!);
    return nonce;
  }

  /** The host answered ping `nonce`. */
  pong(nonce: number, now = Date.now()): void {
    this.heard(now);
    const sentAt = this.pingsSent.get(nonce);
    if (sentAt === undefined) return;
    this.pingsSent.delete(nonce);
    this.roundTrips.push(now - sentAt);
    if (this.roundTrips.length > ROUND_TRIPS_KEPT) this.roundTrips.shift();
  }

  /** How long the host may stay silent before it counts as gone: `baseMs`, or longer for a host that answers slowly. */
  patience(baseMs: number): number {
    return Math.max(baseMs, Math.min(MAX_PATIENCE_MS, ROUND_TRIPS_OF_PATIENCE * Math.max(0, ...this.roundTrips)));
  }

  silentFor(now = Date.now()): number {
    return now - this.lastHeardAt;
  }

  /**
   * How long the host has left a question unanswered: since the first ping sent after it was
   * last heard from, or 0 when none was. Time in which this controller could not ask (its own
   * loop stalled on a loaded machine, so no ping went out) is not held against the host.
   */
  unansweredFor(now = Date.now()): number {
    for (const sentAt of this.pingsSent.values()) if (sentAt >= this.lastHeardAt) return now - sentAt;
    return 0;
  }
}
