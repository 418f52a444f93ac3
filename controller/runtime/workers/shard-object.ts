import { setLogLevel } from "@shared/logging/logger";
import { createApp, type ControllerApp } from "../../app";
import type { ControllerDeps } from "../../deps";
import { ShardedKeyValueStore } from "../../store/sharded-kv";
import { ShardStorage, type DurableObjectStorageLike } from "../../store/shard-storage";
import type { ShardParticipant } from "../../store/shard-participant";
import type { ShardName } from "../../store/shards";
import { computeFetch, SHARD_HEADER, shardFetch, workerDeps, type Env } from "./bindings";
import { EVENTS_PATH, ForwardingEventBus } from "./forwarding-event-bus";
import { dataplaneThroughObjects } from "./dataplane-calls";
import { answerShardCall, RemoteShard, SHARD_RPC_PATH } from "./shard-rpc";

interface DurableObjectStateLike {
  storage: DurableObjectStorageLike;
}

/**
 * A Durable Object holding one shard of the controller's state (the directory, or one
 * project) and serving the `/v2` routes the Worker sends it, with the same Hono app as Node.
 * Its store reaches the other shards through their objects; its notification streams get the
 * events other objects publish for them.
 */
class ControllerShardObject {
  private readonly local: ShardStorage;
  private running: { shard: ShardName; app: ControllerApp; events: ForwardingEventBus } | undefined;

  constructor(
    state: DurableObjectStateLike,
    private readonly env: Env,
  ) {
    // A Worker has no process environment for the logger to read its level from.
    setLogLevel(env.LOG_LEVEL);
    this.local = new ShardStorage(state.storage);
  }

  async fetch(request: Request): Promise<Response> {
    const shard = request.headers.get(SHARD_HEADER) as ShardName | null;
    if (shard === null) return Response.json({ message: "requests reach this object through the Worker", status: 400 }, { status: 400 });
    const running = this.start(shard);
    const path = new URL(request.url).pathname;
    if (path === SHARD_RPC_PATH) return answerShardCall(request, this.local);
    if (path === EVENTS_PATH) return running.events.deliver(request);
    return uncompressedIfOpenEnded(await running.app.fetch(request));
  }

  private start(shard: ShardName) {
    if (this.running) return this.running;
    const stubs = new Map<ShardName, ShardParticipant>();
    const participant = (other: ShardName): ShardParticipant => {
      if (other === shard) return this.local;
      let remote = stubs.get(other);
      if (!remote) stubs.set(other, (remote = new RemoteShard(shardFetch(this.env, other))));
      return remote;
    };
    const store = new ShardedKeyValueStore(participant, () => crypto.randomUUID());
    const events = new ForwardingEventBus(shard, (other) => shardFetch(this.env, other));
    const deps: ControllerDeps = { ...workerDeps(this.env, store, events), dataplane: dataplaneThroughObjects((hostId) => computeFetch(this.env, hostId)) };
    this.running = { shard, app: createApp(deps, { dataplaneChannel: false }), events };
    return this.running;
  }
}

/** The shared records: project index and names, computes, console ports, dataplane hosts, settings. */
export class DirectoryObject extends ControllerShardObject {}

/** One project's records: the project, its nodes, links, drawings and their claims. */
export class ProjectObject extends ControllerShardObject {}

/**
 * Cloudflare's edge (and miniflare, which mimics it) gzips JSON for clients that accept it,
 * and a compressor holds output back until its block fills: a notification stream would reach
 * the client minutes late. A body of unknown length is marked as sent unencoded, which the
 * edge leaves alone.
 */
function uncompressedIfOpenEnded(response: Response): Response {
  if (!response.body || response.headers.has("content-length") || response.headers.has("content-encoding")) return response;
  const marked = new Response(response.body, response);
  marked.headers.set("content-encoding", "identity");
  return marked;
}
