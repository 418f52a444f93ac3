/** Requests the Node server works on at once unless told otherwise (`--concurrent-requests`). */
export const DEFAULT_CONCURRENT_REQUESTS = 24;

/**
 * How long a request keeps its place among them: one still going after this is waiting for
 * something else (a host's ack, a slow client's upload, a stream), not for the event loop,
 * and must not hold back the requests queued behind it.
 */
export const ADMISSION_HOLD_MS = 50;

/**
 * Lets at most `places` requests be worked on at once, the others waiting their turn in the
 * order they came. With every request admitted at once, each await of a write (its commit,
 * the host's ack) queues behind every other client's work, so under load a write that awaits
 * five times answers five times later than a read; admitted in order, a request waits once,
 * then runs its steps with the event loop to a few: at 200 clients, the same throughput with
 * about half the p99 (docs/reliability.md). A request gives its place back
 * when its answer is ready, or after `holdMs` whatever it still waits for, so no request,
 * however long, holds the others back by more than that.
 */
export class Admission {
  private working = 0;
  private readonly queued: Array<() => void> = [];

  constructor(
    private readonly places: number,
    private readonly holdMs = ADMISSION_HOLD_MS,
  ) {}

  /** `handle`, admitted: called once a place is free, in arrival order. */
  wrap<A extends unknown[], R>(handle: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
    return async (...args: A) => {
      await this.admit();
      let left = false;
      const leave = (): void => {
        if (left) return;
        left = true;
        clearTimeout(timer);
        // The place passes straight to the next in line, so none can overtake it.
        const next = this.queued.shift();
        if (next) next();
        else this.working--;
      };
      const timer = setTimeout(leave, this.holdMs);
      try {
        return await handle(...args);
      } finally {
        leave();
      }
    };
  }

  private admit(): Promise<void> | undefined {
    if (this.working < this.places) {
      this.working++;
      return undefined;
    }
    return new Promise<void>((admitted) => this.queued.push(admitted));
  }
}

export class InvalidConcurrentRequests extends Error {}

/** `--concurrent-requests`: a whole number of at least 1. */
export function parseConcurrentRequests(text: string): number {
  const count = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(count) || count < 1) {
    throw new InvalidConcurrentRequests(`expected a whole number of requests, at least 1, got '${text}'`);
  }
  return count;
}
