import { listOf } from "@shared/cli/list-of";
import { GNS3_VERSION, type ControllerConfig, type ControllerDeps } from "../../deps";
import type { EventBus } from "../../events/event-bus";
import { StoreLoadableFolders } from "../../files/store-loadable-folders";
import { R2FileStore, type R2BucketLike } from "../../files/r2-file-store";
import { allowedOrigins, InvalidOrigin, parseOrigin } from "../../http/cors-origins";
import type { KeyValueStore } from "../../store/kv";
import { projectOfShard, type ShardName } from "../../store/shards";
import { InvalidAckTimeout, parseAckTimeout } from "../ack-timeout";
import { InvalidGns3Version, parseGns3Version } from "../gns3-version";
import { InvalidTokenLifetime, parseTokenLifetime } from "../token-lifetime";
import { limitsFromEnvironment } from "../limit-flags";
import { upgradeWorkerWebSocket } from "../worker-websocket";
import { dialWorkerTcp } from "./worker-tcp";
import type { HostCalls } from "./dataplane-calls";
import type { NotificationCalls } from "./forwarding-event-bus";
import type { ObjectNamespace, ObjectStub } from "./object-stub";
import type { ShardCalls } from "./shard-rpc";

/** The bindings declared in `wrangler.toml`. */
export interface Env {
  /** The directory object: project index and names, computes, consoles, dataplane hosts, settings. */
  DIRECTORY: ObjectNamespace<ShardObjectCalls>;
  /** One object per project, named by the project id. */
  PROJECTS: ObjectNamespace<ShardObjectCalls>;
  /** One object per dataplane host, named by the host id: the daemon's control channel. */
  COMPUTES: ObjectNamespace<HostCalls>;
  FILES: R2BucketLike;
  /** "true" when clients share the host (GNS3 local mode), as in local runs; deployed, it is "false". */
  CONTROLLER_LOCAL?: string;
  /** Comma-separated interfaces a cloud node offers by default; none unless set. */
  CONTROLLER_HOST_INTERFACES?: string;
  /** HTTP Basic credentials (a secret in production): both set ⇒ every `/v2` request needs them. */
  CONTROLLER_USER?: string;
  CONTROLLER_PASSWORD?: string;
  /** The secret `/v3`'s bearer tokens are signed with (a secret of the Worker); unset ⇒ no one can sign in to `/v3`. */
  TOKEN_SECRET?: string;
  /** Minutes a `/v3` bearer token is valid; 1440 (24 h) unless set. */
  TOKEN_LIFETIME_MINUTES?: string;
  /** "true" to serve a deployed controller without credentials, in so many words. */
  CONTROLLER_ALLOW_UNAUTHENTICATED?: string;
  /** The shared secret daemons present in their Hello (a secret); unset ⇒ every daemon is refused. */
  DATAPLANE_TOKEN?: string;
  /** Seconds a write waits for its dataplane hosts to apply it (runtime/ack-timeout.ts); 5 unless set. */
  DATAPLANE_ACK_TIMEOUT?: string;
  /** Comma-separated origins whose pages may call the API from a browser, besides GNS3's own list. */
  CONTROLLER_CORS_ORIGINS?: string;
  /** The GNS3 version to answer as, X.Y.Z; `GNS3_VERSION` unless set. */
  CONTROLLER_GNS3_VERSION?: string;
  /** "true": `available_filters` lists the filters beyond GNS3's five (Node's --extended-filters). */
  CONTROLLER_EXTENDED_FILTERS?: string;
  /** Only tests shorten the notification ping interval. */
  CONTROLLER_NOTIFICATION_PING_MS?: string;
  /** Only tests shorten how long an `auto_close` project stays open after its last listener left. */
  CONTROLLER_AUTO_CLOSE_MS?: string;
  /** "true": `npm run start:worker` runs a daemon as host `local` beside the Worker (see `ControllerConfig.localDataplane`). */
  CONTROLLER_LOCAL_DATAPLANE?: string;
  /** When the workerd serving this Worker started (ms since the epoch): host records older than it are from an earlier run. */
  CONTROLLER_STARTED_AT?: string;
  /** Only tests shorten how long a compute's `auto_idlepc` lets IOS boot. */
  CONTROLLER_IDLEPC_BOOT_MS?: string;
  /** The least level logged: debug, info (unset), warn or error. */
  LOG_LEVEL?: string;
  /**
   * The limits, as on Node (`CONTROLLER_MAX_UPLOAD_SIZE`, `CONTROLLER_MAX_NODES`, …, see
   * runtime/limit-flags.ts). Listener limits count per object: the directory's stream, and
   * each project's streams in its own object.
   */
  [limit: `CONTROLLER_MAX_${string}`]: string | undefined;
}

/** What the other objects call on an object holding a shard: its share of the store, and its notification streams. */
export type ShardObjectCalls = ShardCalls & NotificationCalls;

/** Which shard a request the Worker sends an object is for. */
export const SHARD_HEADER = "x-gns3-shard";

/** The object holding `shard`: the directory's, or its project's. */
export function shardObject(env: Env, shard: ShardName): ObjectStub<ShardObjectCalls> {
  const projectId = projectOfShard(shard);
  const namespace = projectId === undefined ? env.DIRECTORY : env.PROJECTS;
  return namespace.get(namespace.idFromName(projectId ?? "directory"));
}

/** The object of dataplane host `hostId`. */
export function hostObject(env: Env, hostId: string): ObjectStub<HostCalls> {
  return env.COMPUTES.get(env.COMPUTES.idFromName(hostId));
}

/** What projects report as their folder: the R2 key prefix `projects/`, shown as a path. */
const WORKER_PROJECTS_DIR = "/projects";

/** A var the Worker cannot run with; the Worker answers 503, naming it. */
export class InvalidWorkerVar extends Error {}

/**
 * The Worker's settings from its vars. The origins are GNS3's list without the loopback
 * names of a port: a Worker does not know the port it is reached on, and serves no web UI
 * whose page would call it by its other loopback name.
 */
export function workerConfig(env: Env): ControllerConfig {
  return {
    version: checkedVar("CONTROLLER_GNS3_VERSION", () => parseGns3Version(env.CONTROLLER_GNS3_VERSION ?? GNS3_VERSION)),
    corsOrigins: checkedVar("CONTROLLER_CORS_ORIGINS", () => allowedOrigins(listOf(env.CONTROLLER_CORS_ORIGINS ?? "").map(parseOrigin))),
    local: env.CONTROLLER_LOCAL === "true",
    consoleHost: "127.0.0.1",
    projectsDir: WORKER_PROJECTS_DIR,
    notificationPingIntervalMs: env.CONTROLLER_NOTIFICATION_PING_MS === undefined ? undefined : Number(env.CONTROLLER_NOTIFICATION_PING_MS),
    ...(env.CONTROLLER_AUTO_CLOSE_MS === undefined ? {} : { autoCloseDelayMs: Number(env.CONTROLLER_AUTO_CLOSE_MS) }),
    ...(env.CONTROLLER_IDLEPC_BOOT_MS === undefined ? {} : { idlePcBootMs: Number(env.CONTROLLER_IDLEPC_BOOT_MS) }),
    ...(env.CONTROLLER_LOCAL_DATAPLANE === "true" ? { localDataplane: true } : {}),
    ...(env.CONTROLLER_STARTED_AT === undefined ? {} : { startedAtMs: Number(env.CONTROLLER_STARTED_AT) }),
    dataplaneToken: env.DATAPLANE_TOKEN || undefined,
    ...(env.DATAPLANE_ACK_TIMEOUT === undefined ? {} : { dataplaneAckTimeoutMs: checkedVar("DATAPLANE_ACK_TIMEOUT", () => parseAckTimeout(env.DATAPLANE_ACK_TIMEOUT!)) }),
    auth: env.CONTROLLER_USER && env.CONTROLLER_PASSWORD ? { user: env.CONTROLLER_USER, password: env.CONTROLLER_PASSWORD } : undefined,
    tokenSecret: env.TOKEN_SECRET || undefined,
    ...(env.TOKEN_LIFETIME_MINUTES === undefined ? {} : { tokenLifetimeMinutes: checkedVar("TOKEN_LIFETIME_MINUTES", () => parseTokenLifetime(env.TOKEN_LIFETIME_MINUTES!)) }),
    limits: limitsFromEnvironment(env as unknown as Record<string, unknown>),
    extendedFilters: env.CONTROLLER_EXTENDED_FILTERS === "true" || env.CONTROLLER_EXTENDED_FILTERS === "1",
  };
}

function checkedVar<T>(name: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof InvalidOrigin || error instanceof InvalidGns3Version || error instanceof InvalidAckTimeout || error instanceof InvalidTokenLifetime) throw new InvalidWorkerVar(`${name}: ${error.message}`);
    throw error;
  }
}

/** What the routes need, in any of the Worker's objects. */
export function workerDeps(env: Env, store: KeyValueStore, events: EventBus): ControllerDeps {
  const files = new R2FileStore(env.FILES);
  return {
    config: workerConfig(env),
    store,
    events,
    files,
    loadableFolders: new StoreLoadableFolders(files, WORKER_PROJECTS_DIR, "projects"),
    newId: () => crypto.randomUUID(),
    // A Worker has no network interfaces of its own: a cloud node offers those it is told of.
    hostInterfaces: () => (env.CONTROLLER_HOST_INTERFACES ?? "").split(",").filter((name) => name !== ""),
    upgradeWebSocket: upgradeWorkerWebSocket,
    connectTcp: dialWorkerTcp,
    requestShutdown: () => {},
    usage: () => ({ cpu_usage_percent: 0, memory_usage_percent: 0 }),
  };
}
