/** How a request's wait for its host ended. */
export type AckOutcome = "acked" | "disconnected" | "timeout";

interface Waiter {
  revision: number;
  timeoutMs: number;
  timer: ReturnType<typeof setTimeout>;
  resolve(outcome: AckOutcome): void;
}

/**
 * The requests of one host's session waiting for it to acknowledge a revision. Each waits at
 * most its timeout *without news*: every progress report from the host (it is busy starting a
 * hundred emulators, not gone) gives every waiter its whole timeout again, so a slow host is
 * waited for while it works and a silent one answers 409 when its timeout has passed.
 */
export class AckWaiters {
  private readonly waiting = new Set<Waiter>();

  /** Resolves when `revision` or a later one is acknowledged, the session ends, or the host stays silent for `timeoutMs`. */
  wait(revision: number, timeoutMs: number): Promise<AckOutcome> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        revision,
        timeoutMs,
        timer: setTimeout(() => this.settle(waiter, "timeout"), timeoutMs),
        resolve,
      };
      this.waiting.add(waiter);
    });
  }

  /** The host acknowledged `revision`: every request waiting for it, or for an earlier one, answers. */
  acknowledged(revision: number): void {
    for (const waiter of [...this.waiting]) if (waiter.revision <= revision) this.settle(waiter, "acked");
  }

  /** The host is working on a state: every waiter's timeout starts again from now. */
  progressed(): void {
    for (const waiter of this.waiting) {
      clearTimeout(waiter.timer);
      waiter.timer = setTimeout(() => this.settle(waiter, "timeout"), waiter.timeoutMs);
    }
  }

  /** The session ended: nothing it was asked will be acknowledged on it. */
  disconnected(): void {
    for (const waiter of [...this.waiting]) this.settle(waiter, "disconnected");
  }

  private settle(waiter: Waiter, outcome: AckOutcome): void {
    if (!this.waiting.delete(waiter)) return;
    clearTimeout(waiter.timer);
    waiter.resolve(outcome);
  }
}
