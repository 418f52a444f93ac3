import type { NodeCreate, NodeUpdate } from "@shared/schemas/node";
import { conflictingRequest } from "../domain/errors";
import type { ControllerDeps, HostAnswer } from "../deps";
import type { LinkRecord } from "../domain/links";
import { NODE_TYPE_TRAITS, supportedNodeType } from "../domain/node-types";
import { instanceId } from "../domain/instance-ids";
import { allocateNodeName } from "../domain/node-names";
import { duplicateOrigin, heldConsolePorts, newNode, nodeToTopology, nodeToWire, updatedNode, type NodeRecord, type NodeStatus } from "../domain/nodes";
import { splitStartupScript } from "../domain/vpcs-script";
import { keys } from "../store/keys";
import * as lifecycle from "./lifecycle-log";
import { listNodeRecords, loadNode } from "./node-records";
import { cachedListBody } from "./list-cache";
import { applyChange, combineChanges, dataplaneFailure, emptyChange, type Change } from "./change";
import { combineEffects, linkEffect, nodeEffect, type DataplaneEffect } from "../domain/dataplane-effects";
import { CONSOLE_PORT_RANGE } from "@shared/schemas/compute";
import { withConflictRetry } from "../store/conflict-retry";
import { cloudInterfaceNames, loadHostFacts } from "./host-facts";
import { loadComputeRecord } from "./computes";
import { hostsOfEnds, linkRemoval } from "./links";
import { projectEvent } from "./project-events";
import { countAddition, countRemoval, inCountTurn } from "./record-limits";
import { loadOpenedProject, loadProject } from "./projects";
import { removeNodeFiles } from "./node-files";
import { copyNodeScript, updateNodeScript, writeNewNodeScript } from "./startup-files";

export function nodeWire(deps: ControllerDeps, node: NodeRecord) {
  return nodeToWire(node, { consoleHost: deps.config.consoleHost, projectsDir: deps.config.projectsDir });
}

/** Opened projects list wire nodes; closed ones list their stored topology, as GNS3 does. */
export async function listNodesBody(deps: ControllerDeps, projectId: string): Promise<Uint8Array> {
  return cachedListBody(deps, projectId, "nodes", async () => {
    const project = await loadProject(deps, projectId);
    const nodes = await listNodeRecords(deps, projectId);
    return project.status === "opened" ? nodes.map((node) => nodeWire(deps, node)) : nodes.map(nodeToTopology);
  });
}

export async function getNode(deps: ControllerDeps, projectId: string, nodeId: string): Promise<NodeRecord> {
  await loadOpenedProject(deps, projectId);
  return loadNode(deps, projectId, nodeId);
}

/** The `dynamips_id`s the project's routers hold. */
async function takenInstanceIds(deps: ControllerDeps, projectId: string): Promise<Set<number>> {
  const nodes = await deps.store.list<NodeRecord>(keys.nodesPrefix(projectId));
  return new Set(nodes.flatMap(({ value }) => (NODE_TYPE_TRAITS[value.node_type].instanceIds ? [Number(value.properties.dynamips_id)] : [])));
}

async function takenNames(deps: ControllerDeps, projectId: string): Promise<Set<string>> {
  const prefix = keys.nodeName(projectId, "");
  return new Set((await deps.store.list(prefix)).map((entry) => entry.key.slice(prefix.length)));
}

/** The port numbers claimed under a claim prefix (console ports, tunnel ports): the last key segment. */
export async function claimedPorts(deps: ControllerDeps, prefix: string): Promise<number[]> {
  return (await deps.store.list(prefix)).map((entry) => Number(entry.key.slice(prefix.length)));
}

async function usedConsolePorts(deps: ControllerDeps, computeId: string): Promise<Set<number>> {
  return new Set(await claimedPorts(deps, keys.consolePortsPrefix(computeId)));
}

/** The console ports another program listens on at the compute's host, as its daemon last reported them. */
async function busyConsolePorts(deps: ControllerDeps, computeId: string): Promise<Set<number>> {
  return new Set((await loadHostFacts(deps, computeId))?.busy_console_ports ?? []);
}

/** Ports a new node cannot get: claimed by a node, or held by another program on the host (GNS3 hands out only ports it can bind). */
export async function unavailableConsolePorts(deps: ControllerDeps, computeId: string): Promise<Set<number>> {
  const [used, busy] = await Promise.all([usedConsolePorts(deps, computeId), busyConsolePorts(deps, computeId)]);
  return new Set([...used, ...busy]);
}

/**
 * The lowest free console port, as GNS3 gives, on a first attempt. Concurrent creations all
 * want that one and only one gets it per commit, so with creations arriving steadily a loser
 * could lose every retry: from the second attempt on, a request takes one of the 2, 4, 8, …
 * lowest free ports at random instead.
 */
function freeConsolePort(used: ReadonlySet<number>, computeId: string, attempt = 1): number {
  const pick = Math.floor(Math.random() * 2 ** Math.min(attempt - 1, 8));
  let free = 0;
  let highestSeen: number | undefined;
  for (let port = CONSOLE_PORT_RANGE.first; port <= CONSOLE_PORT_RANGE.last; port++) {
    if (used.has(port)) continue;
    if (free++ === pick) return port;
    highestSeen = port;
  }
  if (highestSeen !== undefined) return highestSeen;
  throw conflictingRequest(`No free console port between ${CONSOLE_PORT_RANGE.first} and ${CONSOLE_PORT_RANGE.last} on compute ${computeId}`);
}

/**
 * The port the client asks for, unless another node holds it (a 409); one another program
 * listens on is replaced, as GNS3's compute does (see `consoleReplaced`): by the node's own
 * port when it has one (`current`), else by a free one.
 */
async function allocateConsole(deps: ControllerDeps, computeId: string, requested: number | null | undefined, attempt = 1, current: number | null = null): Promise<number> {
  if (requested != null) {
    if ((await usedConsolePorts(deps, computeId)).has(requested)) throw conflictingRequest(`Console port ${requested} is already used on compute ${computeId}`);
    if (!(await busyConsolePorts(deps, computeId)).has(requested)) return requested;
    if (current !== null) return current;
  }
  return freeConsolePort(await unavailableConsolePorts(deps, computeId), computeId, attempt);
}

/**
 * What a client reads when the console port a node had or asked for is held by another program
 * on its host and the node was given another: GNS3's compute words (it only logs them), on the
 * project's stream as `log.warning`, which the GUIs show.
 */
function consoleReplaced(node: NodeRecord, previous: number) {
  const message = `TCP port ${previous} already in use on compute ${node.compute_id} by another program. Port has been replaced by ${node.console} for node ${node.name}`;
  return projectEvent(node.project_id, "log.warning", { message });
}

/**
 * An aux console port (Docker's): the one the client asks for if no node holds it, else the
 * lowest free one; never the node's own console port.
 */
async function allocateAux(deps: ControllerDeps, computeId: string, requested: unknown, console: number | null, attempt = 1): Promise<number> {
  if (typeof requested === "number" && Number.isInteger(requested)) {
    if (requested === console || (await usedConsolePorts(deps, computeId)).has(requested)) throw conflictingRequest(`Aux console port ${requested} is already used on compute ${computeId}`);
    return requested;
  }
  const used = await unavailableConsolePorts(deps, computeId);
  if (console !== null) used.add(console);
  return freeConsolePort(used, computeId, attempt);
}

/**
 * `count` distinct free console ports on a compute, lowest first, for nodes created together
 * (project import). The caller guards each claim as `createNode` does.
 */
export async function allocateConsolePorts(deps: ControllerDeps, computeId: string, count: number): Promise<number[]> {
  const used = await unavailableConsolePorts(deps, computeId);
  const ports: number[] = [];
  for (let index = 0; index < count; index++) {
    const port = freeConsolePort(used, computeId);
    used.add(port);
    ports.push(port);
  }
  return ports;
}

/** Whether a node of this console type gets a console port. */
export function hasConsole(consoleType: string | null): boolean {
  return consoleType !== null && consoleType !== "none";
}

/** `origin`: for a duplicate, the node its disks are copied from (kept off the wire). */
export async function createNode(deps: ControllerDeps, projectId: string, input: NodeCreate, origin: Pick<NodeRecord, "overlay_source"> = {}): Promise<NodeRecord> {
  await loadComputeRecord(deps, input.compute_id);
  await loadOpenedProject(deps, projectId);
  const nodeId = input.node_id ?? deps.newId();
  const { properties, startupScript } = splitStartupScript(input.node_type, input.properties);
  return inCountTurn(deps, projectId, "nodes", nodeId, () => withConflictRetry(async (attempt) => {
    const existing = await deps.store.get<NodeRecord>(keys.node(projectId, nodeId));
    if (existing) return existing;
    const kind = supportedNodeType(input.node_type);
    const consoleType = input.console_type ?? kind.consoleType;
    const name = allocateNodeName(input.name, await takenNames(deps, projectId));
    const console = hasConsole(consoleType) ? await allocateConsole(deps, input.compute_id, input.console, attempt) : null;
    const wantsAux = kind.auxConsole === "always" || (kind.auxConsole === "asked" && typeof properties?.aux === "number");
    const aux = wantsAux ? await allocateAux(deps, input.compute_id, properties?.aux, console, attempt) : null;
    const instance = kind.instanceIds ? { dynamips_id: instanceId(properties?.dynamips_id, await takenInstanceIds(deps, projectId)) } : {};
    const node: NodeRecord = {
      ...newNode({ ...input, properties: { ...properties, ...instance, ...(aux === null ? {} : { aux }) } }, { nodeId, projectId, name, console, hostInterfaces: await cloudInterfaceNames(deps, input.compute_id) }),
      ...origin,
    };
    // A node that runs as soon as it exists (a NAT node making its network) starts with this
    // request, which answers what its host said, as GNS3's compute answers a creation.
    const effect = nodeEffect(undefined, node);
    const change: Change = {
      writes: [{ key: keys.node(projectId, nodeId), value: node }, { key: keys.nodeName(projectId, name), value: nodeId }],
      guards: [{ key: keys.node(projectId, nodeId), absent: true }, { key: keys.nodeName(projectId, name), absent: true }],
      events: [projectEvent(projectId, "node.created", nodeWire(deps, node)), ...(input.console != null && console !== input.console ? [consoleReplaced(node, input.console)] : [])],
      ...(kind.alwaysRunning && kind.dataplaneKind !== undefined ? { dataplane: effect } : { wakes: effect }),
    };
    // The host's index, so its pushes read this project; a lasting entry costs only a read.
    change.writes.push({ key: keys.hostProject(node.compute_id, projectId), value: {} });
    for (const port of heldConsolePorts(node)) {
      change.writes.push({ key: keys.consolePort(input.compute_id, port), value: nodeId });
      change.guards.push({ key: keys.consolePort(input.compute_id, port), absent: true });
    }
    await applyChange(deps, combineChanges(change, await countAddition(deps, projectId, "nodes", nodeId)));
    await writeNewNodeScript(deps, node, startupScript);
    return node;
  }));
}

export async function updateNode(deps: ControllerDeps, projectId: string, nodeId: string, input: NodeUpdate): Promise<NodeRecord> {
  await loadOpenedProject(deps, projectId);
  let before: NodeRecord | undefined;
  let startupScript: string | null | undefined;
  let wakes: DataplaneEffect | undefined;
  const updated = await withConflictRetry(async () => {
    const node = (before = await loadNode(deps, projectId, nodeId));
    const split = splitStartupScript(node.node_type, input.properties);
    startupScript = split.startupScript;
    // As GNS3: the node's own name is given up first, so `PC{0}` or `PC 1` may give it back.
    const taken = input.name !== undefined && input.name !== node.name ? await takenNames(deps, projectId) : undefined;
    taken?.delete(node.name);
    const name = taken ? allocateNodeName(input.name!, taken) : node.name;
    const renamed = name !== node.name;
    const next = updatedNode(node, { ...input, properties: split.properties }, name);
    const change: Change = {
      writes: [],
      guards: [{ key: keys.node(projectId, nodeId), revision: node.revision }],
      events: [],
    };
    const console = input.console !== undefined && input.console !== node.console && next.console_type !== "none" ? await allocateConsole(deps, node.compute_id, input.console, 1, node.console) : node.console;
    if (console !== null && console !== node.console) {
      if (node.console !== null) change.writes.push({ key: keys.consolePort(node.compute_id, node.console), delete: true });
      change.writes.push({ key: keys.consolePort(node.compute_id, console), value: nodeId });
      change.guards.push({ key: keys.consolePort(node.compute_id, console), absent: true });
      next.console = console;
    }
    if (renamed) {
      change.writes.push({ key: keys.nodeName(projectId, node.name), delete: true }, { key: keys.nodeName(projectId, name), value: nodeId });
      change.guards.push({ key: keys.nodeName(projectId, name), absent: true });
    }
    if (JSON.stringify(next) === JSON.stringify(node)) return node;
    next.revision = node.revision + 1;
    change.writes.push({ key: keys.node(projectId, nodeId), value: next });
    change.events.push(projectEvent(projectId, "node.updated", nodeWire(deps, next)));
    if (input.console != null && next.console !== null && next.console !== input.console) change.events.push(consoleReplaced(next, input.console));
    await applyChange(deps, change);
    wakes = nodeEffect(node, next);
    return next;
  });
  await updateNodeScript(deps, before!, updated, startupScript);
  // Only now: the host's state carries the node's script, which a rename has just rewritten; a
  // push woken before would send the old one, and nothing would wake another.
  if (wakes) deps.dataplane?.wake(wakes);
  return updated;
}

/** A node's links go with it (each announced as `link.deleted`), then its name and console. */
export async function deleteNode(deps: ControllerDeps, projectId: string, nodeId: string): Promise<void> {
  await loadOpenedProject(deps, projectId);
  const deleted = await inCountTurn(deps, projectId, "nodes", nodeId, () =>
    withConflictRetry(async () => {
      const node = await loadNode(deps, projectId, nodeId);
      if (node.locked) throw conflictingRequest(`Node ${node.name} cannot be deleted because it is locked`);
      const links = await nodeLinkRecords(deps, projectId, nodeId);
      const nodeRemoval = emptyChange();
      nodeRemoval.writes.push({ key: keys.node(projectId, nodeId), delete: true }, { key: keys.nodeName(projectId, node.name), delete: true });
      for (const port of heldConsolePorts(node)) nodeRemoval.writes.push({ key: keys.consolePort(node.compute_id, port), delete: true });
      nodeRemoval.guards.push({ key: keys.node(projectId, nodeId), revision: node.revision });
      nodeRemoval.events.push(projectEvent(projectId, "node.deleted", nodeWire(deps, node)));
      const hosts = await hostsOfEnds(deps, ...links);
      nodeRemoval.wakes = combineEffects(nodeEffect(node, undefined), ...links.map((link) => linkEffect(link, undefined, (id) => hosts.get(id))));
      await applyChange(
        deps,
        combineChanges(
          ...links.map(linkRemoval),
          nodeRemoval,
          await countRemoval(deps, projectId, "nodes", [nodeId]),
          await countRemoval(deps, projectId, "links", links.map((link) => link.link_id)),
        ),
      );
      return node;
    }),
  );
  await removeNodeFiles(deps, deleted);
}

export async function nodeLinkRecords(deps: ControllerDeps, projectId: string, nodeId: string): Promise<LinkRecord[]> {
  const linkIds = new Set((await deps.store.list<string>(keys.nodePortsPrefix(projectId, nodeId))).map((entry) => entry.value));
  const links = await Promise.all([...linkIds].map((linkId) => deps.store.get<LinkRecord>(keys.link(projectId, linkId))));
  return links.filter((link): link is LinkRecord => link !== undefined);
}

export type NodeAction = "start" | "stop" | "suspend" | "reload";

/** Built-in devices (switches, hubs, clouds) are always running; emulated nodes change status. */
function statusAfter(node: NodeRecord, action: NodeAction): NodeStatus {
  if (supportedNodeType(node.node_type).alwaysRunning) return "started";
  switch (action) {
    case "start":
    case "reload":
      return "started";
    case "stop":
      return "stopped";
    case "suspend":
      return node.status === "stopped" ? "stopped" : "suspended";
  }
}

/** Answers once the node's host runs what the action asked, or with the host's reason it does not. */
export async function actOnNode(deps: ControllerDeps, projectId: string, nodeId: string, action: NodeAction): Promise<NodeRecord> {
  await loadOpenedProject(deps, projectId);
  const { node, effect } = await recordNodeAction(deps, projectId, nodeId, action);
  if (!effect) return node;
  await reachDataplaneMovingTakenConsoles(deps, projectId, effect);
  // As the host runs it now: its command line came with the acknowledgement.
  return (await deps.store.get<NodeRecord>(keys.node(projectId, nodeId))) ?? node;
}

/** Every node's action is recorded first, then the hosts are waited for once, together. */
export async function actOnAllNodes(deps: ControllerDeps, projectId: string, action: NodeAction): Promise<void> {
  await loadOpenedProject(deps, projectId);
  const effects: Array<DataplaneEffect | undefined> = [];
  for (const node of await listNodeRecords(deps, projectId)) effects.push((await recordNodeAction(deps, projectId, node.node_id, action)).effect);
  const effect = combineEffects(...effects);
  if (effect) await reachDataplaneMovingTakenConsoles(deps, projectId, effect);
}

/**
 * How many console ports in a row a node's starts may find held by another program before it
 * is stopped instead of moved (see dataplane/taken-consoles.ts). A program grabbing a port
 * between the host's last report and a start is rare; one taking each new port as fast as it
 * is given is not a race to keep running.
 */
export const CONSOLE_MOVES = 3;

/**
 * `reachDataplane` for actions that start nodes: a node whose start found another program on
 * its console port is moved to a free one by its host's session as the ack arrives, and the
 * request answers once it runs there, as if the port had been free.
 */
async function reachDataplaneMovingTakenConsoles(deps: ControllerDeps, projectId: string, effect: DataplaneEffect): Promise<void> {
  if (!deps.dataplane || effect.hostIds.length === 0) return;
  const failures: string[] = [];
  for (let moves = 0; ; moves++) {
    const answers = await deps.dataplane.apply(effect);
    const moved = moves < CONSOLE_MOVES ? await movedOffTakenConsoles(deps, projectId, answers) : [];
    const movedIds = new Set(moved.map((node) => node.node_id));
    const failure = dataplaneFailure(answers.map((answer) => (answer.outcome === "applied" ? { ...answer, problems: answer.problems.filter((problem) => !movedIds.has(problem.id)) } : answer)));
    if (failure) failures.push(failure);
    // Its host starts it again on its new port: wait for that as for the first start.
    const next = combineEffects(...moved.map((node) => nodeEffect({ ...node, status: "stopped" }, node)));
    if (!next) break;
    effect = next;
  }
  if (failures.length > 0) throw conflictingRequest(failures.join("; "));
}

/** The nodes whose start found their console port taken and that now run on another. */
async function movedOffTakenConsoles(deps: ControllerDeps, projectId: string, answers: readonly HostAnswer[]): Promise<NodeRecord[]> {
  const moved: NodeRecord[] = [];
  for (const answer of answers) {
    if (answer.outcome !== "applied") continue;
    for (const problem of answer.problems) {
      if (problem.kind !== "node" || !problem.consolePortTaken) continue;
      const node = await deps.store.get<NodeRecord>(keys.node(projectId, problem.id));
      if (node && node.status !== "stopped" && node.console !== problem.consolePortTaken) moved.push(node);
    }
  }
  return moved;
}

/**
 * Gives a node recorded as running, whose start found its console port held by another
 * program (`takenPorts`, the newest last), a free port, announced as GNS3's compute words it.
 * False when there is nothing to move: the node stopped, moved already, or has no console.
 */
export async function moveOffTakenConsole(deps: ControllerDeps, projectId: string, nodeId: string, takenPorts: ReadonlySet<number>): Promise<boolean> {
  return withConflictRetry(async () => {
    const node = await deps.store.get<NodeRecord>(keys.node(projectId, nodeId));
    if (!node || node.status === "stopped" || node.console === null || !takenPorts.has(node.console)) return false;
    const moved = await consoleMove(deps, node, takenPorts);
    if (!moved) return false;
    const next: NodeRecord = { ...node, console: moved.console, revision: node.revision + 1 };
    await applyChange(deps, {
      writes: [{ key: keys.node(projectId, nodeId), value: next }, ...moved.writes],
      guards: [{ key: keys.node(projectId, nodeId), revision: node.revision }, ...moved.guards],
      events: [projectEvent(projectId, "node.updated", nodeWire(deps, next)), consoleReplaced(next, node.console)],
    });
    lifecycle.consoleMoved(next, node.console);
    return true;
  });
}

async function recordNodeAction(
  deps: ControllerDeps,
  projectId: string,
  nodeId: string,
  action: NodeAction,
): Promise<{ node: NodeRecord; effect: DataplaneEffect | undefined }> {
  return withConflictRetry(async () => {
    const node = await loadNode(deps, projectId, nodeId);
    const status = statusAfter(node, action);
    // GNS3 reloads an emulator by stopping and starting it: its host restarts the process.
    const restarts = action === "reload" && !supportedNodeType(node.node_type).alwaysRunning;
    const moved = status !== "stopped" && node.status === "stopped" ? await consoleMove(deps, node, new Set()) : undefined;
    if (status === node.status && !restarts && !moved) return { node, effect: undefined };
    const next: NodeRecord = { ...node, status, revision: node.revision + 1, ...(restarts ? { reloads: (node.reloads ?? 0) + 1 } : {}) };
    if (moved) next.console = moved.console;
    await applyChange(deps, {
      writes: [{ key: keys.node(projectId, nodeId), value: next }, ...(moved?.writes ?? [])],
      guards: [{ key: keys.node(projectId, nodeId), revision: node.revision }, ...(moved?.guards ?? [])],
      events: [projectEvent(projectId, "node.updated", nodeWire(deps, next)), ...(moved ? [consoleReplaced(next, node.console!)] : [])],
    });
    if (moved) lifecycle.consoleMoved(next, node.console!);
    lifecycle.nodeStatusChanged(next, node.status);
    return { node: next, effect: nodeEffect(node, next) };
  });
}

/**
 * A node about to start whose console port another program holds on its host (as the host's
 * daemon last reported it, or as its starts found: `takenPorts`) moves to a free one, as
 * GNS3's compute hands out only ports it can bind, whether the port was allocated or asked for.
 */
async function consoleMove(deps: ControllerDeps, node: NodeRecord, takenPorts: ReadonlySet<number>): Promise<Pick<Change, "writes" | "guards"> & { console: number } | undefined> {
  if (node.console === null) return undefined;
  const busy = new Set([...(await busyConsolePorts(deps, node.compute_id)), ...takenPorts]);
  if (!busy.has(node.console)) return undefined;
  const console = freeConsolePort(new Set([...(await usedConsolePorts(deps, node.compute_id)), ...busy]), node.compute_id);
  const claim = keys.consolePort(node.compute_id, console);
  return {
    console,
    writes: [{ key: keys.consolePort(node.compute_id, node.console), delete: true }, { key: claim, value: node.node_id }],
    guards: [{ key: claim, absent: true }],
  };
}

export async function duplicateNode(
  deps: ControllerDeps,
  projectId: string,
  nodeId: string,
  position: { x: number; y: number; z?: number | undefined },
): Promise<NodeRecord> {
  const node = await getNode(deps, projectId, nodeId);
  if (node.status !== "stopped" && !supportedNodeType(node.node_type).alwaysRunning) {
    throw conflictingRequest("Cannot duplicate node data while the node is running");
  }
  const copy = await createNode(deps, projectId, {
    name: node.name,
    node_type: node.node_type,
    compute_id: node.compute_id,
    template_id: node.template_id,
    console_type: node.console_type as NodeCreate["console_type"],
    console_auto_start: node.console_auto_start,
    properties: withoutNodeIdentity(node),
    symbol: node.symbol,
    label: { ...node.label, text: node.name },
    x: position.x,
    y: position.y,
    z: position.z ?? node.z,
    port_name_format: node.port_name_format,
    port_segment_size: node.port_segment_size,
    first_port_name: node.first_port_name,
    custom_adapters: node.custom_adapters,
  }, duplicateOrigin(node));
  await copyNodeScript(deps, node, copy);
  return copy;
}

/** Properties that identify the node (QEMU's MAC base, a router's instance id and MAC) must be given anew to a copy. */
function withoutNodeIdentity(node: NodeRecord): Record<string, unknown> {
  const { mac_address: _mac, aux: _aux, dynamips_id: _id, mac_addr: _routerMac, ...rest } = node.properties;
  return rest;
}
