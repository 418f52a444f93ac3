import { tokenSecretIn } from "./token-secret";
import { randomUUID } from "node:crypto";
import { cpus, freemem, loadavg, networkInterfaces, totalmem } from "node:os";
import { resolve } from "node:path";
import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type Http2Bindings, type HttpBindings, type ServerType } from "@hono/node-server";
import type { Logger } from "@shared/logging/logger";
import { createApp, type ControllerApp } from "../app";
import { GNS3_VERSION, type ControllerDeps, type ControllerLimits, type TopologyFiles } from "../deps";
import { LocalEventBus, type EventBus } from "../events/event-bus";
import { DiskFileStore } from "../files/disk-file-store";
import { DiskLoadableFolders } from "../files/disk-loadable-folders";
import { accessLog } from "../http/access-log";
import { allowedOrigins } from "../http/cors-origins";
import { readBodyFrom } from "../http/request-body";
import { LmdbKeyValueStore } from "../store/lmdb-kv";
import { DEFAULT_CONNECTION_TIMEOUTS, closingWhenBodyUnread, guardStalledTransfers, serverOptions, type ConnectionTimeouts } from "./node-connections";
import { nodeLocalHost } from "./local-host";
import { RequestDrain } from "./request-drain";
import { Admission, DEFAULT_CONCURRENT_REQUESTS } from "./admission";
import { dialTcp } from "./node-tcp";
import { nodeWebSockets, type UpgradeBindings } from "./node-websockets";
import { listenFailure } from "./listen-failure";
import { lockDataDir } from "@shared/cli/data-dir-lock";
import { OperatorError } from "@shared/cli/operator-error";
import { registerWebUi } from "./web-ui";

/** How long a stopping server lets the requests it is handling finish before closing the store. */
const SHUTDOWN_GRACE_MS = 5000;
/** How long without a request a stopping server waits for one that may already be on its way. */
const SHUTDOWN_QUIET_MS = 200;

export interface NodeControllerOptions {
  host: string;
  port: number;
  dataDir: string;
  onShutdown?: () => void;
  notificationPingIntervalMs?: number;
  /** How long an `auto_close` project stays open after its last listener left; GNS3's 5 s unless given (tests shorten it). */
  autoCloseDelayMs?: number;
  /** `npm start` runs a daemon as host `local` beside this controller (see `ControllerConfig.localDataplane`). */
  localDataplane?: boolean;
  /** How long a compute's `auto_idlepc` lets IOS boot before measuring; GNS3's 20 s unless given (tests shorten it). */
  idlePcBootMs?: number;
  /** Folders besides the data dir's projects folder that `POST /v2/projects/load` may read (flag --projects-path). */
  projectsPaths?: readonly string[];
  /** Shared secret of the dataplane daemons dialling `/v2/dataplane/ws` (flag --dataplane-token / DATAPLANE_TOKEN). */
  dataplaneToken?: string;
  auth?: { user: string; password: string };
  /** How long a `/v3` bearer token is valid; 24 h unless set. */
  tokenLifetimeMinutes?: number;
  /** Flags `--max-upload-size`, `--max-nodes`, …; the defaults for those not given. */
  limits?: Partial<ControllerLimits>;
  /** How long slow clients are given; the defaults for those not given. */
  timeouts?: Partial<ConnectionTimeouts>;
  /** Tests pass their own bus to watch subscriptions come and go. */
  events?: EventBus;
  /** Where a line per request goes (flag --access-log); none unless given. */
  accessLog?: Logger;
  /** Origins allowed besides GNS3's own list and the server's loopback names (flag --cors-origin). */
  corsOrigins?: readonly string[];
  /** The GNS3 version to answer as (flag --gns3-version); `GNS3_VERSION` unless given. */
  gns3Version?: string;
  /** How long writes wait for their dataplane hosts (`--dataplane-ack-timeout`). */
  dataplaneAckTimeoutMs?: number;
  /** Only tests shorten how long a daemon may take to say Hello and stay silent after. */
  dataplaneHelloTimeoutMs?: number;
  dataplaneSilenceTimeoutMs?: number;
  /** An unpacked gns3-web-ui build to serve under /static/web-ui/ (flag --web-ui); none unless given. */
  webUiDir?: string;
  /** `available_filters` lists the filters beyond GNS3's five (flag --extended-filters). */
  extendedFilters?: boolean;
  /** Requests worked on at once, the others waiting in arrival order (flag --concurrent-requests; see admission.ts). */
  concurrentRequests?: number;
}

export interface RunningController {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The Node runtime: LMDB and the disk under one data directory, served by @hono/node-server. */
export async function startNodeController(options: NodeControllerOptions): Promise<RunningController> {
  const dataDir = resolve(options.dataDir);
  const unlock = lockDataDir(dataDir, "controller", "controller");
  let store: LmdbKeyValueStore;
  try {
    store = new LmdbKeyValueStore(resolve(dataDir, "store"));
  } catch (error) {
    unlock();
    throw new OperatorError(`cannot open the store in ${dataDir}: ${(error as Error).message}`);
  }
  const webSockets = nodeWebSockets();
  let server: ServerType | undefined;
  let stopGuard = (): void => {};
  const requests = new RequestDrain();
  // Made once the port is known, which the allowed origins name; no request arrives before.
  let app: ControllerApp | undefined;
  let topologyFiles: TopologyFiles | undefined;
  const close = async (): Promise<void> => {
    // Requests being handled finish, and their changes are committed, before the store closes.
    await requests.drain(SHUTDOWN_GRACE_MS, SHUTDOWN_QUIET_MS);
    stopGuard();
    await new Promise<void>((done) => {
      if (!server) return done();
      server.close(() => done());
      // Notification streams and sockets never end by themselves; closing waits for every connection.
      webSockets.terminateAll();
      if ("closeAllConnections" in server) server.closeAllConnections();
    });
    // Projects' .gns3 files waiting for their debounce are written while the store is still open.
    await topologyFiles?.flushAll();
    await store.close();
    unlock();
  };
  const timeouts = { ...DEFAULT_CONNECTION_TIMEOUTS, ...options.timeouts };
  const admission = new Admission(options.concurrentRequests ?? DEFAULT_CONCURRENT_REQUESTS);
  const answer = requests.wrap<HttpBindings | Http2Bindings | UpgradeBindings>(admission.wrap(async (request, bindings) => {
    if ("incoming" in bindings) readBodyFrom(request, bindings.incoming);
    return app!.fetch(request, bindings);
  }));
  try {
    await new Promise<void>((ready, failed) => {
      const refused = (error: Error) => failed(listenFailure(error, options.host, options.port));
      server = serve({ fetch: closingWhenBodyUnread(answer), hostname: options.host, port: options.port, serverOptions: serverOptions(timeouts) }, () => {
        server!.off("error", refused);
        ready();
      });
      server.once("error", refused);
    });
  } catch (error) {
    await store.close();
    unlock();
    throw error;
  }
  const port = (server!.address() as AddressInfo).port;
  const deps: ControllerDeps = {
    config: {
      version: options.gns3Version ?? GNS3_VERSION,
      local: true,
      consoleHost: options.host === "0.0.0.0" || options.host === "::" ? "127.0.0.1" : options.host,
      projectsDir: resolve(dataDir, "projects"),
      notificationPingIntervalMs: options.notificationPingIntervalMs,
      ...(options.autoCloseDelayMs === undefined ? {} : { autoCloseDelayMs: options.autoCloseDelayMs }),
      ...(options.idlePcBootMs === undefined ? {} : { idlePcBootMs: options.idlePcBootMs }),
      ...(options.localDataplane ? { localDataplane: true } : {}),
      startedAtMs: Date.now(),
      dataplaneToken: options.dataplaneToken,
      ...(options.dataplaneAckTimeoutMs === undefined ? {} : { dataplaneAckTimeoutMs: options.dataplaneAckTimeoutMs }),
      ...(options.dataplaneHelloTimeoutMs === undefined ? {} : { dataplaneHelloTimeoutMs: options.dataplaneHelloTimeoutMs }),
      ...(options.dataplaneSilenceTimeoutMs === undefined ? {} : { dataplaneSilenceTimeoutMs: options.dataplaneSilenceTimeoutMs }),
      ...(options.auth ? { auth: options.auth } : {}),
      tokenSecret: tokenSecretIn(dataDir),
      ...(options.tokenLifetimeMinutes === undefined ? {} : { tokenLifetimeMinutes: options.tokenLifetimeMinutes }),
      corsOrigins: allowedOrigins(options.corsOrigins ?? [], port),
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.extendedFilters ? { extendedFilters: true } : {}),
    },
    store,
    events: options.events ?? new LocalEventBus(),
    files: new DiskFileStore(dataDir),
    newId: randomUUID,
    loadableFolders: new DiskLoadableFolders([resolve(dataDir, "projects"), ...(options.projectsPaths ?? [])]),
    hostInterfaces: () => Object.keys(networkInterfaces()).filter((name) => name !== "lo"),
    upgradeWebSocket: webSockets.upgradeWebSocket,
    peerAddress: (c) => {
      const socket = (c.env as Partial<UpgradeBindings> | undefined)?.incoming?.socket;
      return socket?.remoteAddress === undefined ? undefined : `${socket.remoteAddress}:${socket.remotePort}`;
    },
    connectTcp: dialTcp,
    requestShutdown: () => (options.onShutdown ?? (() => void close().then(() => process.exit(0))))(),
    usage: hostUsage,
    localHost: nodeLocalHost({ port, dataDir, usage: hostUsage }),
  };
  app = createApp(deps, { dashboardAtRoot: options.webUiDir === undefined, ...(options.accessLog ? { middleware: [accessLog(options.accessLog)] } : {}) });
  topologyFiles = deps.topologyFiles;
  if (options.webUiDir !== undefined) registerWebUi(app, options.webUiDir);
  stopGuard = guardStalledTransfers(server as HttpServer, timeouts.stallMs);
  webSockets.attach(server as HttpServer, answer);
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return { url: `http://${host}:${port}`, port, close };
}

function hostUsage(): { cpu_usage_percent: number; memory_usage_percent: number } {
  const cores = cpus().length || 1;
  const cpu = Math.min(100, (loadavg()[0]! / cores) * 100);
  const memory = ((totalmem() - freemem()) / totalmem()) * 100;
  return { cpu_usage_percent: Math.round(cpu * 10) / 10, memory_usage_percent: Math.round(memory * 10) / 10 };
}
