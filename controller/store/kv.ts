/**
 * The storage contract every backend (memory, LMDB, Durable Object storage) fulfils:
 * `commit` applies all its writes at once or none of them, and a read sees a commit only once
 * it has landed: from the moment `commit` resolves every read on every caller sees it, and
 * before that `get` and `list` agree on whether it happened (a value in flight is never read).
 * Guards make read-modify-write safe without a lock: a commit whose guards no longer hold
 * is refused with `KvConflict` and writes nothing, so two requests cannot both take a port.
 */
export type KvWrite = { key: string; value: unknown } | { key: string; delete: true };

export type KvGuard =
  /** The key must not exist. */
  | { key: string; absent: true }
  /** The key must exist, whatever it holds. */
  | { key: string; present: true }
  /** The key must exist and hold exactly this revision (see `Versioned`). */
  | { key: string; revision: number };

export interface KvEntry<T> {
  key: string;
  value: T;
}

/** Values read from a store are read-only: backends may share them between callers. */
export interface KeyValueStore {
  get<T>(key: string): Promise<T | undefined>;
  /** Entries whose key starts with `prefix`, in key order. */
  list<T>(prefix: string): Promise<KvEntry<T>[]>;
  commit(writes: readonly KvWrite[], guards?: readonly KvGuard[]): Promise<void>;
  close(): Promise<void>;
}

/** Raised by `commit` when a guard fails: another request changed the state first. */
export class KvConflict extends Error {
  constructor(readonly key: string) {
    super(`conflicting write on ${key}`);
  }
}

/** Raised by a backend that cannot persist (disk full, read-only): the write did not happen. */
export class KvUnavailable extends Error {}

/** The backend is out of space: nothing was written, and writes work again once space is freed. */
export class KvFull extends KvUnavailable {}

/** The store was closed (the controller is stopping): nothing was read or written. */
export class KvClosed extends KvUnavailable {
  constructor() {
    super("The store is closed: the controller is stopping");
  }
}

export function guardHolds(guard: KvGuard, current: unknown): boolean {
  if ("absent" in guard) return current === undefined;
  if ("present" in guard) return current !== undefined;
  return current !== undefined && revisionOf(current) === guard.revision;
}

/** Records that take part in optimistic updates carry a `revision` number. */
export function revisionOf(value: unknown): number | undefined {
  if (value && typeof value === "object" && "revision" in value) {
    const revision = (value as { revision: unknown }).revision;
    return typeof revision === "number" ? revision : undefined;
  }
  return undefined;
}
