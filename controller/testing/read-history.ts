/**
 * A linearizability check for reads against one writer's history per item. Each item (a node,
 * a link, a drawing) is written by one client in turn, so its writes are totally ordered; a
 * read may return any state the item held between the last write answered before the read
 * began and the last write sent before the read answered, and nothing older or newer.
 */

/** What an item holds after a write: its value, or `absent` once deleted (and before creation). */
export type ItemState = { absent: true } | { value: unknown };

interface Write {
  sentAt: number;
  answeredAt: number | undefined;
  after: ItemState;
}

export interface StaleRead {
  item: string;
  read: string;
  saw: string;
  allowed: string[];
}

const ABSENT: ItemState = { absent: true };

const shown = (state: ItemState): string => ("absent" in state ? "absent" : JSON.stringify(state.value));

export class ReadHistory {
  private readonly writes = new Map<string, Write[]>();
  private readonly stale: StaleRead[] = [];
  private clock = 0;

  /** A monotonic instant: `performance.now()` may repeat under coarse timers, this never does. */
  now(): number {
    return ++this.clock;
  }

  /** Records a write sent to `item`; call `answered` with the returned token once it answered 2xx. */
  sent(item: string, after: ItemState): Write {
    const write: Write = { sentAt: this.now(), answeredAt: undefined, after };
    const history = this.writes.get(item) ?? [];
    history.push(write);
    this.writes.set(item, history);
    return write;
  }

  /**
   * Records a creation whose item was known only from its answer: reads that began before now
   * may or may not show it, later ones must.
   */
  learned(item: string, after: ItemState): void {
    this.writes.set(item, [{ sentAt: -Infinity, answeredAt: this.now(), after }]);
  }

  answered(write: Write): void {
    write.answeredAt = this.now();
  }

  /** Forgets a write that was refused: it changed nothing. */
  refused(item: string, write: Write): void {
    const history = this.writes.get(item)!;
    history.splice(history.indexOf(write), 1);
  }

  /**
   * Checks what a read that began at `startedAt` and answered at `endedAt` saw of `item`
   * (`absent` when the item was missing from the list or the GET answered 404).
   */
  check(item: string, startedAt: number, endedAt: number, saw: ItemState, read: string): void {
    const history = this.writes.get(item) ?? [];
    const states = [ABSENT, ...history.map((write) => write.after)];
    // The writes are serial, so the answered ones are a prefix of those sent.
    let first = 0;
    history.forEach((write, index) => {
      if (write.answeredAt !== undefined && write.answeredAt < startedAt) first = index + 1;
    });
    let last = 0;
    history.forEach((write, index) => {
      if (write.sentAt < endedAt) last = index + 1;
    });
    const allowed = states.slice(first, last + 1);
    const seen = shown(saw);
    if (!allowed.some((state) => shown(state) === seen)) this.stale.push({ item, read, saw: seen, allowed: allowed.map(shown) });
  }

  items(): string[] {
    return [...this.writes.keys()];
  }

  staleReads(): StaleRead[] {
    return this.stale;
  }
}
