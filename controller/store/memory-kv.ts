import { deepFreeze } from "@shared/deep-freeze";
import { KvConflict, guardHolds, type KeyValueStore, type KvEntry, type KvGuard, type KvWrite } from "./kv";

/** The in-memory backend for unit tests. Stored values are private clones, handed out frozen like LMDB's. */
export class MemoryKeyValueStore implements KeyValueStore {
  private readonly entries = new Map<string, unknown>();

  async get<T>(key: string): Promise<T | undefined> {
    const value = this.entries.get(key);
    return value as T | undefined;
  }

  async list<T>(prefix: string): Promise<KvEntry<T>[]> {
    const found: KvEntry<T>[] = [];
    for (const [key, value] of this.entries) {
      if (key.startsWith(prefix)) found.push({ key, value: value as T });
    }
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async commit(writes: readonly KvWrite[], guards: readonly KvGuard[] = []): Promise<void> {
    for (const guard of guards) {
      if (!guardHolds(guard, this.entries.get(guard.key))) throw new KvConflict(guard.key);
    }
    for (const write of writes) {
      if ("delete" in write) this.entries.delete(write.key);
      else this.entries.set(write.key, deepFreeze(structuredClone(write.value)));
    }
  }

  async close(): Promise<void> {}
}
