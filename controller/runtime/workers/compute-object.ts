import { DurableObject, type DurableObjectState, type HibernatableWebSocket } from "cloudflare:workers";
import { setLogLevel } from "@shared/logging/logger";
import { DataplaneHub, type DaemonConnection } from "../../dataplane/hub";
import type { DaemonSocket } from "../../dataplane/host-session";
import type { DockerFacts, Hello } from "@shared/proto";
import type { HostAnswer } from "../../deps";
import type { HostForwarded } from "../../dataplane/host-forwarded";
import type { DataplaneEffect } from "../../domain/dataplane-effects";
import type { LinkCountersSample } from "../../domain/link-counters";
import { ShardedKeyValueStore } from "../../store/sharded-kv";
import { handshakeProblem } from "../../http/websocket-handshake";
import { RemoteShard } from "./shard-rpc";
import { shardObject, workerDeps, type Env } from "./bindings";
import { ForwardingEventBus } from "./forwarding-event-bus";
import { captureAsked, type HostCalls } from "./dataplane-calls";

declare const WebSocketPair: new () => [unknown, HibernatableWebSocket];

/** What a socket keeps across hibernation: its host, then the accepted Hello less the token. */
type KeptHello = Omit<Hello, "token">;
interface Kept {
  hostId: string;
  /** Where the daemon connects from, when the edge said. */
  peer?: string;
  hello?: KeptHello;
}

/**
 * One dataplane host's object: it terminates the daemon's WebSocket with the hibernation API
 * (the object may leave memory while the socket stays up; workerd wakes it for each message)
 * and runs the same hub as Node for that one host, over the sharded store. The objects serving
 * the API call it (`HostCalls`) when something the host may run changed, to apply a change,
 * or for what the host reported.
 */
export class ComputeObject extends DurableObject<Env> implements HostCalls {
  private hub: DataplaneHub | undefined;
  private readonly connections = new Map<HibernatableWebSocket, DaemonConnection>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // A Worker has no process environment for the logger to read its level from.
    setLogLevel(env.LOG_LEVEL);
  }

  async wake(effect: DataplaneEffect): Promise<void> {
    // Woken with sockets still open: take their sessions back before sending them anything.
    this.resumeSockets()?.wake(effect);
  }

  // A host with no socket here answers from its records: disconnected, or never seen.
  async apply(hostId: string, effect: DataplaneEffect): Promise<HostAnswer> {
    const [answer] = await this.hubOf(hostId).apply(effect);
    return answer!;
  }

  async linkCounters(hostId: string, projectId: string, linkId: string): Promise<LinkCountersSample | null> {
    return (await this.hubOf(hostId).linkCounters(projectId, linkId, [hostId])) ?? null;
  }

  async hostForwarded(hostId: string): Promise<HostForwarded | null> {
    return (await this.hubOf(hostId).hostForwarded(hostId)) ?? null;
  }

  async dismiss(hostId: string, reason: string): Promise<void> {
    await this.hubOf(hostId).dismiss(hostId, reason);
  }

  async dockerFacts(hostId: string): Promise<DockerFacts | "absent" | null> {
    return (await this.hubOf(hostId).dockerFacts(hostId)) ?? null;
  }

  /** The daemon's control channel (the one request the Worker sends here), and capture files for other objects. */
  async fetch(request: Request): Promise<Response> {
    const capture = captureAsked(request);
    if (capture !== undefined) {
      // The host's chunks arrive on the socket this object holds; the response keeps it awake meanwhile.
      const stream = await this.hubOf(capture.hostId).captureStream(capture.hostId, capture.relativePath);
      return stream ? new Response(stream, { headers: { "content-type": "application/vnd.tcpdump.pcap" } }) : new Response(null, { status: 404 });
    }
    const hostId = new URL(request.url).searchParams.get("host_id");
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket" || !hostId) {
      return Response.json({ message: "/v2/dataplane/ws?host_id=ID is a WebSocket endpoint for dataplane daemons", status: 400 }, { status: 400 });
    }
    const problem = handshakeProblem(request.headers);
    if (problem) return Response.json({ message: `WebSocket handshake refused: ${problem}`, status: 400 }, { status: 400 });
    const hub = this.hubFor(hostId);
    const [client, server] = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    // Cloudflare's edge says where the daemon connects from; a local workerd does not.
    const peer = request.headers.get("cf-connecting-ip") ?? undefined;
    const kept: Kept = { hostId, ...(peer === undefined ? {} : { peer }) };
    server.serializeAttachment(kept);
    this.connections.set(server, hub.connect(this.daemonSocket(server, kept)));
    return new Response(null, { status: 101, webSocket: client } as ResponseInit);
  }

  webSocketMessage(socket: HibernatableWebSocket, message: ArrayBuffer | string): void {
    this.connectionOf(socket)?.message(message);
  }

  webSocketClose(socket: HibernatableWebSocket, code: number, reason: string): void {
    this.connectionOf(socket)?.closed();
    this.connections.delete(socket);
    try {
      // Answer the daemon's close frame, or it waits for one until it gives up.
      socket.close(code === 1005 ? 1000 : code, reason);
    } catch {
      // Already closed.
    }
  }

  webSocketError(socket: HibernatableWebSocket): void {
    this.connectionOf(socket)?.closed();
    this.connections.delete(socket);
  }

  private connectionOf(socket: HibernatableWebSocket): DaemonConnection | undefined {
    this.resumeSockets();
    return this.connections.get(socket);
  }

  /**
   * After a wake the hub is new: each socket whose Hello was accepted resumes its session, and
   * one still waiting for its Hello starts afresh.
   */
  private resumeSockets(): DataplaneHub | undefined {
    for (const socket of this.ctx.getWebSockets()) {
      if (this.connections.has(socket)) continue;
      const kept = socket.deserializeAttachment() as Kept | null;
      if (!kept) continue;
      const hub = this.hubFor(kept.hostId);
      const daemon = this.daemonSocket(socket, kept);
      this.connections.set(socket, kept.hello ? hub.resume(daemon, { ...kept.hello, token: "" }) : hub.connect(daemon));
    }
    return this.hub;
  }

  /** The hub, with the sessions of the sockets this object holds resumed. */
  private hubOf(hostId: string): DataplaneHub {
    return this.resumeSockets() ?? this.hubFor(hostId);
  }

  private hubFor(hostId: string): DataplaneHub {
    if (this.hub) return this.hub;
    const store = new ShardedKeyValueStore((shard) => new RemoteShard(shardObject(this.env, shard)), () => crypto.randomUUID());
    const events = new ForwardingEventBus(undefined, (shard) => shardObject(this.env, shard));
    this.hub = new DataplaneHub(workerDeps(this.env, store, events), { resetConnectedOnStart: false, onlyHost: hostId });
    return this.hub;
  }

  private daemonSocket(socket: HibernatableWebSocket, { hostId, peer }: Kept): DaemonSocket {
    return {
      ...(peer === undefined ? {} : { peer }),
      send: (bytes) => socket.send(bytes),
      close: (code, reason) => socket.close(code, reason),
      opened: ({ token: _token, ...hello }) => socket.serializeAttachment({ hostId, hello, ...(peer === undefined ? {} : { peer }) } satisfies Kept),
    };
  }
}
