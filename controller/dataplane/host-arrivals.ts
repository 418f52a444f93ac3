/**
 * How long after a host was last around (connected to this hub, or this hub started) a write to
 * it waits for its daemon to dial in rather than answering 409 at once: the local daemon takes a
 * moment to connect after `npm start`, and a daemon whose connection dropped redials within a
 * few seconds. A host gone for longer is answered at once.
 */
export const ARRIVAL_GRACE_MS = 30_000;

/**
 * Requests waiting for a host's daemon to connect, by host id, each for at most its timeout;
 * and when each host was last around.
 */
export class HostArrivals {
  private readonly waiting = new Map<string, Set<(arrived: boolean) => void>>();
  private readonly lastAround = new Map<string, number>();
  private readonly startedAt: number;

  constructor(private readonly now: () => number = Date.now) {
    this.startedAt = now();
  }

  /** Whether a write to `hostId`, not connected now, should wait for it. */
  expected(hostId: string): boolean {
    const since = this.lastAround.get(hostId) ?? this.startedAt;
    return this.now() - since < ARRIVAL_GRACE_MS;
  }

  /** Resolves true once the host connects, false if it has not within `timeoutMs`. */
  wait(hostId: string, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiters = this.waiting.get(hostId) ?? new Set();
      this.waiting.set(hostId, waiters);
      const done = (arrived: boolean) => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0 && this.waiting.get(hostId) === waiters) this.waiting.delete(hostId);
        resolve(arrived);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      waiters.add(done);
    });
  }

  arrived(hostId: string): void {
    this.lastAround.set(hostId, this.now());
    for (const done of [...(this.waiting.get(hostId) ?? [])]) done(true);
  }

  left(hostId: string): void {
    this.lastAround.set(hostId, this.now());
  }
}
