import { deepFreeze } from "@shared/deep-freeze";
import { KvConflict, type KvGuard, type KvWrite } from "../../store/kv";
import type { PrepareOutcome, ShardParticipant } from "../../store/shard-participant";

/**
 * The sharded store's calls between Durable Objects, as JSON over the objects' `fetch`. The
 * Worker's router never forwards `/internal/` paths, so only the objects themselves reach them.
 */
export const SHARD_RPC_PATH = "/internal/shard";

type Call =
  | { op: "get"; key: string }
  | { op: "list"; prefix: string }
  | { op: "commit"; writes: KvWrite[]; guards: KvGuard[] }
  | { op: "prepare"; transaction: string; writes: KvWrite[]; guards: KvGuard[] }
  | { op: "finish"; transaction: string; commit: boolean };

/** How a caller reaches an object: its stub's fetch. */
export type ObjectFetch = (request: Request) => Promise<Response>;

/** Another object's share of the store, called through its stub. */
export class RemoteShard implements ShardParticipant {
  constructor(private readonly fetchObject: ObjectFetch) {}

  async get<T>(key: string): Promise<T | undefined> {
    const { value } = await this.call<{ value?: T }>({ op: "get", key });
    return deepFreeze(value);
  }

  async list<T>(prefix: string) {
    const { entries } = await this.call<{ entries: Array<{ key: string; value: T }> }>({ op: "list", prefix });
    return entries.map(({ key, value }) => ({ key, value: deepFreeze(value) }));
  }

  async commit(writes: readonly KvWrite[], guards: readonly KvGuard[]): Promise<void> {
    const { conflict } = await this.call<{ conflict?: string }>({ op: "commit", writes: [...writes], guards: [...guards] });
    if (conflict !== undefined) throw new KvConflict(conflict);
  }

  prepare(transaction: string, writes: readonly KvWrite[], guards: readonly KvGuard[]): Promise<PrepareOutcome> {
    return this.call<PrepareOutcome>({ op: "prepare", transaction, writes: [...writes], guards: [...guards] });
  }

  async finish(transaction: string, commit: boolean): Promise<boolean> {
    const { finished } = await this.call<{ finished: boolean }>({ op: "finish", transaction, commit });
    return finished;
  }

  private async call<T>(call: Call): Promise<T> {
    const response = await this.fetchObject(
      new Request(`https://shard${SHARD_RPC_PATH}`, { method: "POST", body: JSON.stringify(call), headers: { "content-type": "application/json" } }),
    );
    if (!response.ok) throw new Error(`shard call ${call.op} failed with ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }
}

/** Serves the calls above from this object's own share. */
export async function answerShardCall(request: Request, local: ShardParticipant): Promise<Response> {
  const call = (await request.json()) as Call;
  switch (call.op) {
    case "get":
      return Response.json({ value: await local.get(call.key) });
    case "list":
      return Response.json({ entries: await local.list(call.prefix) });
    case "commit":
      try {
        await local.commit(call.writes, call.guards);
        return Response.json({});
      } catch (error) {
        if (error instanceof KvConflict) return Response.json({ conflict: error.key });
        throw error;
      }
    case "prepare":
      return Response.json(await local.prepare(call.transaction, call.writes, call.guards));
    case "finish":
      return Response.json({ finished: await local.finish(call.transaction, call.commit) });
  }
}
