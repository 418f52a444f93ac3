import { encodeControllerMessage, type DockerFacts, type Hello, type LinkSpec } from "@shared/proto";
import type { ControllerDeps } from "../deps";
import { AckWaiters, type AckWait } from "./ack-waiters";
import { CaptureStreams } from "./capture-streams";
import { HostQueries } from "./host-queries";
import type { DataplaneEffect } from "../domain/dataplane-effects";
import type { LeftOut } from "./desired-state";
import { recordRevision, type DataplaneAckRecord, type StoredItemError } from "./host-records";
import { LatestWrite } from "./latest-write";
import { keys } from "../store/keys";
import { KvClosed } from "../store/kv";
import { createLogger } from "@shared/logging/logger";
import { afterPendingMessages, HostLiveness, PING_INTERVAL_MS } from "./host-liveness";
import type { HostRecordsView, ItemsByProject } from "./host-records-view";
import { NodeCommandLines } from "./node-command-lines";
import { SentState } from "./sent-state";
import { TakenConsoles } from "./taken-consoles";

const log = createLogger("controller.hub");

/** The WebSocket as the hub sees it; the route adapts the runtime's socket to it. */
export interface DaemonSocket {
  send(bytes: Uint8Array): void;
  close(code: number, reason: string): void;
  /** Where the connection comes from (address and port), for the logs of both daemons when a host id is taken twice. */
  peer?: string;
  /**
   * Told the Hello once the session is open. A runtime that may forget its sessions while the
   * socket stays up (a hibernating Durable Object) keeps it with the socket, to `resume` later.
   */
  opened?(hello: Hello): void;
}

/**
 * One connected daemon, from its Hello to its close: what it was sent and acknowledged, the
 * requests waiting for it, the captures it streams, and its timers. The pushes of its state
 * run one after another on its queue, so revisions reach it in order; the hub decides what
 * they hold.
 */
export class HostSession {
  readonly hostId: string;
  readonly peer: string;
  /** When it connected, and when its operator was last told another daemon wants its host id. */
  readonly since = Date.now();
  takenNoticeAt = -Infinity;
  /** What the host was sent, item by item: a push sends what differs. */
  readonly sent = new SentState();
  /** The records the host's pushes read, kept between them; undefined until the first push loads them. */
  view: HostRecordsView | undefined;
  /** Where each node and link of the last state belongs, to name the project of an item error. */
  projectOfItem = new Map<string, string>();
  /** The links of the last state sent, to read the host's counter reports against. */
  linksSent = new Map<string, LinkSpec>();
  /** The newest revision sent, what it left out, and the newest the daemon acknowledged with its item errors. */
  sentRevision = 0;
  leftOut: LeftOut[] = [];
  ackedRevision = 0;
  ackErrors: StoredItemError[] = [];
  /** When the host was last heard from, and how fast it answers pings. */
  readonly liveness = new HostLiveness();
  readonly ackWaiters = new AckWaiters(this.liveness);
  /** Capture files the host is sending, for `GET …/pcap`. */
  readonly captures = new CaptureStreams();
  /** `GET …/docker/images` asked of the host's engine, through its daemon. */
  readonly dockerQueries = new HostQueries<DockerFacts>();
  /** Console ports the host's acks found another program holding, which its nodes moved off. */
  readonly takenConsoles = new TakenConsoles();
  /** The command lines of the host's nodes, as its acks report them. */
  readonly commandLines: NodeCommandLines;
  /** The newest revision sent and what it leaves out, stored behind the pushes. */
  readonly revisionRecord: LatestWrite<{ revision: number; leftOut: LeftOut[] }>;
  /** The newest ack, stored for GET /v2/computes behind the acks. */
  readonly ackRecord: LatestWrite<DataplaneAckRecord>;
  /** The item errors of the last ack stored by this session; undefined before its first. */
  storedAckErrors: StoredItemError[] | undefined;
  closed = false;
  private queue: Promise<void> = Promise.resolve();
  /** What changed since the last push began: the items effects named, or anything ("all"). */
  private changes: ItemsByProject | "all" = "all";
  private resync: ReturnType<typeof setInterval> | undefined;
  /** The push queued and not started yet, which a new request can join. */
  private waitingPush: Promise<void> | undefined;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  /** Re-armed by every message: when it fires, the host is taken for gone. */
  private silence: ReturnType<typeof setTimeout> | undefined;
  /** Pings the host while requests wait for its ack. */
  private pinger: ReturnType<typeof setInterval> | undefined;

  constructor(
    readonly hello: Hello,
    readonly socket: DaemonSocket,
    deps: ControllerDeps,
  ) {
    this.hostId = hello.hostId;
    this.peer = socket.peer ?? "an unknown address";
    this.commandLines = new NodeCommandLines(deps, hello.hostId);
    const hostId = hello.hostId;
    // A store closed under them is the controller stopping: the next start reads the daemons' Hellos.
    this.revisionRecord = new LatestWrite(
      ({ revision, leftOut }) => recordRevision(deps, hostId, revision, leftOut),
      (error, { revision }) => error instanceof KvClosed || log.error("could not store the revision sent", { host_id: hostId, revision, error: String(error) }),
    );
    this.ackRecord = new LatestWrite(
      async (record) => {
        const key = keys.dataplaneAck(hostId);
        await deps.store.commit([{ key, value: record }]);
      },
      (error, { revision }) => error instanceof KvClosed || log.error("could not store the host's ack", { host_id: hostId, revision, error: String(error) }),
    );
  }

  /**
   * Something was heard from the daemon: requests waiting for it wait on, and `onSilent` runs
   * if nothing more is heard for `silenceMs` (longer for a host that answers pings slowly).
   */
  heard(silenceMs: number, onSilent: () => void): void {
    clearTimeout(this.silence);
    if (this.closed) return;
    this.liveness.heard();
    this.ackWaiters.heard();
    const patience = this.liveness.patience(silenceMs);
    this.silence = setTimeout(
      () =>
        afterPendingMessages(() => {
          // Heard meanwhile: `heard` started the silence timer again.
          if (!this.closed && this.liveness.silentFor() >= patience) onSilent();
        }),
      patience,
    );
  }

  /** The daemon answered ping `nonce` (after `heard`, which every message calls). */
  ponged(nonce: number): void {
    this.liveness.pong(nonce);
  }

  /**
   * Waits for the host to acknowledge `revision`, pinging it meanwhile: its pongs keep the wait
   * going while it is busy, and their round trips set how long its silence is borne.
   */
  waitForAck(revision: number, timeoutMs: number): Promise<AckWait> {
    if (this.closed) return Promise.resolve({ outcome: "disconnected" });
    if (this.ackedRevision >= revision) return Promise.resolve({ outcome: "acked" });
    const waited = this.ackWaiters.wait(revision, timeoutMs);
    if (this.pinger === undefined) {
      const ping = () => {
        if (!this.ackWaiters.active || this.closed) {
          clearInterval(this.pinger);
          this.pinger = undefined;
          return;
        }
        this.socket.send(encodeControllerMessage({ ping: { nonce: this.liveness.ping() } }));
      };
      this.pinger = setInterval(ping, Math.min(PING_INTERVAL_MS, timeoutMs / 4));
      ping();
    }
    return waited;
  }

  /** The next push looks at the effect's items (if it names them in one project), or at everything. */
  changed(effect?: DataplaneEffect): void {
    if (this.changes === "all") return;
    if (!effect?.projectId || effect.nodeIds.length + effect.linkIds.length === 0) {
      this.changes = "all";
      return;
    }
    let items = this.changes.get(effect.projectId);
    if (!items) this.changes.set(effect.projectId, (items = { nodes: new Set(), links: new Set() }));
    for (const id of effect.nodeIds) items.nodes.add(id);
    for (const id of effect.linkIds) items.links.add(id);
  }

  /** What changed since the last call, for the push that begins. */
  takeChanges(): ItemsByProject | "all" {
    const changes = this.changes;
    this.changes = new Map();
    return changes;
  }

  /** Runs `resync` every `intervalMs` while the session lives. */
  resyncEvery(intervalMs: number, resync: () => void): void {
    clearInterval(this.resync);
    this.resync = setInterval(resync, intervalMs);
  }

  /** Runs `push` after `debounceMs`, once for every call made meanwhile (events arrive in bursts). */
  schedule(debounceMs: number, push: () => void): void {
    if (this.debounce !== undefined || this.closed) return;
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      push();
    }, debounceMs);
  }

  /**
   * Queues `push` behind the pushes before it; resolves once it ran. A push waiting for its
   * turn reads the store only when it starts, so it serves every request that committed
   * before: those join it (`force` false) rather than queue a rebuild each.
   */
  enqueue(force: boolean, push: () => Promise<void>, onFailure: (error: unknown) => void): Promise<void> {
    if (!force && this.waitingPush) return this.waitingPush;
    const pushed = this.queue.then(() => {
      if (this.waitingPush === settled) this.waitingPush = undefined;
      return this.closed ? undefined : push();
    });
    // A failed push is told once; those waiting on it go on to wait for the ack, which times out.
    const settled: Promise<void> = pushed.catch(onFailure);
    if (!force) this.waitingPush = settled;
    this.queue = settled;
    return settled;
  }

  /** The session is over: its timers stop, and what waits on it is told so. */
  end(): void {
    this.closed = true;
    clearTimeout(this.debounce);
    clearTimeout(this.silence);
    clearInterval(this.resync);
    clearInterval(this.pinger);
    this.ackWaiters.disconnected();
    this.captures.disconnected();
    this.dockerQueries.disconnected();
  }
}
