import { createApp, type ControllerApp } from "../app";
import { GNS3_VERSION } from "../deps";
import { LocalEventBus } from "../events/event-bus";
import { R2FileStore, type R2BucketLike } from "../files/r2-file-store";
import { DurableObjectKeyValueStore, type DurableObjectStorageLike } from "../store/durable-object-kv";
import { upgradeWorkerWebSocket } from "./worker-websocket";

/** The bindings declared in `wrangler.toml`. */
export interface Env {
  CONTROLLER: DurableObjectNamespaceLike;
  FILES: R2BucketLike;
  /** "true" when clients share the host (GNS3 local mode), as in local runs; deployed, it is "false". */
  CONTROLLER_LOCAL?: string;
  /** Comma-separated interfaces a cloud node offers by default; none unless set. */
  CONTROLLER_HOST_INTERFACES?: string;
  /** Only tests shorten the notification ping interval. */
  CONTROLLER_NOTIFICATION_PING_MS?: string;
}

interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(request: Request): Promise<Response> };
}

interface DurableObjectStateLike {
  storage: DurableObjectStorageLike;
}

/**
 * First slice of the Workers runtime: every request goes to one Durable Object that holds
 * the whole controller state and runs the same Hono app as Node over its storage. Its input
 * gate serialises requests, as one Node process does. Next: one object per project behind
 * a router, with the project list, computes and server endpoints in an object of their own.
 */
export class ControllerObject {
  private readonly app: ControllerApp;

  constructor(state: DurableObjectStateLike, env: Env) {
    this.app = createApp({
      config: {
        version: GNS3_VERSION,
        local: env.CONTROLLER_LOCAL === "true",
        consoleHost: "127.0.0.1",
        projectsDir: "/projects",
        notificationPingIntervalMs: env.CONTROLLER_NOTIFICATION_PING_MS === undefined ? undefined : Number(env.CONTROLLER_NOTIFICATION_PING_MS),
      },
      store: new DurableObjectKeyValueStore(state.storage),
      // Listeners live in this object, so notification streams see every change it makes.
      events: new LocalEventBus(),
      files: new R2FileStore(env.FILES),
      newId: () => crypto.randomUUID(),
      // A Worker has no network interfaces of its own: a cloud node offers those it is told of.
      hostInterfaces: () => (env.CONTROLLER_HOST_INTERFACES ?? "").split(",").filter((name) => name !== ""),
      upgradeWebSocket: upgradeWorkerWebSocket,
      requestShutdown: () => {},
      usage: () => ({ cpu_usage_percent: 0, memory_usage_percent: 0 }),
    });
  }

  async fetch(request: Request): Promise<Response> {
    return uncompressedIfOpenEnded(await this.app.fetch(request));
  }
}

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

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    return env.CONTROLLER.get(env.CONTROLLER.idFromName("controller")).fetch(request);
  },
};
