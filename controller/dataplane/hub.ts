import {
  decodeDaemonMessage,
  encodeControllerMessage,
  MalformedMessage,
  type Ack,
  type CountersReport,
  type DockerFacts,
  type Hello,
  type HostFacts,
} from "@shared/proto";
import { createLogger } from "@shared/logging/logger";
import type { ControllerDeps, DataplaneControl, HostAnswer, ItemProblem } from "../deps";
import { computeToWire, LOCAL_COMPUTE_ID } from "../domain/computes";
import { qemuAccelerator } from "../domain/qemu-host";
import { loadComputeRecord } from "../services/computes";
import type { DataplaneEffect } from "../domain/dataplane-effects";
import type { LinkRecord } from "../domain/links";
import { KvClosed } from "../store/kv";
import { keys } from "../store/keys";
import { ackAnnouncements, ackOutcome } from "./ack-outcome";
import { ackWaitMs } from "../domain/ack-wait";
import { daemonArrival } from "./daemon-arrival";
import { CLOSE_BAD_MESSAGE, CLOSE_HOST_TAKEN, CLOSE_UNAUTHORIZED, CLOSE_REPLACED, CLOSE_SILENT, HELLO_TIMEOUT_MS, helloProblem, SILENCE_TIMEOUT_MS } from "./daemon-hello";
import { desiredHostState, desiredItems, type HostState, type LeftOut, type ProjectRecords } from "./desired-state";
import { HostRecordsView, type ItemsByProject } from "./host-records-view";
import { hostStateContext } from "./host-state-context";
import type { StateDiff } from "./sent-state";
import { HostArrivals } from "./host-arrivals";
import { hostFactsRecord, saveHostFacts } from "../services/host-facts";
import { HostForwardedTotals, type HostForwarded } from "./host-forwarded";
import { markEveryHostDisconnected, saveHostPresence } from "./host-presence";
import { expectedToken, tokenRefusal } from "../services/host-tokens";
import { revisionAfter, saveLeftOut, type DataplaneAckRecord } from "./host-records";
import { HostSession, type DaemonSocket } from "./host-session";
import { linkCountersWire, type LinkCountersSample } from "../domain/link-counters";
import { LinkCountersBook, type LinkPlacement } from "./link-counters";
import { stopNodesThatDoNotRun } from "./node-status";

/** What the route feeds the hub from one socket. */
export interface DaemonConnection {
  message(data: ArrayBuffer | string): void;
  closed(): void;
}

/** How often at most a host's operator (and the controller's log) hears that another daemon wants its host id. */
const TAKEN_NOTICE_INTERVAL_MS = 60_000;

const log = createLogger("controller.hub");

export interface DataplaneHubOptions {
  /** Events arrive in bursts (a node delete announces each link): one revision per burst. */
  debounceMs?: number;
  /**
   * Whether hosts still marked connected are from a controller that stopped (Node: one hub
   * serves every host). Not so for a per-host object that may wake while its socket is up.
   */
  resetConnectedOnStart?: boolean;
  /** The one host this hub serves (a per-host object); a Hello from another is refused. */
  onlyHost?: string;
  /** How often each host's whole state is built again and what differs sent; default 60 s. */
  resyncMs?: number;
}

/**
 * The controller's end of the control channel: one session per connected dataplane host.
 * Authenticates the Hello, registers the host as a compute, sends its whole desired state and
 * a new revision whenever something it runs changes, records acks (surfacing item errors as
 * `log.error` on the project stream, and stopping the nodes that do not run), keeps the
 * hosts' link counters, answers requests once their change is applied (`apply`), and streams
 * the capture files hosts send (`captureStream`).
 */
export class DataplaneHub implements DataplaneControl {
  private readonly sessions = new Map<string, HostSession>();
  private readonly debounceMs: number;
  private readonly onlyHost: string | undefined;
  private readonly helloTimeoutMs: number;
  private readonly silenceTimeoutMs: number;
  private readonly resyncMs: number;
  private readonly counters = new LinkCountersBook();
  private readonly arrivals = new HostArrivals();
  private readonly forwarded = new HostForwardedTotals();
  /** Hosts marked connected by a controller that stopped are not connected to this one. */
  private readonly ready: Promise<void>;

  constructor(
    private readonly deps: ControllerDeps,
    options: DataplaneHubOptions = {},
  ) {
    this.debounceMs = options.debounceMs ?? 5;
    this.onlyHost = options.onlyHost;
    this.resyncMs = options.resyncMs ?? 60_000;
    this.helloTimeoutMs = deps.config.dataplaneHelloTimeoutMs ?? HELLO_TIMEOUT_MS;
    this.silenceTimeoutMs = deps.config.dataplaneSilenceTimeoutMs ?? SILENCE_TIMEOUT_MS;
    this.ready =
      options.resetConnectedOnStart === false
        ? Promise.resolve()
        : markEveryHostDisconnected(deps).catch((error) => log.error("could not reset dataplane host states", { error: String(error) }));
  }

  /** What a host runs changed and no one waits (a node created, renamed, deleted): the host is sent what `effect` names, soon. */
  wake(effect: DataplaneEffect): void {
    for (const hostId of effect.hostIds) {
      const session = this.sessions.get(hostId);
      if (!session) continue;
      session.changed(effect);
      session.schedule(this.debounceMs, () => void this.enqueue(session, false));
    }
  }

  async apply(effect: DataplaneEffect): Promise<HostAnswer[]> {
    await this.ready;
    return Promise.all(effect.hostIds.map((hostId) => this.applyOn(hostId, effect)));
  }

  async linkCounters(projectId: string, linkId: string, hostIds: readonly string[]): Promise<LinkCountersSample | undefined> {
    return this.counters.sample(projectId, linkId, hostIds);
  }

  async hostForwarded(hostId: string): Promise<HostForwarded | undefined> {
    return this.forwarded.of(hostId);
  }

  async dismiss(hostId: string, reason: string): Promise<void> {
    const session = this.sessions.get(hostId);
    if (!session || session.closed) return;
    log.info("dataplane host dismissed", { host_id: hostId, reason });
    session.socket.send(encodeControllerMessage({ refused: { message: reason } }));
    session.socket.close(CLOSE_UNAUTHORIZED, reason.slice(0, 120));
    await this.close(session);
  }

  /** The capture file the host writes at `relativePath`, streamed from it as it grows; undefined when the host is not connected or has no such file. */
  async captureStream(hostId: string, relativePath: string): Promise<ReadableStream<Uint8Array> | undefined> {
    const session = this.sessions.get(hostId);
    if (!session || session.closed) return undefined;
    return session.captures.follow((captureFollow) => session.socket.send(encodeControllerMessage({ captureFollow })), relativePath);
  }

  /**
   * Sends the host the state the store holds now (nothing when it already has it) and waits
   * for the daemon to acknowledge that revision; then the effect's items it could not bring up.
   */
  /**
   * The host's session, once its daemon dialled in if it may be dialling in now (just started,
   * or redialling): "absent" for a host no daemon ever connected as, undefined for one that is
   * not connected.
   */
  private async arrivedSession(hostId: string, timeoutMs: number): Promise<HostSession | "absent" | undefined> {
    const session = this.sessions.get(hostId);
    if (session) return session;
    // `npm start`'s own daemon is known from the start, before it ever said Hello to this data dir.
    const ownDaemon = hostId === LOCAL_COMPUTE_ID && this.deps.config.localDataplane === true;
    const known = ownDaemon || (await this.deps.store.get(keys.dataplaneHost(hostId))) !== undefined;
    if (!known) return "absent";
    if (this.arrivals.expected(hostId) && (await this.arrivals.wait(hostId, timeoutMs))) return this.sessions.get(hostId);
    return undefined;
  }

  async dockerFacts(hostId: string): Promise<DockerFacts | "absent" | undefined> {
    await this.ready;
    const timeoutMs = ackWaitMs(this.deps.config, {});
    const session = await this.arrivedSession(hostId, timeoutMs);
    if (session === undefined || session === "absent") return session;
    return session.dockerQueries.ask((queryId) => session.socket.send(encodeControllerMessage({ dockerImagesQuery: { queryId } })), timeoutMs);
  }

  private async applyOn(hostId: string, effect: DataplaneEffect): Promise<HostAnswer> {
    const timeoutMs = ackWaitMs(this.deps.config, effect);
    const session = await this.arrivedSession(hostId, timeoutMs);
    // Its daemon may have been dialling in: the change waited for it as for an ack.
    if (session === "absent") return { hostId, outcome: "absent" };
    if (!session) return { hostId, outcome: "unreachable", reason: "disconnected" };
    session.changed(effect);
    await this.enqueue(session, false);
    const waited = await session.waitForAck(session.sentRevision, timeoutMs);
    if (waited.outcome === "timeout") return { hostId, outcome: "unreachable", reason: "timeout", silentForMs: waited.silentForMs };
    if (waited.outcome === "disconnected") return { hostId, outcome: "unreachable", reason: "disconnected" };
    // What the state leaves out is a problem only for a node asked to run: a link to a QEMU node
    // is stored and listed under left_out, as is a stopped node of a type the host cannot run.
    // Whichever push stopped the node (this one, or one a concurrent change woke), it is still left out.
    const asked = new Set(effect.runningNodeIds ?? []);
    const items = new Set([...effect.nodeIds, ...effect.linkIds]);
    const problems: ItemProblem[] = [
      ...session.leftOut.filter((item) => item.kind === "node" && asked.has(item.id)).map((item) => ({ kind: item.kind, id: item.id, message: item.reason })),
      ...session.ackErrors
        .filter((error) => error.kind === "unspecified" || items.has(error.id))
        .map((error) => ({
          kind: error.kind === "link" ? ("link" as const) : ("node" as const),
          id: error.id,
          message: error.message,
          ...(error.console_port_taken ? { consolePortTaken: error.console_port_taken } : {}),
        })),
    ];
    return { hostId, outcome: "applied", problems };
  }

  connect(socket: DaemonSocket): DaemonConnection {
    return this.connection(socket, undefined);
  }

  /**
   * Takes back a socket whose session this hub does not hold (it was forgotten while the
   * socket stayed open) from the Hello the socket kept; the host gets its state again.
   */
  resume(socket: DaemonSocket, hello: Hello): DaemonConnection {
    const session = this.newSession(hello, socket);
    void this.enqueue(session, false);
    return this.connection(socket, session);
  }

  private connection(socket: DaemonSocket, resumed: HostSession | undefined): DaemonConnection {
    let session = resumed;
    let chain = Promise.resolve();
    let ended = false;
    const helloTimer = resumed ? undefined : setTimeout(() => refuse(CLOSE_SILENT, `no Hello within ${this.helloTimeoutMs / 1000} s of connecting`), this.helloTimeoutMs);
    const refuse = (code: number, message: string) => {
      clearTimeout(helloTimer);
      ended = true;
      socket.send(encodeControllerMessage({ refused: { message } }));
      socket.close(code, message.slice(0, 120));
    };
    return {
      message: (data) => {
        if (ended) return;
        if (typeof data === "string") return refuse(CLOSE_BAD_MESSAGE, "the dataplane channel carries binary protobuf frames only");
        let decoded;
        try {
          decoded = decodeDaemonMessage(new Uint8Array(data));
        } catch (error) {
          if (error instanceof MalformedMessage) return refuse(CLOSE_BAD_MESSAGE, error.message);
          throw error;
        }
        if (session) this.heard(session);
        // Answered at once, not behind the messages before it: the round trip measures the host.
        if (session && "pong" in decoded) return session.ponged(decoded.pong.nonce);
        if (session && "dockerImagesAnswer" in decoded) return session.dockerQueries.answered(decoded.dockerImagesAnswer.queryId, decoded.dockerImagesAnswer.docker);
        chain = chain
          .then(async () => {
            if (ended) return;
            if ("hello" in decoded) {
              if (session) return refuse(CLOSE_BAD_MESSAGE, "Hello was already received on this connection");
              const shape = helloProblem(decoded.hello, this.onlyHost);
              if (shape) return refuse(shape.code, shape.message);
              const wrongToken = await tokenRefusal(decoded.hello.hostId, decoded.hello.token, await expectedToken(this.deps, decoded.hello.hostId));
              if (wrongToken) return refuse(CLOSE_UNAUTHORIZED, wrongToken);
              if (ended) return;
              const taken = this.hostTaken(decoded.hello, socket);
              if (taken) return refuse(taken.code, taken.message);
              clearTimeout(helloTimer);
              session = await this.open(decoded.hello, socket);
              this.heard(session);
            } else if (!session) {
              refuse(CLOSE_BAD_MESSAGE, "the first message must be Hello");
            } else if ("ack" in decoded) {
              await this.acknowledged(session, decoded.ack);
            } else if ("counters" in decoded) {
              this.countersReported(session, decoded.counters);
            } else if ("captureChunk" in decoded) {
              session.captures.received(decoded.captureChunk);
            } else if ("hostFacts" in decoded) {
              await this.factsReported(session, decoded.hostFacts);
            } else if ("progress" in decoded) {
              log.debug("dataplane host at work", { host_id: session.hostId, revision: decoded.progress.revision, done: decoded.progress.done, total: decoded.progress.total });
            }
          })
          .catch((error) => log.error("dataplane message failed", { host_id: session?.hostId, error: String(error) }));
      },
      closed: () => {
        clearTimeout(helloTimer);
        ended = true;
        chain = chain.then(() => (session ? this.close(session) : undefined)).catch((error) => {
          // Sockets close as the controller stops, after its store: the next start marks every host disconnected anyway.
          if (error instanceof KvClosed) return;
          log.error("dataplane disconnect failed", { host_id: session?.hostId, error: String(error) });
        });
      },
    };
  }

  /**
   * A Hello for a host whose session lives, from another daemon: refused, and both daemons'
   * operators told (see daemon-arrival.ts). The same daemon dialling again is not refused.
   */
  private hostTaken(hello: Hello, socket: DaemonSocket): { code: number; message: string } | undefined {
    const holder = this.sessions.get(hello.hostId);
    if (!holder || holder.closed) return undefined;
    const arrival = daemonArrival(holder, hello, socket.peer ?? "an unknown address");
    if (arrival.outcome === "replaces-itself") return undefined;
    const now = Date.now();
    if (now - holder.takenNoticeAt >= TAKEN_NOTICE_INTERVAL_MS) {
      holder.takenNoticeAt = now;
      log.warn("a second daemon asked for a host id that is connected; refused", arrival.fields);
      holder.socket.send(encodeControllerMessage({ notice: { message: arrival.toHolder } }));
    }
    return { code: CLOSE_HOST_TAKEN, message: arrival.toNewcomer };
  }

  private async open(hello: Hello, socket: DaemonSocket): Promise<HostSession> {
    await this.ready;
    const previous = this.sessions.get(hello.hostId);
    if (previous) {
      previous.end();
      previous.socket.close(CLOSE_REPLACED, "the same daemon connected again; this connection is over");
    }
    const session = this.newSession(hello, socket);
    await saveHostPresence(this.deps, hello, true);
    socket.opened?.(hello);
    log.info("dataplane host connected", { host_id: hello.hostId, peer: session.peer, last_applied_revision: hello.lastAppliedRevision });
    this.arrivals.arrived(hello.hostId);
    void this.enqueue(session, true);
    // Cross-host links waiting for this host's address and ports can now be completed.
    for (const other of this.sessions.values()) if (other !== session) this.schedule(other);
    return session;
  }

  /**
   * A session whose pushes also build the host's whole state now and then: what the effects
   * name is what a request changes, and this catches any change to what a host runs that
   * reached the store without one (the difference, if any, is sent as any change is).
   */
  private newSession(hello: Hello, socket: DaemonSocket): HostSession {
    const session = new HostSession(hello, socket, this.deps);
    this.sessions.set(hello.hostId, session);
    session.resyncEvery(this.resyncMs, () => this.schedule(session));
    return session;
  }

  /** A host that goes quiet (its machine froze, the network dropped) is closed as if it had left. */
  private heard(session: HostSession): void {
    session.heard(this.silenceTimeoutMs, () => {
      log.warn("dataplane host silent, closing its connection", { host_id: session.hostId, silent_ms: this.silenceTimeoutMs });
      session.socket.close(CLOSE_SILENT, `nothing heard for ${this.silenceTimeoutMs / 1000} s`);
      this.close(session).catch((error) => log.error("dataplane disconnect failed", { host_id: session.hostId, error: String(error) }));
    });
  }

  private async close(session: HostSession): Promise<void> {
    if (session.closed && this.sessions.get(session.hostId) !== session) return;
    session.end();
    this.counters.forgetHost(session.hostId);
    this.forwarded.disconnected(session.hostId);
    if (this.sessions.get(session.hostId) !== session) return;
    this.sessions.delete(session.hostId);
    this.arrivals.left(session.hostId);
    await saveHostPresence(this.deps, session.hello, false);
    log.info("dataplane host disconnected", { host_id: session.hostId });
  }

  /** Keeps what the host's machine offers QEMU; the compute's capabilities change when the accelerator its guests get does. */
  private async factsReported(session: HostSession, facts: HostFacts): Promise<void> {
    const { before, changed } = await saveHostFacts(this.deps, session.hostId, facts);
    if (!changed) return;
    const accelerator = qemuAccelerator(hostFactsRecord(facts));
    if (qemuAccelerator(before) === accelerator) return;
    const compute = await loadComputeRecord(this.deps, session.hostId);
    this.deps.events.publish(
      { kind: "controller" },
      { action: "compute.updated", event: computeToWire(compute, this.deps.config.version, this.deps.usage(), { qemuAccelerator: accelerator }) },
    );
  }

  /** A push soon that builds the host's whole state (and sends what differs). */
  private schedule(session: HostSession): void {
    session.changed();
    session.schedule(this.debounceMs, () => void this.enqueue(session, false));
  }

  /** Resolves once the push ran (see HostSession.enqueue: a request joins the push waiting for its turn). */
  private enqueue(session: HostSession, force: boolean): Promise<void> {
    return session.enqueue(
      force,
      () => this.push(session, force),
      (error) => {
        // What the failed push took to send (and the records it may have half read) goes with the next whole build.
        session.changed();
        log.error("could not send the desired state", { host_id: session.hostId, error: String(error) });
      },
    );
  }

  /**
   * Sends the host a new revision with what changed since the last one, or (`force`: it just
   * connected) its whole state. What a push looks at is what the effects since the last push
   * named: those nodes and links are read again, and the specs they may change are built and
   * compared to those sent. Anything else (a wake, a project opened, the periodic resync)
   * builds the whole state from the projects the host's index names (never the whole store).
   * Nothing is sent when nothing differs. Nodes recorded as running that the state has to
   * leave out are stopped.
   */
  private async push(session: HostSession, force: boolean): Promise<void> {
    const { hostId } = session;
    const changes = session.takeChanges();
    let scope: ItemsByProject | "all" = "all";
    if (!force && changes !== "all" && session.view) scope = (await session.view.refresh(this.deps, changes)) ?? "all";
    if (scope === "all") session.view = await HostRecordsView.load(this.deps, hostId);
    const view = session.view!;
    const projects = scope === "all" ? view.records() : scopedRecords(view, scope);
    const context = await hostStateContext(this.deps, hostId, projects);
    const built =
      scope === "all"
        ? desiredHostState(context)
        : [...scope].map(([projectId, items]) => desiredItems(context, view.projects.get(projectId)!, items)).reduce(joinStates, { nodes: [], links: [], leftOut: [] });
    const leftOutBefore = session.leftOut;
    const diff = session.sent.update(built, scope);
    session.leftOut = session.sent.leftOut;
    const leftOutChanged = JSON.stringify(session.leftOut) !== JSON.stringify(leftOutBefore);
    await this.stopUnrunnable(session, built.leftOut);
    const unchanged = diff.nodes.length + diff.links.length + diff.removedNodes.length + diff.removedLinks.length === 0;
    if (!force && unchanged && session.sentRevision > 0) {
      // What the host cannot run changes without what it runs changing (a docker node started).
      if (leftOutChanged) await saveLeftOut(this.deps, hostId, session.leftOut);
      return;
    }
    const baseRevision = session.sentRevision;
    const revision = await revisionAfter(this.deps, hostId, session.hello.lastAppliedRevision, session.sentRevision);
    if (session.closed) return;
    session.sentRevision = revision;
    this.followSent(session, diff);
    const whole = force || baseRevision === 0;
    if (whole) {
      const nodes = [...session.sent.nodes.values()].map(({ spec }) => spec);
      const links = [...session.sent.links.values()].map(({ spec }) => spec);
      session.socket.send(encodeControllerMessage({ state: { revision, nodes, links } }));
    } else {
      session.socket.send(encodeControllerMessage({ change: { revision, baseRevision, ...diff } }));
    }
    log.debug(whole ? "sent a state" : "sent a change", {
      host_id: hostId,
      revision,
      nodes: whole ? session.sent.nodes.size : diff.nodes.length,
      links: whole ? session.sent.links.size : diff.links.length,
      removed: diff.removedNodes.length + diff.removedLinks.length,
    });
    if (built.leftOut.length > 0) log.warn("desired state leaves items out", { host_id: hostId, revision, left_out: built.leftOut });
    // Stored off the queue, the newest revision at a time: the next push need not wait for this
    // sync to disk, and allocates above `sentRevision` meanwhile.
    session.revisionRecord.set({ revision, leftOut: session.leftOut });
  }

  /** Keeps the links sent (for counter reports) and the project of each item (for item errors) as the host now has them. */
  private followSent(session: HostSession, diff: StateDiff): void {
    const { hostId } = session;
    for (const { projectId, id } of diff.removedLinks) {
      session.linksSent.delete(id);
      this.counters.forget(projectId, id);
      this.forwarded.forgetLink(hostId, projectId, id);
    }
    for (const { id } of [...diff.removedNodes, ...diff.removedLinks]) session.projectOfItem.delete(id);
    for (const link of diff.links) session.linksSent.set(link.linkId, link);
    for (const node of diff.nodes) session.projectOfItem.set(node.nodeId, node.projectId);
    for (const link of diff.links) session.projectOfItem.set(link.linkId, link.projectId);
    for (const item of session.leftOut) session.projectOfItem.set(item.id, item.projectId);
  }

  /** A node the state leaves out does not run: one recorded as running is stopped (the next push sends that). */
  private async stopUnrunnable(session: HostSession, leftOut: readonly LeftOut[]): Promise<void> {
    const nodes = leftOut.filter((item) => item.kind === "node");
    const stopped = await stopNodesThatDoNotRun(this.deps, session.hostId, nodes.map((item) => ({ projectId: item.projectId, nodeId: item.id, reason: item.reason })));
    if (stopped.size > 0) this.schedule(session);
  }

  /** Keeps the host's counters; a link's `link.counters` reaches its project at most once a second, while they change. */
  private countersReported(session: HostSession, report: CountersReport): void {
    const placementOf = (linkId: string): LinkPlacement | undefined => {
      const link = session.linksSent.get(linkId);
      return link && { projectId: link.projectId, aIsLocal: link.a.local, bIsLocal: link.b.local };
    };
    this.forwarded.record(session.hostId, report, placementOf, Date.now());
    const due = this.counters.record(session.hostId, report, placementOf);
    for (const sample of due) {
      this.announceCounters(sample).catch((error) => log.error("could not announce link counters", { host_id: session.hostId, error: String(error) }));
    }
  }

  private async announceCounters(sample: LinkCountersSample): Promise<void> {
    const link = await this.deps.store.get<LinkRecord>(keys.link(sample.projectId, sample.linkId));
    if (!link) return;
    this.deps.events.publish(
      { kind: "project", projectId: sample.projectId },
      { action: "link.counters", event: linkCountersWire(link, this.counters.sample(sample.projectId, sample.linkId)) as unknown as Record<string, unknown> },
    );
  }

  /**
   * Stores the ack, moves the nodes it says found their console port taken and stops the
   * others it says do not run (see ack-outcome.ts, taken-consoles.ts); each other error
   * not in the previous ack becomes a `log.error` on its project's stream. The requests waiting
   * for it answer once the command lines it reports are stored.
   */
  private async acknowledged(session: HostSession, ack: Ack): Promise<void> {
    const outcome = ackOutcome(session, ack);
    if (outcome.newest) {
      session.ackedRevision = ack.revision;
      session.ackErrors = outcome.errors;
    }
    const moved = await session.takenConsoles.move(this.deps, outcome.notRunning);
    const stopped = await stopNodesThatDoNotRun(this.deps, session.hostId, outcome.notRunning.filter((node) => !moved.has(node.nodeId)));
    if (moved.size + stopped.size > 0) this.schedule(session);
    // Before the requests answer: a start's answer shows the command line its node runs with.
    try {
      await session.commandLines.acknowledged(ack.nodes, session.projectOfItem.values());
    } catch (error) {
      log.error("could not store the nodes' command lines", { host_id: session.hostId, error: String(error) });
    }
    // The requests answer before the ack is stored for GET /v2/computes: that write is not theirs to wait for.
    session.ackWaiters.acknowledged(session.ackedRevision);
    // Errors are announced once: against those the last ack stored (read back once per connection, across controller restarts).
    const previous = session.storedAckErrors ?? (await this.deps.store.get<DataplaneAckRecord>(keys.dataplaneAck(session.hostId)))?.errors ?? [];
    session.storedAckErrors = outcome.errors;
    session.ackRecord.set({ revision: ack.revision, errors: outcome.errors });
    for (const { scope, notification } of ackAnnouncements(session.hostId, outcome.errors, previous, new Set([...moved, ...stopped]))) this.deps.events.publish(scope, notification);
  }
}

/** The records a scoped push reads for its tunnels, startup files and images: the items of the scope, and the nodes at their links' ends. */
function scopedRecords(view: HostRecordsView, scope: ItemsByProject): ProjectRecords[] {
  return [...scope].map(([projectId, items]) => {
    const held = view.projects.get(projectId)!;
    const links = [...items.links].flatMap((id) => held.links.get(id) ?? []);
    const nodeIds = new Set([...items.nodes, ...links.flatMap((link) => link.nodes.map((end) => end.node_id))]);
    return { project: held.project, nodes: [...nodeIds].flatMap((id) => held.nodes.get(id) ?? []), links };
  });
}

function joinStates(into: HostState, state: HostState): HostState {
  into.nodes.push(...state.nodes);
  into.links.push(...state.links);
  into.leftOut.push(...state.leftOut);
  return into;
}
