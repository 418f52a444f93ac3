import type { KvEntry, KvGuard, KvWrite } from "./kv";

/** What a prepare says: the writes are held (and their keys locked) or a guard or lock refused them. */
export type PrepareOutcome = { prepared: true } | { conflict: string };

/**
 * One object's part in the sharded store: plain reads, single-object commits, and the two
 * steps of a commit that spans objects (prepare locks and checks, finish applies or drops).
 * Implemented over Durable Object storage, and reached in other objects through their stubs.
 */
export interface ShardParticipant {
  get<T>(key: string): Promise<T | undefined>;
  list<T>(prefix: string): Promise<KvEntry<T>[]>;
  /** Throws `KvConflict` when a guard fails or a key is locked by a transaction in flight. */
  commit(writes: readonly KvWrite[], guards: readonly KvGuard[]): Promise<void>;
  prepare(transactionId: string, writes: readonly KvWrite[], guards: readonly KvGuard[]): Promise<PrepareOutcome>;
  /** Applies (`commit`) or drops the prepared writes; false when the preparation expired first. */
  finish(transactionId: string, commit: boolean): Promise<boolean>;
}
