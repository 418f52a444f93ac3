/**
 * How many bytes the delay lines sharing it may hold at once (frames, plus a fixed cost per
 * frame for its bookkeeping). A delay line holds rate × delay bytes: a storm of large
 * datagrams into a link with `delay [10000]` is gigabytes. With a budget a burst beyond it is
 * dropped and counted (as a wire's full queue does), instead of growing until the host kills
 * the daemon. One budget for the whole
 * daemon bounds its memory whatever the number of links.
 */
export class DelayBudget {
  private held = 0;

  constructor(readonly limitBytes: number) {}

  /** Bytes held now by every line sharing the budget. */
  get heldBytes(): number {
    return this.held;
  }

  /** Reserves room for a frame of `bytes`; false (nothing reserved) when it does not fit. */
  take(bytes: number): boolean {
    if (this.held + bytes > this.limitBytes) return false;
    this.held += bytes;
    return true;
  }

  /** Returns the room of a frame that left the line. */
  give(bytes: number): void {
    this.held -= bytes;
  }
}

/** No limit: what a delay line gets when nobody gives it a budget (tests, benchmarks). */
export const UNLIMITED_DELAY_BUDGET = new DelayBudget(Number.POSITIVE_INFINITY);
