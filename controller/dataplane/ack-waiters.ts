import { afterPendingMessages, type HostLiveness } from "./host-liveness";

/** How a request's wait for its host ended; a timeout says how long the host had been silent. */
export type AckWait = { outcome: "acked" } | { outcome: "disconnected" } | { outcome: "timeout"; silentForMs: number };

interface Waiter {
  revision: number;
  timeoutMs: number;
  timer: ReturnType<typeof setTimeout>;
  resolve(wait: AckWait): void;
}

/**
 * The requests of one host's session waiting for it to acknowledge a revision. Each waits at
 * most its timeout *without news*: every message from the host (a progress report, a pong, a
 * counter report) gives every waiter its whole timeout again, so a host busy starting a
 * hundred emulators is waited for while it answers, and one that stopped answering gets a 409.
 * A host that answers pings slowly is given longer (see `HostLiveness.patience`).
 */
export class AckWaiters {
  private readonly waiting = new Set<Waiter>();

  constructor(private readonly liveness: HostLiveness) {}

  /** Resolves when `revision` or a later one is acknowledged, the session ends, or the host stays silent too long. */
  wait(revision: number, timeoutMs: number): Promise<AckWait> {
    return new Promise((resolve) => {
      const waiter: Waiter = { revision, timeoutMs, timer: this.timer(() => waiter, timeoutMs), resolve };
      this.waiting.add(waiter);
    });
  }

  /** Whether any request waits: the session pings the host only then. */
  get active(): boolean {
    return this.waiting.size > 0;
  }

  /** The host acknowledged `revision`: every request waiting for it, or for an earlier one, answers. */
  acknowledged(revision: number): void {
    for (const waiter of [...this.waiting]) if (waiter.revision <= revision) this.settle(waiter, { outcome: "acked" });
  }

  /** The host said something: every waiter's timeout starts again from now. */
  heard(): void {
    for (const waiter of this.waiting) {
      clearTimeout(waiter.timer);
      waiter.timer = this.timer(() => waiter, waiter.timeoutMs);
    }
  }

  /** The session ended: nothing it was asked will be acknowledged on it. */
  disconnected(): void {
    for (const waiter of [...this.waiting]) this.settle(waiter, { outcome: "disconnected" });
  }

  /**
   * Times out once the host has left a ping unanswered for its patience: not merely after that
   * long without news, since news stops when this controller stops asking (its loop stalled).
   */
  private timer(waiter: () => Waiter, timeoutMs: number, delayMs = this.liveness.patience(timeoutMs)): ReturnType<typeof setTimeout> {
    return setTimeout(
      () =>
        afterPendingMessages(() => {
          const current = waiter();
          if (!this.waiting.has(current)) return;
          const patience = this.liveness.patience(timeoutMs);
          const unanswered = this.liveness.unansweredFor();
          if (unanswered < patience) {
            clearTimeout(current.timer);
            current.timer = this.timer(waiter, timeoutMs, patience - unanswered);
            return;
          }
          this.settle(current, { outcome: "timeout", silentForMs: unanswered });
        }),
      delayMs,
    );
  }

  private settle(waiter: Waiter, wait: AckWait): void {
    if (!this.waiting.delete(waiter)) return;
    clearTimeout(waiter.timer);
    waiter.resolve(wait);
  }
}
