import { deepFreeze } from "../../shared/deep-freeze";
import { open, type RootDatabase } from "lmdb";
import { KvConflict, KvUnavailable, guardHolds, type KeyValueStore, type KvEntry, type KvGuard, type KvWrite } from "./kv";

/**
 * The embedded Node backend. LMDB commits are ACID and survive `kill -9`; `transaction`
 * checks the guards and applies the writes inside one write transaction, which LMDB
 * serialises across threads and processes, so guarded commits cannot interleave.
 * Decoded values are cached (hot records such as a project or a switch with a hundred ports
 * are read on every request) and handed out frozen, so no caller can alter the cached copy.
 */
export class LmdbKeyValueStore implements KeyValueStore {
  private readonly db: RootDatabase<unknown, string>;

  constructor(path: string) {
    // Durability over throughput: a 2xx must mean the change is on disk.
    this.db = open<unknown, string>({ path, compression: false, noSync: false, overlappingSync: false, cache: true });
  }

  async get<T>(key: string): Promise<T | undefined> {
    return deepFreeze(this.db.get(key)) as T | undefined;
  }

  async list<T>(prefix: string): Promise<KvEntry<T>[]> {
    const found: KvEntry<T>[] = [];
    for (const { key, value } of this.db.getRange({ start: prefix, end: `${prefix}\uffff` })) {
      found.push({ key, value: deepFreeze(value) as T });
    }
    return found;
  }

  async commit(writes: readonly KvWrite[], guards: readonly KvGuard[] = []): Promise<void> {
    try {
      await this.db.transaction(() => {
        for (const guard of guards) {
          if (!guardHolds(guard, this.db.get(guard.key))) throw new KvConflict(guard.key);
        }
        for (const write of writes) {
          if ("delete" in write) this.db.remove(write.key);
          else this.db.put(write.key, deepFreeze(structuredClone(write.value)));
        }
      });
    } catch (error) {
      if (error instanceof KvConflict) throw error;
      throw new KvUnavailable(`The store could not save the change: ${(error as Error).message}`);
    }
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}
