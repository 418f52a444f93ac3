/**
 * How many bytes the delay lines sharing it may hold at once (frames, plus a fixed cost per
 * frame for its bookkeeping). A delay line holds rate × delay bytes: a storm of large
 * datagrams into a link with `delay [10000]` is gigabytes. With a budget a burst beyond it is
 * dropped and counted (as a wire's full queue does), instead of growing until the host kills
 * the daemon. One budget for the whole
 * daemon bounds its memory whatever the number of links.
 */
export class DelayBudget {
  /**
   * [limit, held] in bytes. The native addon's delay lines read and update these cells in
   * place (same thread), so frames held in C and in JavaScript share one bound.
   */
  readonly cells: Float64Array;

  constructor(limitBytes: number) {
    this.cells = new Float64Array([limitBytes, 0]);
  }

  get limitBytes(): number {
    return this.cells[0]!;
  }

  /** Bytes held now by every line sharing the budget. */
  get heldBytes(): number {
    return this.cells[1]!;
  }

  /** Reserves room for a frame of `bytes`; false (nothing reserved) when it does not fit. */
  take(bytes: number): boolean {
    const cells = this.cells;
    if (cells[1]! + bytes > cells[0]!) return false;
    cells[1]! += bytes;
    return true;
  }

  /** Returns the room of a frame that left the line. */
  give(bytes: number): void {
    this.cells[1]! -= bytes;
  }
}

/** No limit: what a delay line gets when nobody gives it a budget (tests, benchmarks). */
export const UNLIMITED_DELAY_BUDGET = new DelayBudget(Number.POSITIVE_INFINITY);
