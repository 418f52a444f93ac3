import { tokenSecretIn } from "./token-secret";
import { networkInterfaces } from "node:os";
import { dirname, join } from "node:path";
import { Miniflare } from "miniflare";
import { buildWorkerBundle } from "./worker-bundle";

export interface LocalWorkerOptions {
  host: string;
  port: number;
  /** Durable Object storage and R2 objects persist under this folder. */
  dataDir: string;
  /** Where the bundle is written; parallel test files each need their own. */
  bundleFile?: string;
  notificationPingIntervalMs?: number;
  /** How long an `auto_close` project stays open after its last listener left; GNS3's 5 s unless given (tests shorten it). */
  autoCloseDelayMs?: number;
  /** How long a compute's `auto_idlepc` lets IOS boot before measuring; GNS3's 20 s unless given (tests shorten it). */
  idlePcBootMs?: number;
  /** The secret dataplane daemons present; none ⇒ they are refused, as on Node. */
  dataplaneToken?: string;
  /** Further vars, as wrangler.toml's `[vars]` and secrets would set them (credentials, CORS origins, version). */
  vars?: Record<string, string>;
}

export interface RunningWorker {
  url: string;
  /** The Worker's R2 bucket of images and project files, reached from Node (tests inspect and seed it). */
  filesBucket(): Promise<NodeR2Bucket>;
  close(): Promise<void>;
}

/** The part of the R2 binding API that miniflare's Node proxy of a bucket offers (typed here: Node has no Workers types). */
export interface NodeR2Bucket {
  head(key: string): Promise<{ key: string; size: number } | null>;
  get(key: string): Promise<{ key: string; size: number; arrayBuffer(): Promise<ArrayBuffer> } | null>;
  put(key: string, value: Uint8Array | string): Promise<unknown>;
  delete(key: string): Promise<void>;
  list(options: { prefix: string; cursor?: string; limit?: number }): Promise<{ objects: { key: string; size: number }[]; truncated: boolean; cursor?: string }>;
}

/**
 * The Worker bundle served by workerd (the Workers runtime itself) through miniflare.
 * The bindings repeat wrangler.toml's, which miniflare does not read.
 */
export async function startLocalWorker(options: LocalWorkerOptions): Promise<RunningWorker> {
  const scriptPath = await buildWorkerBundle(options.bundleFile);
  const miniflare = new Miniflare({
    host: options.host,
    port: options.port,
    modules: true,
    scriptPath,
    // Module names are relative to this root; a bundle outside the working directory needs it.
    modulesRoot: dirname(scriptPath),
    compatibilityDate: "2025-07-18",
    durableObjects: { DIRECTORY: "DirectoryObject", PROJECTS: "ProjectObject", COMPUTES: "ComputeObject" },
    r2Buckets: ["FILES"],
    // Run by hand or by tests, the client shares the host: GNS3's local mode.
    bindings: {
      CONTROLLER_LOCAL: "true",
      // Host records saying connected from before this workerd started are not believed.
      CONTROLLER_STARTED_AT: String(Date.now()),
      // The dataplane of a local run is this host, so a cloud node offers its interfaces, as on Node.
      CONTROLLER_HOST_INTERFACES: Object.keys(networkInterfaces()).filter((name) => name !== "lo").join(","),
      ...(options.notificationPingIntervalMs === undefined ? {} : { CONTROLLER_NOTIFICATION_PING_MS: String(options.notificationPingIntervalMs) }),
      ...(options.autoCloseDelayMs === undefined ? {} : { CONTROLLER_AUTO_CLOSE_MS: String(options.autoCloseDelayMs) }),
      ...(options.idlePcBootMs === undefined ? {} : { CONTROLLER_IDLEPC_BOOT_MS: String(options.idlePcBootMs) }),
      ...(options.dataplaneToken === undefined ? {} : { DATAPLANE_TOKEN: options.dataplaneToken }),
      // A local run keeps its token secret in its data dir, as `npm start` does.
      TOKEN_SECRET: tokenSecretIn(options.dataDir),
      ...options.vars,
    },
    durableObjectsPersist: join(options.dataDir, "durable-objects"),
    r2Persist: join(options.dataDir, "r2"),
  });
  const url = await miniflare.ready;
  return {
    url: url.origin,
    filesBucket: async () => (await miniflare.getR2Bucket("FILES")) as unknown as NodeR2Bucket,
    close: () => miniflare.dispose(),
  };
}
