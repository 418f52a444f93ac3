/**
 * At most `size` holders at once, the others waiting in arrival order. The host starts and
 * stops its emulators through one of these: a hundred started at once would otherwise fork,
 * poll and compete for the cores together, and the daemon, starved among them, could not
 * answer the controller.
 */
export class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(size: number) {
    this.free = size;
  }

  /** Runs `work` once a slot is free, and frees it when `work` settles. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}
