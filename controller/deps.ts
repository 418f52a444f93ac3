import type { DockerFacts } from "@shared/proto";
import type { Context } from "hono";
import type { UpgradeWebSocket } from "hono/ws";
import type { HostNetworkInterface } from "@shared/host/network-interfaces";
import type { ComputeStatistics, QemuBinary } from "@shared/schemas/compute";
import type { TcpDialer } from "./consoles/tcp";
import type { HostForwarded } from "./dataplane/host-forwarded";
import type { LinkCountersSample } from "./domain/link-counters";
import type { DataplaneEffect } from "./domain/dataplane-effects";
import type { EventBus } from "./events/event-bus";
import type { FileStore } from "./files/file-store";
import type { LoadableFolders } from "./files/loadable-folders";
import type { KeyValueStore } from "./store/kv";

export interface ControllerConfig {
  /** The GNS3 server version we answer as; clients refuse to talk to another one. */
  version: string;
  /** GNS3 "local" mode: the controller and its clients share a host (enables shutdown, debug, load). */
  local: boolean;
  /** Host clients use to reach node consoles. */
  consoleHost: string;
  /** Directory reported as a project's `path`; its files live in the file store under `projects/{id}`. */
  projectsDir: string;
  /** Silence after which a notification stream sends a ping; GNS3's 5 s unless set (tests shorten it). */
  notificationPingIntervalMs?: number;
  /** How long after its last notification listener left an `auto_close` project closes; GNS3's 5 s unless set (tests shorten it). */
  autoCloseDelayMs?: number;
  /** Shared secret dataplane daemons present in their Hello; none configured ⇒ every daemon is refused. */
  dataplaneToken?: string;
  /** HTTP Basic credentials every `/v2` request must carry (GNS3's server auth); none ⇒ open. */
  auth?: { user: string; password: string };
  /** The secret `/v3`'s bearer tokens are signed with; none ⇒ no one can sign in to `/v3`. */
  tokenSecret?: string;
  /** How long a `/v3` bearer token is valid; GNS3's 24 h (1440) unless set. */
  tokenLifetimeMinutes?: number;
  /** Origins of the pages a browser may let call the API (CORS); none given ⇒ GNS3's own list (`GNS3_WEB_UI_ORIGINS`). */
  corsOrigins?: readonly string[];
  /** Overrides of `DEFAULT_LIMITS`; a runtime that sets none gets the defaults. */
  limits?: Partial<ControllerLimits>;
  /** How long a write that changes what a host runs waits for the host to apply it; 5 s unless set. */
  dataplaneAckTimeoutMs?: number;
  /** How long a daemon has to say Hello, and may then stay silent, before it is closed; only tests shorten them. */
  dataplaneHelloTimeoutMs?: number;
  dataplaneSilenceTimeoutMs?: number;
  /**
   * `npm start` runs a daemon as host `local` beside this controller (not `--no-local-dataplane`):
   * until it has said Hello to this controller, `local` is not connected, and a write that needs
   * it waits for it, as for any known host.
   */
  localDataplane?: boolean;
  /** When this controller's runtime began (ms): a host recorded as connected before then is from an earlier run. */
  startedAtMs?: number;
  /** How long `POST /v2/computes/{id}/auto_idlepc` lets IOS boot before measuring; GNS3's 20 s unless set (tests only: CONTROLLER_IDLEPC_BOOT_MS). */
  idlePcBootMs?: number;
  /** `available_filters` lists the filters beyond GNS3's five, on every link (flag --extended-filters). */
  extendedFilters?: boolean;
}

export const DEFAULT_DATAPLANE_ACK_TIMEOUT_MS = 5000;

/** What one client or one project may take of the controller; each refusal names its limit. */
export interface ControllerLimits {
  /** Largest image or file upload, in bytes (413 beyond). */
  maxUploadBytes: number;
  /** Records one project may hold (409 beyond). */
  maxNodesPerProject: number;
  maxLinksPerProject: number;
  maxDrawingsPerProject: number;
  /** Notification streams and WebSockets open at once, in all and on one project (429 beyond). */
  maxNotificationListeners: number;
  maxNotificationListenersPerProject: number;
}

const GiB = 1024 * 1024 * 1024;

/**
 * Generous for a lab (a 4 GiB disk image, ten thousand nodes) and small enough that one client
 * cannot fill the disk or the memory of the controller.
 */
export const DEFAULT_LIMITS: ControllerLimits = {
  maxUploadBytes: 4 * GiB,
  maxNodesPerProject: 10_000,
  maxLinksPerProject: 20_000,
  maxDrawingsPerProject: 10_000,
  maxNotificationListeners: 1_000,
  maxNotificationListenersPerProject: 100,
};

export function limitsOf(config: ControllerConfig): ControllerLimits {
  return { ...DEFAULT_LIMITS, ...config.limits };
}

/** Everything a request needs from the runtime; the runtime adapters build it, routes only use it. */
export interface ControllerDeps {
  config: ControllerConfig;
  store: KeyValueStore;
  events: EventBus;
  files: FileStore;
  newId: () => string;
  /** Where `POST /v2/projects/load` may read projects from the server's disk; absent where there is no disk (Workers). */
  loadableFolders?: LoadableFolders;
  /** Names of the host's network interfaces, for a cloud node's default ports. */
  hostInterfaces: () => string[];
  upgradeWebSocket?: UpgradeWebSocket;
  /** Where a request's connection comes from (address:port), as the runtime knows it; for logs that must tell two clients apart. */
  peerAddress?: (c: Context) => string | undefined;
  /** Outbound TCP, to join node consoles to WebSockets; a runtime without it serves no consoles. */
  connectTcp?: TcpDialer;
  /** Asked by `POST /v2/shutdown`; runs after the response is sent. */
  requestShutdown: () => void;
  /** Host CPU and memory use for notification pings. */
  usage: () => { cpu_usage_percent: number; memory_usage_percent: number };
  /** The machine the controller runs on, as its `local` compute; absent where there is none of its own (Workers). */
  localHost?: LocalHost;
  /** The dataplane hosts' control channels; absent where no daemon can connect (then nothing waits for one). */
  dataplane?: DataplaneControl;
  /** Keeps each project's `.gns3` file current (services/topology-file.ts); `createApp` makes one when none is given. */
  topologyFiles?: TopologyFiles;
}

/** What writes projects' `.gns3` files: soon after a change, or at once. */
export interface TopologyFiles {
  changed(projectId: string): void;
  flush(projectId: string): Promise<void>;
  flushAll(): Promise<void>;
}

/** A node or link a host could not bring up, in the host's words. */
export interface ItemProblem {
  kind: "node" | "link";
  id: string;
  message: string;
  /** The node's console port, when another program listening on it kept the node from starting. */
  consolePortTaken?: number;
}

/** How one host answered a change it was asked to apply. */
export type HostAnswer =
  /** The host runs the revision carrying the change; `problems` are the change's items it could not bring up. */
  | { hostId: string; outcome: "applied"; problems: ItemProblem[] }
  /** The host is not connected, or stopped answering (silent for `silentForMs`) before it acknowledged: the change waits for it. */
  | { hostId: string; outcome: "unreachable"; reason: "disconnected" }
  | { hostId: string; outcome: "unreachable"; reason: "timeout"; silentForMs: number }
  /** No daemon ever connected as this host: there is nothing to apply the change to. */
  | { hostId: string; outcome: "absent" };

/** What requests ask of the dataplane hosts, on Node (one hub) and on Workers (one object per host). */
export interface DataplaneControl {
  /** Sends the hosts of `effect` the state the store now holds, and resolves once each answered. */
  apply(effect: DataplaneEffect): Promise<HostAnswer[]>;
  /** Tells the hosts the store changed what they run, answering no one: they are sent it soon. */
  wake(effect: DataplaneEffect): void;
  /** The newest counters the link's hosts reported, merged; undefined when none did. */
  linkCounters(projectId: string, linkId: string, hostIds: readonly string[]): Promise<LinkCountersSample | undefined>;
  /** What the host's links delivered since this controller heard of them; undefined before its first counters report. */
  hostForwarded(hostId: string): Promise<HostForwarded | undefined>;
  /**
   * The capture file `relativePath` (under the host's data dir) as the host sends it, growing
   * until the capture stops; undefined when the host is not connected or has no such file.
   */
  captureStream(hostId: string, relativePath: string): Promise<ReadableStream<Uint8Array> | undefined>;
  /**
   * The host's Docker Engine as its daemon reads it now, after waiting for a daemon that may be
   * dialling in: "absent" for a host no daemon ever connected as, undefined when it is not
   * connected or did not answer within the ack timeout.
   */
  dockerFacts(hostId: string): Promise<DockerFacts | "absent" | undefined>;
  /**
   * Ends the host's connection, telling its daemon `reason` with a close code it does not dial
   * again after (its compute was deleted, or its token changed); resolves once it is closed.
   */
  dismiss(hostId: string, reason: string): Promise<void>;
}

/** What the `local` compute reports about its machine, read when a client asks. */
export interface LocalHost {
  /** The TCP port the API listens on, which the local compute reports as its own. */
  port: number;
  statistics(): Promise<ComputeStatistics>;
  /** The QEMU system emulators on the PATH. */
  qemuBinaries(): Promise<QemuBinary[]>;
  /** The machine's network interfaces, as a compute lists them. */
  networkInterfaces(): Promise<HostNetworkInterface[]>;
}

export const GNS3_VERSION = "2.2.59";
