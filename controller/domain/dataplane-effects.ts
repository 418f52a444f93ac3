import { NODE_TYPE_TRAITS } from "./node-types";
import type { LinkRecord } from "./links";
import type { NodeRecord } from "./nodes";
import type { ProjectRecord } from "./projects";

/**
 * What a change of records asks of the dataplane: the hosts whose desired state it changes,
 * and the nodes and links whose failure to apply there is the caller's to hear of.
 */
export interface DataplaneEffect {
  hostIds: string[];
  /**
   * The project of `nodeIds` and `linkIds` when they are all of one: a host is then sent what
   * changed of these items alone. Absent: the hosts' states are built again whole.
   */
  projectId?: string;
  nodeIds: string[];
  linkIds: string[];
  /**
   * Of `nodeIds`, those the change leaves running: one its host cannot run makes the change
   * fail, however the host learnt of it. Absent: none.
   */
  runningNodeIds?: string[];
  /**
   * How much longer than the usual acknowledgement time the hosts may take: a VM boots, or is
   * asked to power down and given its time, before the host can say it did. Absent: none.
   */
  slowWorkMs?: number;
}


const RUNNING: ReadonlySet<string> = new Set(["started", "suspended"]);

/** What a node's change costs its host beyond the usual (its type's `slowWork`): a VM started, or stopped gracefully, or both (a reload). */
export function nodeSlowWorkMs(before: NodeRecord | undefined, after: NodeRecord | undefined): number {
  const node = after ?? before;
  const slowWork = node && NODE_TYPE_TRAITS[node.node_type].slowWork;
  if (!slowWork) return 0;
  const wasRunning = before !== undefined && RUNNING.has(before.status);
  const runs = after !== undefined && RUNNING.has(after.status);
  const reloaded = wasRunning && runs && (before.reloads ?? 0) !== (after.reloads ?? 0);
  const gracefulStop = before?.properties.on_close === "shutdown_signal" ? slowWork.gracefulStopMs : 0;
  return (wasRunning && (!runs || reloaded) ? gracefulStop : 0) + ((runs && !wasRunning) || reloaded ? slowWork.startMs : 0);
}

function withSlowWork(effect: DataplaneEffect, slowWorkMs: number): DataplaneEffect {
  return slowWorkMs > 0 ? { ...effect, slowWorkMs } : effect;
}

/** The part of a node its host runs from; the rest (position, label, symbol) is the clients' alone. */
function runsFrom(node: NodeRecord): string {
  const { compute_id, node_type, name, status, console, console_type, properties, custom_adapters, reloads, idlepc_probe } = node;
  return JSON.stringify([compute_id, node_type, name, status, console, console_type, properties, custom_adapters, reloads ?? 0, idlepc_probe ?? null]);
}

/** What a link's hosts run it from: its ends, filters, suspension and capture. */
function forwardsFrom(link: LinkRecord): string {
  return JSON.stringify([link.nodes, link.filters, link.suspend, link.capturing, link.capture_file_name]);
}

/** A node created, changed or deleted: its host, when the change reaches what the host runs. */
export function nodeEffect(before: NodeRecord | undefined, after: NodeRecord | undefined): DataplaneEffect | undefined {
  if (before && after && runsFrom(before) === runsFrom(after)) return undefined;
  const hostIds = [before?.compute_id, after?.compute_id].filter((host): host is string => host !== undefined);
  const nodeId = (after ?? before)?.node_id;
  if (nodeId === undefined) return undefined;
  const running = after !== undefined && RUNNING.has(after.status) ? { runningNodeIds: [nodeId] } : {};
  const projectId = (after ?? before)!.project_id;
  return withSlowWork({ hostIds: [...new Set(hostIds)], projectId, nodeIds: [nodeId], linkIds: [], ...running }, nodeSlowWorkMs(before, after));
}

/**
 * A link created, changed or deleted: the hosts of its ends, when the change reaches what
 * they forward. `hostOf` finds an end's host from the project's nodes.
 */
export function linkEffect(
  before: LinkRecord | undefined,
  after: LinkRecord | undefined,
  hostOf: (nodeId: string) => string | undefined,
): DataplaneEffect | undefined {
  if (before && after && forwardsFrom(before) === forwardsFrom(after)) return undefined;
  const link = after ?? before;
  if (!link) return undefined;
  const ends = [...(before?.nodes ?? []), ...(after?.nodes ?? [])];
  const hostIds = ends.map((end) => hostOf(end.node_id)).filter((host): host is string => host !== undefined);
  return { hostIds: [...new Set(hostIds)], projectId: link.project_id, nodeIds: [], linkIds: [link.link_id] };
}

/**
 * A project opened, closed or deleted: every host its nodes are placed on. A project whose
 * status does not change asks nothing of them. Opening waits for the hosts but names no item:
 * one node that cannot run is reported on its own (stopped, `log.error`) and does not keep
 * the project from opening.
 */
export function projectEffect(
  before: ProjectRecord | undefined,
  after: ProjectRecord | undefined,
  nodes: readonly NodeRecord[],
): DataplaneEffect | undefined {
  const wasRunning = before?.status === "opened";
  const runs = after?.status === "opened";
  if (wasRunning === runs || nodes.length === 0) return undefined;
  // Closing stops every node at once: the slowest VM is what the hosts need.
  const slowWorkMs = runs ? 0 : Math.max(0, ...nodes.map((node) => nodeSlowWorkMs(node, undefined)));
  return withSlowWork({ hostIds: [...new Set(nodes.map((node) => node.compute_id))], nodeIds: [], linkIds: [] }, slowWorkMs);
}

/** The hosts the nodes are placed on, naming no item: records replaced whole (an import, a restore). */
export function nodesEffect(nodes: readonly NodeRecord[]): DataplaneEffect | undefined {
  if (nodes.length === 0) return undefined;
  return { hostIds: [...new Set(nodes.map((node) => node.compute_id))], nodeIds: [], linkIds: [] };
}

/** Several effects as one, each host and item once; undefined when none asks anything. */
export function combineEffects(...effects: ReadonlyArray<DataplaneEffect | undefined>): DataplaneEffect | undefined {
  const present = effects.filter((effect): effect is DataplaneEffect => effect !== undefined);
  if (present.length === 0) return undefined;
  const unique = (pick: (effect: DataplaneEffect) => string[] | undefined) => [...new Set(present.flatMap((effect) => pick(effect) ?? []))];
  const runningNodeIds = unique((effect) => effect.runningNodeIds);
  const projectIds = new Set(present.map((effect) => effect.projectId));
  const [projectId] = projectIds;
  // Hosts run a state's nodes side by side, so the slowest one is what the whole change needs.
  return withSlowWork(
    {
      hostIds: unique((effect) => effect.hostIds),
      ...(projectIds.size === 1 && projectId !== undefined ? { projectId } : {}),
      nodeIds: unique((effect) => effect.nodeIds),
      linkIds: unique((effect) => effect.linkIds),
      ...(runningNodeIds.length > 0 ? { runningNodeIds } : {}),
    },
    Math.max(0, ...present.map((effect) => effect.slowWorkMs ?? 0)),
  );
}
