import { setLogLevel } from "@shared/logging/logger";
import type { DurableObjectState } from "cloudflare:workers";
import { createApp, type ControllerApp } from "../../app";
import type { ControllerDeps } from "../../deps";
import type { Notification, NotificationScope } from "../../events/event-bus";
import { ShardedKeyValueStore } from "../../store/sharded-kv";
import type { ShardParticipant } from "../../store/shard-participant";
import type { ShardName } from "../../store/shards";
import { hostObject, SHARD_HEADER, shardObject, workerDeps, type Env, type ShardObjectCalls } from "./bindings";
import { ForwardingEventBus } from "./forwarding-event-bus";
import { dataplaneThroughObjects } from "./dataplane-calls";
import { RemoteShard, ShardHoldingObject } from "./shard-rpc";

/**
 * A Durable Object holding one shard of the controller's state (the directory, or one
 * project) and serving the `/v2` routes the Worker sends it, with the same Hono app as Node.
 * Its store reaches the other shards through their objects; its notification streams get the
 * events other objects publish for them.
 */
class ControllerShardObject extends ShardHoldingObject<Env> implements ShardObjectCalls {
  private running: { shard: ShardName; app: ControllerApp; events: ForwardingEventBus } | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // A Worker has no process environment for the logger to read its level from.
    setLogLevel(env.LOG_LEVEL);
  }

  async fetch(request: Request): Promise<Response> {
    const shard = request.headers.get(SHARD_HEADER) as ShardName | null;
    if (shard === null) return Response.json({ message: "requests reach this object through the Worker", status: 400 }, { status: 400 });
    return uncompressedIfOpenEnded(await this.start(shard).app.fetch(request));
  }

  /** A notification published in another object for a stream this one serves; none listens before its first request. */
  async deliverNotification(scope: NotificationScope, notification: Notification): Promise<void> {
    this.running?.events.deliver(scope, notification);
  }

  private start(shard: ShardName) {
    if (this.running) return this.running;
    const stubs = new Map<ShardName, ShardParticipant>();
    const participant = (other: ShardName): ShardParticipant => {
      if (other === shard) return this.local;
      let remote = stubs.get(other);
      if (!remote) stubs.set(other, (remote = new RemoteShard(shardObject(this.env, other))));
      return remote;
    };
    const store = new ShardedKeyValueStore(participant, () => crypto.randomUUID());
    const events = new ForwardingEventBus(shard, (other) => shardObject(this.env, other));
    const deps: ControllerDeps = { ...workerDeps(this.env, store, events), dataplane: dataplaneThroughObjects((hostId) => hostObject(this.env, hostId)) };
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
