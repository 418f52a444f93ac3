import { setLogLevel } from "@shared/logging/logger";
import { DataplaneHub, type DaemonConnection } from "../../dataplane/hub";
import type { DaemonSocket } from "../../dataplane/host-session";
import type { Hello } from "@shared/proto";
import { ShardedKeyValueStore } from "../../store/sharded-kv";
import { handshakeProblem } from "../../http/websocket-handshake";
import { RemoteShard } from "./shard-rpc";
import { shardFetch, workerDeps, type Env } from "./bindings";
import { ForwardingEventBus } from "./forwarding-event-bus";
import { APPLY_PATH, CAPTURE_PATH, COUNTERS_PATH, FORWARDED_PATH, REFRESH_PATH } from "./dataplane-calls";
import type { DataplaneEffect } from "../../domain/dataplane-effects";

/** workerd's hibernatable server socket (typed here so Node code needs no Workers types). */
interface HibernatableSocket {
  send(data: ArrayBuffer | Uint8Array | string): void;
  close(code?: number, reason?: string): void;
  serializeAttachment(value: unknown): void;
  deserializeAttachment(): unknown;
}

interface ComputeObjectState {
  acceptWebSocket(socket: HibernatableSocket): void;
  getWebSockets(): HibernatableSocket[];
}

declare const WebSocketPair: new () => [unknown, HibernatableSocket];

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
 * and runs the same hub as Node for that one host, over the sharded store. Other objects tell
 * it when something the host may run changed (`/internal/refresh`).
 */
export class ComputeObject {
  private hub: DataplaneHub | undefined;
  private readonly connections = new Map<HibernatableSocket, DaemonConnection>();

  constructor(
    private readonly state: ComputeObjectState,
    private readonly env: Env,
  ) {
    // A Worker has no process environment for the logger to read its level from.
    setLogLevel(env.LOG_LEVEL);
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === REFRESH_PATH) {
      // Woken with sockets still open: take their sessions back before rebuilding their state.
      this.resumeSockets()?.refresh();
      return new Response(null, { status: 204 });
    }
    const hostId = url.searchParams.get("host_id");
    if (url.pathname === CAPTURE_PATH && hostId) {
      // The host's chunks arrive on the socket this object holds; the response keeps it awake meanwhile.
      const stream = await (this.resumeSockets() ?? this.hubFor(hostId)).captureStream(hostId, url.searchParams.get("path") ?? "");
      return stream ? new Response(stream, { headers: { "content-type": "application/vnd.tcpdump.pcap" } }) : new Response(null, { status: 404 });
    }
    if ((url.pathname === APPLY_PATH || url.pathname === COUNTERS_PATH || url.pathname === FORWARDED_PATH) && hostId) {
      // A host with no socket here answers from its records: disconnected, or never seen.
      const hub = this.resumeSockets() ?? this.hubFor(hostId);
      if (url.pathname === FORWARDED_PATH) return Response.json((await hub.hostForwarded(hostId)) ?? null);
      if (url.pathname === COUNTERS_PATH) {
        return Response.json((await hub.linkCounters(url.searchParams.get("project_id") ?? "", url.searchParams.get("link_id") ?? "", [hostId])) ?? null);
      }
      return Response.json(await hub.apply((await request.json()) as DataplaneEffect));
    }
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket" || !hostId) {
      return Response.json({ message: "/v2/dataplane/ws?host_id=ID is a WebSocket endpoint for dataplane daemons", status: 400 }, { status: 400 });
    }
    const problem = handshakeProblem(request.headers);
    if (problem) return Response.json({ message: `WebSocket handshake refused: ${problem}`, status: 400 }, { status: 400 });
    const hub = this.hubFor(hostId);
    const [client, server] = new WebSocketPair();
    this.state.acceptWebSocket(server);
    // Cloudflare's edge says where the daemon connects from; a local workerd does not.
    const peer = request.headers.get("cf-connecting-ip") ?? undefined;
    const kept: Kept = { hostId, ...(peer === undefined ? {} : { peer }) };
    server.serializeAttachment(kept);
    this.connections.set(server, hub.connect(this.daemonSocket(server, kept)));
    return new Response(null, { status: 101, webSocket: client } as ResponseInit);
  }

  webSocketMessage(socket: HibernatableSocket, message: ArrayBuffer | string): void {
    this.connectionOf(socket)?.message(message);
  }

  webSocketClose(socket: HibernatableSocket, code: number, reason: string): void {
    this.connectionOf(socket)?.closed();
    this.connections.delete(socket);
    try {
      // Answer the daemon's close frame, or it waits for one until it gives up.
      socket.close(code === 1005 ? 1000 : code, reason);
    } catch {
      // Already closed.
    }
  }

  webSocketError(socket: HibernatableSocket): void {
    this.connectionOf(socket)?.closed();
    this.connections.delete(socket);
  }

  private connectionOf(socket: HibernatableSocket): DaemonConnection | undefined {
    this.resumeSockets();
    return this.connections.get(socket);
  }

  /**
   * After a wake the hub is new: each socket whose Hello was accepted resumes its session, and
   * one still waiting for its Hello starts afresh.
   */
  private resumeSockets(): DataplaneHub | undefined {
    for (const socket of this.state.getWebSockets()) {
      if (this.connections.has(socket)) continue;
      const kept = socket.deserializeAttachment() as Kept | null;
      if (!kept) continue;
      const hub = this.hubFor(kept.hostId);
      const daemon = this.daemonSocket(socket, kept);
      this.connections.set(socket, kept.hello ? hub.resume(daemon, { ...kept.hello, token: "" }) : hub.connect(daemon));
    }
    return this.hub;
  }

  private hubFor(hostId: string): DataplaneHub {
    if (this.hub) return this.hub;
    const store = new ShardedKeyValueStore((shard) => new RemoteShard(shardFetch(this.env, shard)), () => crypto.randomUUID());
    const events = new ForwardingEventBus(undefined, (shard) => shardFetch(this.env, shard));
    this.hub = new DataplaneHub(workerDeps(this.env, store, events), { resetConnectedOnStart: false, onlyHost: hostId });
    return this.hub;
  }

  private daemonSocket(socket: HibernatableSocket, { hostId, peer }: Kept): DaemonSocket {
    return {
      ...(peer === undefined ? {} : { peer }),
      send: (bytes) => socket.send(bytes),
      close: (code, reason) => socket.close(code, reason),
      opened: ({ token: _token, ...hello }) => socket.serializeAttachment({ hostId, hello, ...(peer === undefined ? {} : { peer }) } satisfies Kept),
    };
  }
}
