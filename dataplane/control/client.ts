import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import type WebSocket from "ws";
import {
  decodeControllerMessage,
  encodeDaemonMessage,
  ItemErrorKind,
  MalformedMessage,
  type CountersReport,
  type DaemonMessage,
  type DesiredHostState,
  type DirectionCounters,
  type DockerFacts,
  type ItemError,
  type LinkCounters,
  type NodeReport,
} from "@shared/proto";
import { createLogger, type Logger } from "@shared/logging/logger";
import { EXIT_FAILURE, EXIT_REFUSED } from "@shared/cli/operator-error";
import { CaptureFollowers } from "../capture/capture-follower";
import type { HostFactsSource } from "./host-facts";
import { ReceivedState, touchedTogether, type Scope, type Touched } from "@shared/proto/received-state";
import { AppliedStateFile, loadAppliedState } from "./state-file";

/**
 * Makes the host run a desired state (implemented by the forwarding core). Each call gets a
 * whole state that replaces the previous one; calls never overlap. Resolves with what could
 * not be done, per node or link; rejecting means nothing could be said per item.
 */
export interface Reconciler {
  /**
   * `progress` is told, while the state is applied, how many of its items are done. `scope`
   * names the items that changed since the last call (their specs in `state` are new, or they
   * are gone from it): the rest are as the last call left them, so a reconciler may look at
   * these alone. "all" (and the first call) asks it to look at everything.
   */
  apply(state: DesiredHostState, progress?: (done: number, total: number) => void, scope?: Scope): Promise<ItemError[]>;
  /**
   * Optional: `watcher` gets every item error of the host whenever an item fails between
   * states (a capture whose disk filled), so the controller hears of it without waiting for
   * the next state.
   */
  watchErrors?(watcher: (errors: ItemError[]) => void): void;
  /**
   * Optional: whether a capture is being written to `relativePath` (under the data dir) now.
   * A capture file the controller follows is sent to its end, and the stream ended, once not.
   */
  isCapturing?(relativePath: string): boolean;
  /** Optional: the nodes whose process runs now, with its command line; every ack carries them. */
  nodeReports?(): NodeReport[];
  /** Optional: the console ports of the nodes it runs, which are not busy for the controller's purposes. */
  consolePorts?(): number[];
}

export interface ControlClientOptions {
  /** The controller's base URL (http://host:3080) or the full WebSocket URL. */
  controllerUrl: string;
  hostId: string;
  token: string;
  tunnelAddress: string;
  udpPortMin: number;
  udpPortMax: number;
  name?: string;
  daemonVersion?: string;
  /** Where the last applied state is kept across restarts. */
  dataDir: string;
  reconciler: Reconciler;
  countersSource?: () => CountersReport;
  /** What the host's machine offers emulators, told after each Hello and whenever it changes. */
  hostFacts?: HostFactsSource;
  /** How often counters are read and the links whose counters changed are sent; default 1 s. */
  countersIntervalMs?: number;
  /**
   * The longest the daemon stays silent: with no counter changed, an empty report is sent this
   * long after the last one (the controller takes a host silent for 15 s as gone); default 5 s.
   */
  countersKeepaliveMs?: number;
  /**
   * Reconnect delays double from the first (100 ms) to the cap (2 s): a restarted controller
   * has its daemons back, and their states resent, within about 2 s of listening again.
   */
  reconnectInitialMs?: number;
  reconnectMaxMs?: number;
}

export interface ControlClientEvents {
  /** A state was reconciled (from the controller or, at start, from the saved file). */
  applied: [state: DesiredHostState, errors: ItemError[]];
  refused: [message: string];
  /**
   * The controller will never take this daemon as it is configured (a wrong token, a URL that
   * answers as no controller): the client has stopped dialling, and the daemon should exit.
   */
  fatal: [message: string, exitCode: number];
  connected: [];
  disconnected: [code: number];
}

/**
 * The WebSocket client, loaded when the daemon first dials rather than when it starts: a
 * restarted daemon re-applies its saved state without waiting for the module to load (about a
 * tenth of a second, more on a busy host, of the half second a restart takes).
 */
let webSocketClient: Promise<typeof WebSocket> | undefined;
function loadWebSocketClient(): Promise<typeof WebSocket> {
  return (webSocketClient ??= import("ws").then((module) => module.default));
}

/** The WebSocket path of the controller's dataplane endpoint. */
export const CONTROL_PATH = "/v2/dataplane/ws";

/** Close codes of the controller's refusals (controller/dataplane/hub.ts): these two are for good, 4409 until the other daemon goes. */
const CLOSE_BAD_MESSAGE = 4400;
const CLOSE_UNAUTHORIZED = 4401;
const CLOSE_HOST_TAKEN = 4409;
/** This daemon's own close when a change does not follow what it holds: it dials again at once. */
const CLOSE_OUT_OF_STEP = 4000;

/** How often a state being applied is reported on, from this long after it began. */
const PROGRESS_INTERVAL_MS = 1000;
/** The answer of a daemon given no way to read an engine (a test's, or one embedded without host facts). */
const NO_DOCKER_READER: DockerFacts = { available: false, dockerHost: "", detail: "this daemon reads no Docker Engine", images: [] };

/**
 * The daemon's end of the control channel. At start it re-applies the state saved by the last
 * run, so forwarding resumes before the controller answers (or if it never does); then it
 * dials the controller, says Hello, applies each state it is sent, saves it, acks it, and
 * reports the counters that changed; an item failing between states (a capture whose disk
 * filled, a node whose process exited) is acked again under the applied revision. When the
 * controller goes away the reconciler keeps the last state and the client redials with
 * exponential backoff.
 */
export class ControlClient extends EventEmitter<ControlClientEvents> {
  private socket: WebSocket | undefined;
  private stopped = false;
  private attempts = 0;
  private outageLogged = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private countersTimer: ReturnType<typeof setInterval> | undefined;
  private appliedRevision = 0;
  /** The newest state received: whole states with the changes since merged in. */
  private newest: ReceivedState | undefined;
  /** What was received and not yet applied: a burst of revisions is reconciled once, to the last. */
  private pending: Touched | "all" | undefined;
  private applying: Promise<void> = Promise.resolve();
  private readonly stateFile: AppliedStateFile;
  /** From the start of applying a state to its ack, and the item errors announced meanwhile. */
  private acking = false;
  private announcedWhileAcking: ItemError[] | undefined;
  /** Capture files being sent to the controller over the current connection. */
  private readonly captures: CaptureFollowers;
  /** Counts the host facts reads begun: only the newest one's result is sent. */
  private factsReads = 0;
  private readonly stopWatchingFacts: (() => void) | undefined;
  private readonly log: Logger;
  /** Tells this process's connections from another daemon's with the same host id. */
  private readonly instanceId = randomUUID();
  private everConnected = false;
  /** The controller's last refusal on the current connection, said when it closes. */
  private refusal: string | undefined;

  constructor(private readonly options: ControlClientOptions) {
    super();
    this.log = createLogger("dataplane.control").child({ host_id: options.hostId });
    options.reconciler.watchErrors?.((errors) => {
      // While a state is applied its own ack carries the newest errors; an ack sent now would come first and be overtaken.
      if (this.acking) this.announcedWhileAcking = errors;
      else if (this.appliedRevision > 0) this.send({ ack: { revision: this.appliedRevision, errors, nodes: this.nodeReports() } });
    });
    this.captures = new CaptureFollowers({
      dataDir: options.dataDir,
      isCapturing: (relativePath) => options.reconciler.isCapturing?.(relativePath) ?? false,
      send: (captureChunk) => this.send({ captureChunk }),
      buffered: () => this.socket?.bufferedAmount ?? 0,
    });
    this.stopWatchingFacts = options.hostFacts?.watch(() => this.sendHostFacts());
    this.stateFile = new AppliedStateFile(options.dataDir, () => this.newest!.state());
  }

  get lastAppliedRevision(): number {
    return this.appliedRevision;
  }

  async start(): Promise<void> {
    const saved = await loadAppliedState(this.options.dataDir);
    if (saved) {
      this.log.info("re-applying the saved state", { revision: saved.revision });
      this.newest = ReceivedState.of(saved);
      await this.reconcile(saved, "all");
    }
    this.dial();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopWatchingFacts?.();
    clearTimeout(this.reconnectTimer);
    clearInterval(this.countersTimer);
    const socket = this.socket;
    if (socket && socket.readyState !== socket.CLOSED) {
      await new Promise<void>((done) => {
        socket.once("close", () => done());
        socket.close(1000, "daemon stopping");
      });
    }
    await this.captures.stopAll();
    await this.applying;
    await this.stateFile.close();
  }

  private dial(): void {
    if (this.stopped) return;
    loadWebSocketClient().then(
      (client) => this.open(client),
      (error) => {
        this.log.error("cannot load the WebSocket client", { error: String(error) });
        this.scheduleRedial();
      },
    );
  }

  private open(client: typeof WebSocket): void {
    if (this.stopped) return;
    const socket = new client(controlUrl(this.options.controllerUrl, this.options.hostId));
    this.socket = socket;
    socket.binaryType = "nodebuffer";
    socket.on("open", () => {
      this.outageLogged = false;
      this.send({
        hello: {
          hostId: this.options.hostId,
          token: this.options.token,
          lastAppliedRevision: this.appliedRevision,
          tunnelAddress: this.options.tunnelAddress,
          udpPortMin: this.options.udpPortMin,
          udpPortMax: this.options.udpPortMax,
          daemonVersion: this.options.daemonVersion ?? "",
          name: this.options.name ?? this.options.hostId,
          instanceId: this.instanceId,
        },
      });
      this.emit("connected");
      this.sendHostFacts();
      const source = this.options.countersSource;
      if (source) {
        const changes = new CounterChanges(this.options.countersKeepaliveMs ?? 5000);
        this.countersTimer = setInterval(() => {
          const report = changes.next(source());
          if (report) this.send({ counters: report });
        }, this.options.countersIntervalMs ?? 1000);
      }
    });
    socket.on("message", (data, isBinary) => {
      if (!isBinary) return this.log.warn("ignoring a text frame from the controller");
      this.received(data as Buffer);
    });
    socket.on("close", (code) => {
      clearInterval(this.countersTimer);
      void this.captures.stopAll();
      if (this.socket === socket) this.socket = undefined;
      const refusal = this.refusal;
      this.refusal = undefined;
      this.emit("disconnected", code);
      if (code === CLOSE_UNAUTHORIZED || code === CLOSE_BAD_MESSAGE) return this.giveUp(`the controller refused this daemon: ${refusal ?? `close code ${code}`}`, EXIT_REFUSED);
      if (code === CLOSE_HOST_TAKEN && !this.outageLogged) {
        this.outageLogged = true;
        this.log.warn("waiting for the host id to be free", { reason: refusal ?? "another daemon serves it" });
      }
      this.scheduleRedial();
    });
    // A failed dial also closes the socket; the close handler redials. Said once per outage,
    // not at every redial of a controller that is down for a while.
    socket.on("error", (error: NodeJS.ErrnoException) => {
      const wrongAddress = this.everConnected ? undefined : wrongControllerAddress(this.options.controllerUrl, error);
      if (wrongAddress) return this.giveUp(wrongAddress, EXIT_FAILURE);
      if (this.outageLogged) return;
      this.outageLogged = true;
      this.log.warn("controller connection failed, redialling until it answers", { url: this.options.controllerUrl, error: error.message });
    });
  }

  /** Stops dialling and tells the daemon why it cannot go on. */
  private giveUp(message: string, exitCode: number): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.socket?.terminate();
    this.emit("fatal", message, exitCode);
  }

  private scheduleRedial(): void {
    if (this.stopped) return;
    const initial = this.options.reconnectInitialMs ?? 100;
    const delay = Math.min(initial * 2 ** this.attempts, this.options.reconnectMaxMs ?? 2000);
    this.attempts++;
    this.reconnectTimer = setTimeout(() => this.dial(), delay);
  }

  /** Reads the engine now, off the path of states: the controller waits for it, and a state does not wait for the engine. */
  private answerDockerImages(queryId: number): void {
    const facts = this.options.hostFacts;
    void (facts?.docker ? facts.docker() : Promise.resolve(NO_DOCKER_READER))
      .catch((error: unknown): DockerFacts => ({ available: false, dockerHost: "", detail: `the engine could not be read: ${(error as Error).message}`, images: [] }))
      .then((docker) => this.send({ dockerImagesAnswer: { queryId, docker } }));
  }

  private received(bytes: Uint8Array): void {
    let message;
    try {
      message = decodeControllerMessage(bytes);
    } catch (error) {
      if (error instanceof MalformedMessage) return this.log.warn("ignoring a malformed controller message", { error: error.message });
      throw error;
    }
    if ("refused" in message) {
      // Said once the connection closes, with its code: whether the refusal is for good or for a while.
      this.refusal = message.refused.message;
      this.emit("refused", message.refused.message);
      return;
    }
    if ("ping" in message) return this.send({ pong: { nonce: message.ping.nonce } });
    if ("notice" in message) return this.log.warn(message.notice.message);
    if ("captureFollow" in message) return this.captures.handle(message.captureFollow);
    if ("dockerImagesQuery" in message) return this.answerDockerImages(message.dockerImagesQuery.queryId);
    this.attempts = 0;
    this.everConnected = true;
    let scope: Touched | "all";
    if ("state" in message) {
      this.newest = ReceivedState.of(message.state);
      scope = "all";
      void this.stateFile.saveState(message.state).catch(() => undefined);
    } else {
      const touched = this.newest?.apply(message.change) ?? { refused: "a change came before any whole state" };
      if ("refused" in touched) {
        // Only a whole state can bring this host back in step: the controller sends one to every daemon that connects.
        this.log.warn("dropping the connection to be sent the whole state again", { reason: touched.refused });
        this.socket?.close(CLOSE_OUT_OF_STEP, "state change on an unknown base revision");
        return;
      }
      scope = touched;
      void this.stateFile.saveChange(message.change).catch(() => undefined);
    }
    const queued = this.pending !== undefined;
    this.pending = queued ? touchedTogether(this.pending!, scope) : scope;
    if (queued) return;
    this.applying = this.applying.then(async () => {
      const pending = this.pending;
      this.pending = undefined;
      const newest = this.newest;
      if (!pending || !newest) return;
      const state = newest.state();
      this.log.debug("applying a state", { revision: state.revision, nodes: state.nodes.length, links: state.links.length, changed: pending === "all" ? "all" : pending.nodes.size + pending.links.size });
      // Saved as it comes, in order, without holding up the ack: a daemon killed before its
      // file has the newest change restarts from an older state, and is sent its whole state
      // when it connects again, like any daemon.
      this.acking = true;
      try {
        const scope: Scope = pending === "all" ? "all" : { ...pending, node: (key) => newest.node(key), link: (key) => newest.link(key) };
        const reconciled = await this.reportProgressWhile(state.revision, (progress) => this.reconcile(state, scope, progress));
        this.announcedWhileAcking = undefined;
        // An item that failed after the reconcile (a capture's first write on a full disk) is in the newer list.
        this.send({ ack: { revision: state.revision, errors: this.announcedWhileAcking ?? reconciled, nodes: this.nodeReports() } });
      } finally {
        this.acking = false;
        this.announcedWhileAcking = undefined;
      }
    });
    this.applying = this.applying.catch((error) => this.log.error("could not apply the desired state", { error: String(error) }));
  }

  /**
   * Tells the controller, every second while a state is being applied, how far it got: each of
   * its items (a VPCS start, a VM's boot, a stop) ends within its own time limit, so a host
   * that is still at it is busy, not gone, and the requests waiting for it keep waiting.
   */
  private reportProgressWhile<T>(revision: number, work: (progress: (done: number, total: number) => void) => Promise<T>): Promise<T> {
    let done = 0;
    let total = 0;
    const timer = setInterval(() => this.send({ progress: { revision, done, total } }), PROGRESS_INTERVAL_MS);
    return work((doneNow, totalNow) => {
      done = doneNow;
      total = totalNow;
    }).finally(() => clearInterval(timer));
  }

  private async reconcile(state: DesiredHostState, scope: Scope, progress?: (done: number, total: number) => void): Promise<ItemError[]> {
    let errors: ItemError[];
    try {
      errors = await this.options.reconciler.apply(state, progress, scope);
    } catch (error) {
      errors = [{ kind: ItemErrorKind.KIND_UNSPECIFIED, id: this.options.hostId, message: `reconciling failed: ${(error as Error).message}` }];
    }
    this.appliedRevision = state.revision;
    this.emit("applied", state, errors);
    return errors;
  }

  private nodeReports(): NodeReport[] {
    return this.options.reconciler.nodeReports?.() ?? [];
  }

  /**
   * Reads the host facts off the path of Hello and states (QEMU prints its version in a
   * subprocess), and sends them on the connection open when they are read, unless a newer read began.
   */
  private sendHostFacts(): void {
    const source = this.options.hostFacts;
    if (!source) return;
    const read = ++this.factsReads;
    source.read().then(
      (hostFacts) => {
        if (read === this.factsReads) this.send({ hostFacts });
      },
      (error: unknown) => this.log.warn("could not read the host facts", { error: String(error) }),
    );
  }

  private send(message: DaemonMessage): void {
    const socket = this.socket;
    if (socket && socket.readyState === socket.OPEN) socket.send(encodeDaemonMessage(message));
  }
}

/**
 * What to report of each reading, per connection: the links whose counters differ from what
 * this connection was last told (a new connection starts from zero, so it hears every link
 * with traffic), or an empty report when nothing changed for `keepaliveMs`.
 */
export class CounterChanges {
  /** By link id: the counters last sent, both directions' fields in DIRECTION_FIELDS order. */
  private readonly sent = new Map<string, Float64Array>();
  private lastReportAt = -Infinity;

  constructor(private readonly keepaliveMs: number) {}

  next(reading: CountersReport, now = performance.now()): CountersReport | null {
    // Compared field by field in place: a host reads a thousand links' counters every second.
    const changed = reading.links.filter((link) => !sameCounts(this.sent.get(link.linkId), link));
    // Links gone from the host are forgotten: one built again starts from zero, as the relay does.
    const present = new Set(reading.links.map((link) => link.linkId));
    for (const linkId of this.sent.keys()) if (!present.has(linkId)) this.sent.delete(linkId);
    if (changed.length === 0 && now - this.lastReportAt < this.keepaliveMs) return null;
    for (const link of changed) {
      let counts = this.sent.get(link.linkId);
      if (!counts) this.sent.set(link.linkId, (counts = new Float64Array(2 * DIRECTION_FIELDS.length)));
      DIRECTION_FIELDS.forEach((field, index) => {
        counts![index] = link.aToB[field];
        counts![DIRECTION_FIELDS.length + index] = link.bToA[field];
      });
    }
    this.lastReportAt = now;
    return { links: changed, sampledAtMs: reading.sampledAtMs };
  }
}

const NO_COUNTS: DirectionCounters = {
  framesIn: 0, framesOut: 0, bytesIn: 0, bytesOut: 0, droppedFrequency: 0, droppedLoss: 0,
  droppedBpf: 0, droppedSuspended: 0, corrupted: 0, delayedQueued: 0, droppedDelayFull: 0,
  droppedRateQueueFull: 0, droppedLossBurst: 0, duplicated: 0, reordered: 0, rateQueued: 0,
};
/** Every counter of a direction, in one order whatever order a reading's fields come in. */
const DIRECTION_FIELDS = Object.keys(NO_COUNTS) as Array<keyof DirectionCounters>;

/** Whether `link` counts what `sent` holds; nothing sent counts as all zero, as a new link does. */
function sameCounts(sent: Float64Array | undefined, link: Pick<LinkCounters, "aToB" | "bToA">): boolean {
  const fields = DIRECTION_FIELDS.length;
  for (let index = 0; index < fields; index++) {
    const field = DIRECTION_FIELDS[index]!;
    if (link.aToB[field] !== (sent ? sent[index] : 0) || link.bToA[field] !== (sent ? sent[fields + index] : 0)) return false;
  }
  return true;
}

/**
 * Why the first dial shows `controllerUrl` is not a controller's (a name no server knows, a
 * server that answers the channel with an HTTP status), or undefined when the controller may
 * only not be up yet (nothing listens). A daemon that was once connected always redials.
 */
export function wrongControllerAddress(controllerUrl: string, error: NodeJS.ErrnoException): string | undefined {
  if (error.code === "ENOTFOUND") return `the controller's host in ${controllerUrl} is not known to any name server: check --controller`;
  const status = /^Unexpected server response: (\d+)/.exec(error.message)?.[1];
  if (status) return `${controllerUrl} answered HTTP ${status} on ${CONTROL_PATH}, not a WebSocket: it is not a controller's address, check --controller`;
  return undefined;
}

/**
 * `http://h:p` → `ws://h:p/v2/dataplane/ws?host_id=ID`; a URL that already names a path is used
 * as given. The host id is in the URL as well as in the Hello because the Workers controller
 * routes the upgrade to the host's own object before any message is read.
 */
export function controlUrl(controllerUrl: string, hostId: string): string {
  const url = new URL(controllerUrl);
  if (url.protocol === "http:") url.protocol = "ws:";
  if (url.protocol === "https:") url.protocol = "wss:";
  if (url.pathname === "/" || url.pathname === "") url.pathname = CONTROL_PATH;
  url.searchParams.set("host_id", hostId);
  return url.toString();
}
