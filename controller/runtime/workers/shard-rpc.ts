import { DurableObject } from "cloudflare:workers";
import { deepFreeze } from "@shared/deep-freeze";
import { KvConflict, type KvEntry, type KvGuard, type KvWrite } from "../../store/kv";
import { ShardStorage } from "../../store/shard-storage";
import type { PrepareOutcome, ShardParticipant } from "../../store/shard-participant";

/** What a commit says: done, or a guard or lock refused it (RPC carries no `KvConflict`, only its key). */
export type CommitOutcome = { committed: true } | { conflict: string };

/**
 * The sharded store's calls between Durable Objects, as workerd RPC: what an object holding a
 * shard answers the objects whose transactions reach it. Arguments and results travel as
 * structured clones, so what comes back is frozen again by `RemoteShard`.
 */
export interface ShardCalls {
  readShard(key: string): Promise<unknown>;
  listShard(prefix: string): Promise<KvEntry<unknown>[]>;
  commitShard(writes: KvWrite[], guards: KvGuard[]): Promise<CommitOutcome>;
  prepareShard(transaction: string, writes: KvWrite[], guards: KvGuard[]): Promise<PrepareOutcome>;
  finishShard(transaction: string, commit: boolean): Promise<boolean>;
}

/** Another object's share of the store, called through its stub. */
export class RemoteShard implements ShardParticipant {
  constructor(private readonly object: ShardCalls) {}

  async get<T>(key: string): Promise<T | undefined> {
    return deepFreeze((await this.object.readShard(key)) as T | undefined);
  }

  async list<T>(prefix: string): Promise<KvEntry<T>[]> {
    const entries = (await this.object.listShard(prefix)) as KvEntry<T>[];
    return entries.map(({ key, value }) => ({ key, value: deepFreeze(value) }));
  }

  async commit(writes: readonly KvWrite[], guards: readonly KvGuard[]): Promise<void> {
    const outcome = await this.object.commitShard([...writes], [...guards]);
    if ("conflict" in outcome) throw new KvConflict(outcome.conflict);
  }

  prepare(transaction: string, writes: readonly KvWrite[], guards: readonly KvGuard[]): Promise<PrepareOutcome> {
    return this.object.prepareShard(transaction, [...writes], [...guards]);
  }

  finish(transaction: string, commit: boolean): Promise<boolean> {
    return this.object.finishShard(transaction, commit);
  }
}

/**
 * A Durable Object holding one share of the sharded store in its own storage, which it
 * answers the other objects' calls from (the controller's shard objects, the store's test
 * fixture).
 */
export abstract class ShardHoldingObject<Env> extends DurableObject<Env> implements ShardCalls {
  protected readonly local = new ShardStorage(this.ctx.storage);

  readShard(key: string): Promise<unknown> {
    return this.local.get(key);
  }

  listShard(prefix: string): Promise<KvEntry<unknown>[]> {
    return this.local.list(prefix);
  }

  async commitShard(writes: KvWrite[], guards: KvGuard[]): Promise<CommitOutcome> {
    try {
      await this.local.commit(writes, guards);
      return { committed: true };
    } catch (error) {
      if (error instanceof KvConflict) return { conflict: error.key };
      throw error;
    }
  }

  prepareShard(transaction: string, writes: KvWrite[], guards: KvGuard[]): Promise<PrepareOutcome> {
    return this.local.prepare(transaction, writes, guards);
  }

  finishShard(transaction: string, commit: boolean): Promise<boolean> {
    return this.local.finish(transaction, commit);
  }
}
