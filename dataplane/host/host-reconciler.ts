import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { createLogger } from "@shared/logging/logger";
import {
  itemKey,
  ItemErrorKind,
  NodeKind,
  type CountersReport,
  type DesiredHostState,
  type ItemError,
  type LinkSpec,
  type NodeReport,
  type NodeSpec,
} from "@shared/proto";
import { capturePathIn } from "../capture/capture-path";
import { LINKTYPE_ETHERNET, PcapWriter } from "../capture/pcap-writer";
import { DelayBudget } from "../forwarding/delay-budget";
import type { Endpoint } from "../forwarding/endpoint";
import { LinkRelay } from "../forwarding/link-relay";
import { UdpEndpoint } from "../forwarding/udp-endpoint";
import type { LinkMetrics } from "../metrics/prometheus";
import type { Reconciler } from "../control/client";
import type { Scope, StateLookup } from "@shared/proto/received-state";
import type { NodeRuntime, NodeRuntimeContext, NodeRuntimeFactory } from "./node-runtime";
import { consolePortTaken } from "../nodes/emulator-process";

interface RunningNode {
  spec: NodeSpec;
  runtime: NodeRuntime;
}

interface RunningLink {
  spec: LinkSpec;
  /** The keys of its local ends' nodes: the link goes with either. */
  nodeKeys: string[];
  /** What the relay was built from: a change here means a new relay, anything else is swapped in place. */
  wiring: string;
  relay: LinkRelay;
  /** The local ports the relay joins: a node that reopened one (a cloud port changed) gets a new relay. */
  ends: ReadonlyArray<Endpoint | null>;
  /** The filters and suspend the relay was last given, and what refusing them said. */
  filters: { key: string; problem: string | null } | null;
  tunnel: UdpEndpoint | null;
  capture: RunningCapture | null;
  /** Captures of this link that could not be opened or stopped on a write error. */
  captureFailures: number;
  /** Frames the link's closed captures dropped for want of room while the disk lagged. */
  captureDroppedBefore: number;
}

interface RunningCapture {
  /** Relative to the data dir, as the desired state names it. */
  path: string;
  writer: PcapWriter | null;
  /** Why the capture is not being written (it failed to open or to write); the next state retries it. */
  problem: string | null;
}

export type NodeRuntimeFactories = Partial<Record<NodeKind, NodeRuntimeFactory>>;

/** What the delay lines of all the host's links may hold together: beyond it delayed frames are dropped and counted. */
export const DELAY_BUDGET_BYTES = 256 * 1024 * 1024;

const log = createLogger("dataplane.host");

/**
 * Brings the host to a desired state: node runtimes started, updated or stopped; one link
 * relay per link, rebuilt only when its ends move, otherwise given the new filter chain in
 * place (sockets and delay lines untouched); captures opened and closed. Everything that
 * cannot be done is returned per node or link and the rest goes on. A capture that fails
 * later (its disk filled) stops alone, forwarding untouched, and is announced to the watcher,
 * as is a node whose process exits by itself.
 */
export class HostReconciler implements Reconciler {
  /** By `itemKey`: ids are unique within a project, and an imported project keeps the ids it had. */
  private readonly nodes = new Map<string, RunningNode>();
  private readonly links = new Map<string, RunningLink>();
  /** Captures closed and still writing what they hold, by path: still "capturing" to their followers. */
  private readonly flushing = new Map<string, number>();
  private queue: Promise<unknown> = Promise.resolve();
  /** What the states so far could not bring up, by "node KEY" or "link KEY": nodes' problems and links not built. */
  private readonly stateErrors = new Map<string, ItemError>();
  private errorsWatcher: ((errors: ItemError[]) => void) | undefined;
  private announcement: NodeJS.Immediate | undefined;
  private readonly context: NodeRuntimeContext;

  constructor(
    private readonly factories: NodeRuntimeFactories,
    context: Omit<NodeRuntimeContext, "announceFailure">,
    private readonly delayBudget = new DelayBudget(DELAY_BUDGET_BYTES),
  ) {
    this.context = { ...context, announceFailure: () => this.announceErrors() };
  }

  apply(state: DesiredHostState, progress?: (done: number, total: number) => void, scope?: Scope): Promise<ItemError[]> {
    const run = this.queue.then(() => this.reconcile(state, progress, scope));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Everything failing now: the last state's problems, and the nodes and captures that failed since. */
  itemErrors(): ItemError[] {
    const errors = [...this.stateErrors.values()];
    for (const { spec, runtime } of this.nodes.values()) {
      const failure = runtime.failure?.();
      if (failure) errors.push(nodeError(spec, `node ${spec.name}: ${failure}`));
    }
    for (const { spec, filters, capture } of this.links.values()) {
      for (const problem of [filters?.problem, capture?.problem]) {
        if (problem) errors.push({ kind: ItemErrorKind.LINK, id: spec.linkId, message: problem });
      }
    }
    return errors;
  }

  /** Every node whose process runs now, with its command line (what GNS3 shows as the node's `command_line`), and every router's last Idle-PC measurement. */
  nodeReports(): NodeReport[] {
    const reports: NodeReport[] = [];
    for (const { spec, runtime } of this.nodes.values()) {
      const commandLine = runtime.commandLine?.() ?? "";
      const { idlepc } = runtime.report?.() ?? { idlepc: null };
      if (commandLine || idlepc) reports.push({ nodeId: spec.nodeId, projectId: spec.projectId, commandLine, idlepc });
    }
    return reports;
  }

  /** The console ports (and containers' aux ports) of the nodes it runs now; a stopped node's port is not its while it is stopped. */
  consolePorts(): number[] {
    return [...this.nodes.values()]
      .filter(({ spec }) => spec.running)
      .flatMap(({ spec }) => [spec.consolePort, spec.docker?.auxPort ?? 0])
      .filter((port) => port > 0);
  }

  /** Whether a link's capture is being written to `relativePath` now: not failed, and not stopped, or stopped but still writing what it held. */
  isCapturing(relativePath: string): boolean {
    for (const { capture } of this.links.values()) if (capture?.path === relativePath && capture.writer) return true;
    return this.flushing.has(relativePath);
  }

  /** Calls `watcher` with `itemErrors()` after an item fails between states. */
  watchErrors(watcher: (errors: ItemError[]) => void): void {
    this.errorsWatcher = watcher;
  }

  /**
   * Brings the items `scope` names to `state` (every item for "all"): nodes gone or remade
   * leave first with their links, then nodes are brought side by side, then links one by one.
   * A link whose node was touched is brought again too (the node may offer a new port).
   */
  private async reconcile(state: DesiredHostState, progress: (done: number, total: number) => void = () => {}, scope: Scope = "all"): Promise<ItemError[]> {
    const wanted: StateLookup = scope === "all" ? lookupOf(state) : scope;
    const nodeKeys = scope === "all" ? new Set([...state.nodes.map((node) => itemKey(node.projectId, node.nodeId)), ...this.nodes.keys()]) : scope.nodes;
    const linkKeys = scope === "all" ? new Set([...state.links.map((link) => itemKey(link.projectId, link.linkId)), ...this.links.keys()]) : new Set(scope.links);
    if (scope !== "all" && nodeKeys.size > 0) {
      for (const [linkKey, running] of this.links) if (running.nodeKeys.some((key) => nodeKeys.has(key))) linkKeys.add(linkKey);
      // A link of the state is running or has an error: those that failed may build now.
      for (const errorKey of this.stateErrors.keys()) {
        const link = errorKey.startsWith("link ") ? wanted.link(errorKey.slice(5)) : undefined;
        if (link && localNodeKeys(link).some((key) => nodeKeys.has(key))) linkKeys.add(errorKey.slice(5));
      }
    }
    // What a state asks is done item by item: each node left, each node and link brought.
    let done = 0;
    let total = 0;
    const itemDone = () => progress(++done, total);

    for (const linkKey of linkKeys) {
      const running = this.links.get(linkKey);
      if (!running) continue;
      const spec = wanted.link(linkKey);
      const nodesStay = spec !== undefined && running.nodeKeys.every((nodeKey) => wanted.node(nodeKey) !== undefined);
      // The spec a link was brought with is kept as received: the same object is the same wiring.
      if (!spec || (spec !== running.spec && wiringOf(spec) !== running.wiring) || !nodesStay) await this.closeLink(linkKey);
    }
    const leaving: Array<Promise<void>> = [];
    for (const nodeKey of nodeKeys) {
      const running = this.nodes.get(nodeKey);
      if (!running) continue;
      const spec = wanted.node(nodeKey);
      // A VPCS console port is fixed when its runtime is made: a new one needs a new runtime.
      if (!spec || spec.kind !== running.spec.kind || spec.consolePort !== running.spec.consolePort) {
        await this.closeLinksOf(nodeKey);
        this.nodes.delete(nodeKey);
        total++;
        leaving.push(running.runtime.close().finally(itemDone));
      }
    }
    const nodes = [...nodeKeys].flatMap((key) => wanted.node(key) ?? []);
    const links = [...linkKeys].flatMap((key) => wanted.link(key) ?? []);
    total += nodes.length + links.length;
    if (scope === "all") this.stateErrors.clear();
    for (const key of nodeKeys) this.stateErrors.delete(`node ${key}`);
    for (const key of linkKeys) this.stateErrors.delete(`link ${key}`);
    // Side by side: a VM given 30 s to power down, or booting, holds up no other node.
    await Promise.all(leaving);
    const problems = await Promise.all(nodes.map((spec) => this.bringNode(spec).finally(itemDone)));
    nodes.forEach((spec, index) => {
      const problem = problems[index];
      if (problem) this.stateErrors.set(`node ${itemKey(spec.projectId, spec.nodeId)}`, nodeError(spec, problem));
    });
    for (const spec of links) {
      const problem = await this.bringLink(spec);
      itemDone();
      if (problem) this.stateErrors.set(`link ${itemKey(spec.projectId, spec.linkId)}`, { kind: ItemErrorKind.LINK, id: spec.linkId, message: problem });
    }
    return this.itemErrors();
  }

  private async bringNode(spec: NodeSpec): Promise<string | null> {
    const running = this.nodes.get(itemKey(spec.projectId, spec.nodeId));
    if (running) {
      running.spec = spec;
      return running.runtime.update(spec);
    }
    const factory = this.factories[spec.kind];
    if (!factory) return `node ${spec.name}: this daemon cannot run nodes of kind ${NodeKind[spec.kind] ?? spec.kind}`;
    try {
      this.nodes.set(itemKey(spec.projectId, spec.nodeId), { spec, runtime: await factory(spec, this.context) });
      return null;
    } catch (error) {
      return `node ${spec.name}: ${(error as Error).message}`;
    }
  }

  private endpointOf(projectId: string, end: LinkSpec["a"]): Endpoint | string {
    const node = this.nodes.get(itemKey(projectId, end.nodeId));
    if (!node) return `node ${end.nodeId} is not running on this host`;
    return (
      node.runtime.endpoint(end.adapterNumber, end.portNumber) ??
      node.runtime.portProblem?.(end.adapterNumber, end.portNumber) ??
      `node ${node.spec.name} has no port ${end.adapterNumber}/${end.portNumber}`
    );
  }

  /** Builds the link if it has no relay yet; what cannot be built is returned, the rest is kept on the running link. */
  private async bringLink(spec: LinkSpec): Promise<string | null> {
    const linkKey = itemKey(spec.projectId, spec.linkId);
    let running = this.links.get(linkKey);
    if (running && !sameEnds(running.ends, this.localEnds(spec))) {
      await this.closeLink(linkKey);
      running = undefined;
    }
    if (!running) {
      const built = await this.buildLink(spec);
      if (typeof built === "string") return built;
      running = built;
      this.links.set(linkKey, running);
    }
    // A link brought again only because a node of it changed keeps its filters and capture.
    if (running.filters && running.spec === spec && !running.capture?.problem) return null;
    running.spec = spec;
    this.bringFilters(running, spec);
    await this.bringCapture(running, spec);
    return null;
  }

  /**
   * New chains only when the filters or suspend change: a state that repeats them (the
   * controller resending everything after a reconnect) keeps each direction's count and
   * random stream, so `frequency_drop` goes on dropping exactly every Nth frame.
   */
  private bringFilters(running: RunningLink, spec: LinkSpec): void {
    const key = JSON.stringify([spec.filters, spec.suspended]);
    if (running.filters?.key !== key) {
      const filtered = running.relay.setFilters(spec.filters, spec.suspended);
      running.filters = { key, problem: filtered.ok ? null : `filters not applied: ${filtered.message}` };
    }
  }

  /** The link's local ends as its nodes offer them now (a string: why one has none). */
  private localEnds(spec: LinkSpec): [Endpoint | string | null, Endpoint | string | null] {
    return [spec.a.local ? this.endpointOf(spec.projectId, spec.a) : null, spec.b.local ? this.endpointOf(spec.projectId, spec.b) : null];
  }

  private async buildLink(spec: LinkSpec): Promise<RunningLink | string> {
    const [a, b] = this.localEnds(spec);
    if (typeof a === "string") return a;
    if (typeof b === "string") return b;
    const ends = [a, b];
    const nodeKeys = localNodeKeys(spec);
    if (a && b) return { spec, nodeKeys, wiring: wiringOf(spec), relay: new LinkRelay(a, b, { delayBudget: this.delayBudget }), ends, filters: null, tunnel: null, capture: null, captureFailures: 0, captureDroppedBefore: 0 };
    if (!spec.tunnel) return "the link has an end on another host but no tunnel to it";
    if (!a && !b) return "neither end of the link is on this host";
    let tunnel: UdpEndpoint;
    try {
      tunnel = await UdpEndpoint.open({
        localPort: spec.tunnel.localPort,
        remoteHost: spec.tunnel.remoteHost,
        remotePort: spec.tunnel.remotePort,
      });
    } catch (error) {
      return `cannot open the tunnel to ${spec.tunnel.remoteHost}:${spec.tunnel.remotePort} on UDP ${spec.tunnel.localPort}: ${(error as Error).message}`;
    }
    // Each host filters the frames leaving its own end, so every direction is filtered once.
    const delayBudget = this.delayBudget;
    const relay = a ? new LinkRelay(a, tunnel, { filteredDirections: "aToB", delayBudget }) : new LinkRelay(tunnel, b!, { filteredDirections: "bToA", delayBudget });
    return { spec, nodeKeys, wiring: wiringOf(spec), relay, ends, filters: null, tunnel, capture: null, captureFailures: 0, captureDroppedBefore: 0 };
  }

  /**
   * Opens, keeps or closes the link's capture. A capture that failed is retried by every state
   * that still asks for it: the user may have freed space and started it again.
   */
  private async bringCapture(running: RunningLink, spec: LinkSpec): Promise<void> {
    const wanted = spec.capture?.active ? spec.capture.relativePath : null;
    const current = running.capture;
    if (current && current.path === wanted && current.problem === null) return;
    if (current) {
      running.relay.setCapture(null);
      running.capture = null;
      await this.closeCapture(running, current);
    }
    if (!wanted) return;
    const capture: RunningCapture = { path: wanted, writer: null, problem: null };
    running.capture = capture;
    const path = capturePathIn(this.context.dataDir, wanted);
    if (!path) {
      capture.problem = `capture path ${wanted} leaves the data directory`;
      return;
    }
    try {
      mkdirSync(dirname(path), { recursive: true });
      capture.writer = PcapWriter.open(
        path,
        (error) => {
          this.captureFailed(running, capture, `capture ${wanted} stopped: ${error.message} (the file keeps the frames captured before; stop and start the capture to retry)`);
          this.announceErrors();
        },
        () => log.warn("link capture dropping frames: the disk is slower than the link", { project_id: running.spec.projectId, link_id: running.spec.linkId, path: wanted }),
        running.spec.capture?.linkType || LINKTYPE_ETHERNET,
      );
      running.relay.setCapture(capture.writer);
    } catch (error) {
      this.captureFailed(running, capture, `cannot write the capture ${wanted}: ${(error as Error).message}`);
    }
  }

  /**
   * Writes what the capture still holds before the state that stopped it is acknowledged, so
   * a stopped capture's file is complete; its followers go on reading until then.
   */
  private async closeCapture(running: RunningLink, capture: RunningCapture): Promise<void> {
    const writer = capture.writer;
    if (!writer) return;
    // Detached first: a write failing while it flushes must not count its drops a second time.
    capture.writer = null;
    this.flushing.set(capture.path, (this.flushing.get(capture.path) ?? 0) + 1);
    try {
      await writer.close();
    } finally {
      const left = this.flushing.get(capture.path)! - 1;
      if (left > 0) this.flushing.set(capture.path, left);
      else this.flushing.delete(capture.path);
    }
    running.captureDroppedBefore += writer.dropped;
    if (writer.dropped > 0) log.warn("link capture closed without the frames it dropped", { project_id: running.spec.projectId, link_id: running.spec.linkId, path: capture.path, dropped: writer.dropped });
  }

  /** Called when a write failed: records and logs, nothing that could throw or wait. */
  private captureFailed(running: RunningLink, capture: RunningCapture, problem: string): void {
    running.relay.setCapture(null);
    if (capture.writer) running.captureDroppedBefore += capture.writer.dropped;
    capture.writer = null;
    capture.problem = problem;
    running.captureFailures += 1;
    log.error("link capture failed", { project_id: running.spec.projectId, link_id: running.spec.linkId, problem });
  }

  /** Tells the watcher outside the packet path, once for failures that come together. */
  private announceErrors(): void {
    if (this.announcement || !this.errorsWatcher) return;
    this.announcement = setImmediate(() => {
      this.announcement = undefined;
      this.errorsWatcher?.(this.itemErrors());
    });
  }

  private async closeLink(linkKey: string): Promise<void> {
    const running = this.links.get(linkKey);
    if (!running) return;
    this.links.delete(linkKey);
    running.relay.close();
    if (running.capture) await this.closeCapture(running, running.capture);
    await running.tunnel?.close();
  }

  private async closeLinksOf(nodeKey: string): Promise<void> {
    for (const [linkKey, running] of this.links) {
      if (running.nodeKeys.includes(nodeKey)) await this.closeLink(linkKey);
    }
  }

  counters(): CountersReport {
    return {
      links: [...this.links.values()].map(({ spec, relay }) => {
        const { aToB, bToA } = relay.counters();
        return { linkId: spec.linkId, aToB, bToA };
      }),
      sampledAtMs: Date.now(),
    };
  }

  metrics(): LinkMetrics[] {
    return [...this.links.values()].map(({ spec, relay, captureFailures, captureDroppedBefore, capture }) => ({
      linkId: spec.linkId,
      projectId: spec.projectId,
      ...relay.counters(),
      captureFailures,
      captureDropped: captureDroppedBefore + (capture?.writer?.dropped ?? 0),
    }));
  }

  async close(): Promise<void> {
    await this.queue;
    clearImmediate(this.announcement);
    this.errorsWatcher = undefined;
    for (const linkKey of [...this.links.keys()]) await this.closeLink(linkKey);
    for (const { runtime } of this.nodes.values()) await runtime.close();
    this.nodes.clear();
  }
}

/**
 * A node's error, marked with its console port when another program listening there kept it
 * from starting: the controller then gives the node a free port and starts it again, as GNS3's
 * compute hands out only ports it can bind.
 */
function nodeError(spec: NodeSpec, message: string): ItemError {
  const taken = spec.consolePort > 0 && message.includes(consolePortTaken(spec.consolePort));
  return { kind: ItemErrorKind.NODE, id: spec.nodeId, message, ...(taken ? { consolePortTaken: spec.consolePort } : {}) };
}

function lookupOf(state: DesiredHostState): StateLookup {
  const nodes = new Map(state.nodes.map((node) => [itemKey(node.projectId, node.nodeId), node]));
  const links = new Map(state.links.map((link) => [itemKey(link.projectId, link.linkId), link]));
  return { node: (key) => nodes.get(key), link: (key) => links.get(key) };
}

function wiringOf(spec: LinkSpec): string {
  return JSON.stringify([spec.a, spec.b, spec.tunnel]);
}

/** The nodes of a link's local ends (a link's ends are in its project); a link whose local node leaves the state goes with it. */
function localNodeKeys(spec: LinkSpec): string[] {
  return [spec.a, spec.b].filter((end) => end.local).map((end) => itemKey(spec.projectId, end.nodeId));
}

function sameEnds(built: ReadonlyArray<Endpoint | null>, now: ReadonlyArray<Endpoint | string | null>): boolean {
  return built.every((end, index) => end === now[index]);
}
