import { deepFreeze } from "@shared/deep-freeze";
import { guardHolds, KvConflict, type KvEntry, type KvGuard, type KvWrite } from "./kv";
import type { PrepareOutcome, ShardParticipant } from "./shard-participant";

/** The part of a Durable Object's `ctx.storage` the store uses (typed here so Node code needs no Workers types). */
export interface DurableObjectStorageLike {
  get<T>(key: string): Promise<T | undefined>;
  list<T>(options: { prefix: string }): Promise<Map<string, T>>;
  transaction<T>(closure: (txn: DurableObjectTransactionLike) => Promise<T>): Promise<T>;
}

export interface DurableObjectTransactionLike {
  get<T>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<boolean>;
}

/**
 * A prepared transaction's locks lapse after this long: a coordinator that died between
 * prepare and finish cannot hold keys forever. Finishing takes milliseconds, so a lapse means
 * the coordinator is gone, and a late finish is refused rather than applied over newer writes.
 */
export const PREPARE_LEASE_MS = 30_000;

/** Lock and transaction records sort after every record key (they start with `~`), so no listing sees them. */
const LOCK_PREFIX = "~lock/";
const PREPARED_PREFIX = "~prepared/";

interface LockRecord {
  transaction: string;
  expires: number;
}

interface PreparedRecord {
  writes: KvWrite[];
  locked: string[];
  expires: number;
}

/**
 * One Durable Object's share of the sharded store, over its own storage (strongly consistent,
 * private to the object). Every change runs in a storage transaction, and the object's input
 * gate keeps other requests out while it does, so a guard checked is a guard that holds when
 * the writes land. Storage structured-clones values both ways, so each read is a private copy;
 * it is frozen anyway, because the contract says values read are read-only.
 */
export class ShardStorage implements ShardParticipant {
  constructor(
    private readonly storage: DurableObjectStorageLike,
    private readonly now: () => number = Date.now,
  ) {}

  async get<T>(key: string): Promise<T | undefined> {
    return deepFreeze(await this.storage.get<T>(key));
  }

  async list<T>(prefix: string): Promise<KvEntry<T>[]> {
    const found: KvEntry<T>[] = [];
    for (const [key, value] of await this.storage.list<T>({ prefix })) found.push({ key, value: deepFreeze(value) });
    return found;
  }

  async commit(writes: readonly KvWrite[], guards: readonly KvGuard[]): Promise<void> {
    await this.storage.transaction(async (txn) => {
      const conflict = await this.firstConflict(txn, undefined, writes, guards);
      if (conflict !== undefined) throw new KvConflict(conflict);
      await apply(txn, writes);
    });
  }

  async prepare(transactionId: string, writes: readonly KvWrite[], guards: readonly KvGuard[]): Promise<PrepareOutcome> {
    return this.storage.transaction(async (txn) => {
      const conflict = await this.firstConflict(txn, transactionId, writes, guards);
      if (conflict !== undefined) return { conflict };
      const expires = this.now() + PREPARE_LEASE_MS;
      const locked = [...new Set([...writes.map((write) => write.key), ...guards.map((guard) => guard.key)])];
      for (const key of locked) await txn.put(LOCK_PREFIX + key, { transaction: transactionId, expires } satisfies LockRecord);
      await txn.put(PREPARED_PREFIX + transactionId, { writes: [...writes], locked, expires } satisfies PreparedRecord);
      return { prepared: true };
    });
  }

  async finish(transactionId: string, commit: boolean): Promise<boolean> {
    return this.storage.transaction(async (txn) => {
      const prepared = await txn.get<PreparedRecord>(PREPARED_PREFIX + transactionId);
      if (!prepared) return !commit;
      const lapsed = prepared.expires <= this.now();
      for (const key of prepared.locked) {
        const lock = await txn.get<LockRecord>(LOCK_PREFIX + key);
        if (lock?.transaction === transactionId) await txn.delete(LOCK_PREFIX + key);
      }
      await txn.delete(PREPARED_PREFIX + transactionId);
      if (!commit) return true;
      if (lapsed) return false;
      await apply(txn, prepared.writes);
      return true;
    });
  }

  /** The first key whose guard fails or that another live transaction holds. */
  private async firstConflict(
    txn: DurableObjectTransactionLike,
    transactionId: string | undefined,
    writes: readonly KvWrite[],
    guards: readonly KvGuard[],
  ): Promise<string | undefined> {
    const now = this.now();
    for (const key of new Set([...writes.map((write) => write.key), ...guards.map((guard) => guard.key)])) {
      const lock = await txn.get<LockRecord>(LOCK_PREFIX + key);
      if (lock && lock.transaction !== transactionId && lock.expires > now) return key;
    }
    for (const guard of guards) if (!guardHolds(guard, await txn.get(guard.key))) return guard.key;
    return undefined;
  }
}

async function apply(txn: DurableObjectTransactionLike, writes: readonly KvWrite[]): Promise<void> {
  for (const write of writes) {
    if ("delete" in write) await txn.delete(write.key);
    else await txn.put(write.key, write.value);
  }
}
