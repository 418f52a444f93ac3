/**
 * Questions asked of one host, each answered by a message that carries its id: given up on
 * (undefined) after `timeoutMs`, or at once when the session ends, so a caller can answer from
 * what it already knows. A daemon too old to know a question never answers it.
 */
export class HostQueries<T> {
  private nextId = 1;
  private readonly waiting = new Map<number, (answer: T | undefined) => void>();

  ask(send: (queryId: number) => void, timeoutMs: number): Promise<T | undefined> {
    const queryId = this.nextId;
    // The wire's ids are uint32; a session never has billions in flight.
    this.nextId = (this.nextId % 0xfffffffe) + 1;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.settle(queryId, undefined), timeoutMs);
      this.waiting.set(queryId, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      send(queryId);
    });
  }

  answered(queryId: number, answer: T): void {
    this.settle(queryId, answer);
  }

  disconnected(): void {
    for (const queryId of [...this.waiting.keys()]) this.settle(queryId, undefined);
  }

  private settle(queryId: number, answer: T | undefined): void {
    const done = this.waiting.get(queryId);
    if (!done) return;
    this.waiting.delete(queryId);
    done(answer);
  }
}
