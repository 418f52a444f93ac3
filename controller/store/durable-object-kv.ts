import { deepFreeze } from "../../shared/deep-freeze";
import { KvConflict, KvUnavailable, guardHolds, type KeyValueStore, type KvEntry, type KvGuard, type KvWrite } from "./kv";

/** The part of a Durable Object's `ctx.storage` this backend uses (typed here so Node code needs no Workers types). */
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
 * The Workers backend: one Durable Object's storage, strongly consistent and private to the
 * object. `transaction` checks the guards and applies the writes as one unit (a thrown
 * `KvConflict` rolls it back), and the object's input gate keeps other requests out while it
 * runs. Storage structured-clones values both ways, so each read is a private copy; it is
 * frozen anyway, because the contract says values read are read-only.
 */
export class DurableObjectKeyValueStore implements KeyValueStore {
  constructor(private readonly storage: DurableObjectStorageLike) {}

  async get<T>(key: string): Promise<T | undefined> {
    return deepFreeze(await this.storage.get<T>(key));
  }

  async list<T>(prefix: string): Promise<KvEntry<T>[]> {
    const found: KvEntry<T>[] = [];
    for (const [key, value] of await this.storage.list<T>({ prefix })) found.push({ key, value: deepFreeze(value) });
    return found;
  }

  async commit(writes: readonly KvWrite[], guards: readonly KvGuard[] = []): Promise<void> {
    try {
      await this.storage.transaction(async (txn) => {
        for (const guard of guards) {
          if (!guardHolds(guard, await txn.get(guard.key))) throw new KvConflict(guard.key);
        }
        for (const write of writes) {
          if ("delete" in write) await txn.delete(write.key);
          else await txn.put(write.key, write.value);
        }
      });
    } catch (error) {
      if (error instanceof KvConflict) throw error;
      throw new KvUnavailable(`The store could not save the change: ${(error as Error).message}`);
    }
  }

  async close(): Promise<void> {}
}
