import { KvConflict, KvUnavailable, type KeyValueStore, type KvEntry, type KvGuard, type KvWrite } from "./kv";
import type { ShardParticipant } from "./shard-participant";
import { DIRECTORY, PROJECT_INDEX_PREFIX, projectIndexKey, projectOfRecordKey, projectShard, shardOfKey, shardsOfPrefix, type ShardName } from "./shards";

/**
 * The key-value contract over many Durable Objects (see shards.ts for who owns what), seen
 * from one of them. A commit whose keys all live in one object is that object's transaction;
 * one that spans objects (a node and its console port, a project and its name) is a two-phase
 * commit: every object checks its guards and locks the keys, then every object applies. A
 * lock refused is a `KvConflict`, which the services already retry from fresh reads, so no
 * object ever waits on another and two coordinators cannot deadlock.
 *
 * Writing a project record also writes its entry in the directory's project index, in the
 * same commit, so listings that span projects know which objects to ask.
 */
export class ShardedKeyValueStore implements KeyValueStore {
  constructor(
    private readonly participant: (shard: ShardName) => ShardParticipant,
    private readonly newTransactionId: () => string,
  ) {}

  get<T>(key: string): Promise<T | undefined> {
    return this.participant(shardOfKey(key)).get<T>(key);
  }

  async list<T>(prefix: string): Promise<KvEntry<T>[]> {
    const where = shardsOfPrefix(prefix);
    if ("one" in where) return this.participant(where.one).list<T>(prefix);
    const index = await this.participant(DIRECTORY).list<true>(PROJECT_INDEX_PREFIX);
    const projectIds = index.map((entry) => entry.key.slice(PROJECT_INDEX_PREFIX.length));
    const parts = await Promise.all(projectIds.map((projectId) => this.participant(projectShard(projectId)).list<T>(prefix)));
    return parts.flat().sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async commit(writes: readonly KvWrite[], guards: readonly KvGuard[] = []): Promise<void> {
    const byShard = groupByShard(withProjectIndex(writes), guards);
    try {
      if (byShard.size === 1) {
        const [shard, part] = [...byShard][0]!;
        return await this.participant(shard).commit(part.writes, part.guards);
      }
      await this.commitAcross(byShard);
    } catch (error) {
      if (error instanceof KvConflict || error instanceof KvUnavailable) throw error;
      throw new KvUnavailable(`The store could not save the change: ${(error as Error).message}`);
    }
  }

  async close(): Promise<void> {}

  private async commitAcross(byShard: Map<ShardName, ShardPart>): Promise<void> {
    const transactionId = this.newTransactionId();
    // One order for every coordinator, so two of them meet at the same object first.
    const shards = [...byShard.keys()].sort();
    const prepared: ShardName[] = [];
    try {
      for (const shard of shards) {
        const part = byShard.get(shard)!;
        const outcome = await this.participant(shard).prepare(transactionId, part.writes, part.guards);
        if ("conflict" in outcome) throw new KvConflict(outcome.conflict);
        prepared.push(shard);
      }
    } catch (error) {
      await Promise.allSettled(prepared.map((shard) => this.participant(shard).finish(transactionId, false)));
      throw error;
    }
    const finished = await Promise.all(shards.map((shard) => this.participant(shard).finish(transactionId, true)));
    if (finished.includes(false)) {
      throw new KvUnavailable("The change was held longer than its lease and only partly saved; check the objects it touched");
    }
  }
}

interface ShardPart {
  writes: KvWrite[];
  guards: KvGuard[];
}

function groupByShard(writes: readonly KvWrite[], guards: readonly KvGuard[]): Map<ShardName, ShardPart> {
  const byShard = new Map<ShardName, ShardPart>();
  const part = (key: string) => {
    const shard = shardOfKey(key);
    let found = byShard.get(shard);
    if (!found) byShard.set(shard, (found = { writes: [], guards: [] }));
    return found;
  };
  for (const write of writes) part(write.key).writes.push(write);
  for (const guard of guards) part(guard.key).guards.push(guard);
  return byShard;
}

function withProjectIndex(writes: readonly KvWrite[]): KvWrite[] {
  const indexed: KvWrite[] = [...writes];
  for (const write of writes) {
    const projectId = projectOfRecordKey(write.key);
    if (projectId === undefined) continue;
    indexed.push("delete" in write ? { key: projectIndexKey(projectId), delete: true } : { key: projectIndexKey(projectId), value: true });
  }
  return indexed;
}
