/**
 * Stores the newest of a stream of values, one write at a time: values given while a write
 * runs are folded into the next, which writes the newest of them. For records that say only
 * what is true now (the revision last sent to a host, its last ack), so a host acking hundreds
 * of changes a second costs a few commits, not one each.
 */
export class LatestWrite<T> {
  private next: { value: T } | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly write: (value: T) => Promise<void>,
    private readonly failed: (error: unknown, value: T) => void,
  ) {}

  set(value: T): void {
    this.next = { value };
    this.running ??= this.drain();
  }

  /** Resolves once every value given so far is written (or failed). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    for (let next = this.next; next; next = this.next) {
      this.next = undefined;
      try {
        await this.write(next.value);
      } catch (error) {
        this.failed(error, next.value);
      }
    }
    this.running = undefined;
  }
}
