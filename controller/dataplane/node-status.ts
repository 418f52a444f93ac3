import type { ControllerDeps } from "../deps";
import { supportedNodeType } from "../domain/node-types";
import type { NodeRecord } from "../domain/nodes";
import { applyChange } from "../services/change";
import { nodeWire } from "../services/nodes";
import { projectEvent } from "../services/project-events";
import * as lifecycle from "../services/lifecycle-log";
import { withConflictRetry } from "../store/conflict-retry";
import { keys } from "../store/keys";

/** A node its host does not run, and why, in the host's words. */
export interface NodeNotRunning {
  projectId: string;
  nodeId: string;
  reason: string;
  /** Set when it could not start because another program holds this console port. */
  consolePortTaken?: number;
}

/**
 * A node's `status` is what its host really runs: an emulated node that failed to start, whose
 * process exited, or that its host cannot run at all is `stopped`, announced as `node.updated`
 * with a `log.error` naming it. Built-in devices always run and keep their status. Resolves
 * with the nodes whose record changed (the host's state then changes too).
 */
export async function stopNodesThatDoNotRun(deps: ControllerDeps, hostId: string, nodes: readonly NodeNotRunning[]): Promise<Set<string>> {
  const stoppedNodes = new Set<string>();
  for (const { projectId, nodeId, reason } of nodes) {
    const stopped = await withConflictRetry(async () => {
      const node = await deps.store.get<NodeRecord>(keys.node(projectId, nodeId));
      if (!node || node.compute_id !== hostId || node.status === "stopped" || supportedNodeType(node.node_type).alwaysRunning) return false;
      // Nor does it run a process: no command line either, in the same update.
      const { command_line: _commandLine, ...rest } = node;
      const next: NodeRecord = { ...rest, status: "stopped", revision: node.revision + 1 };
      await applyChange(deps, {
        writes: [{ key: keys.node(projectId, nodeId), value: next }],
        guards: [{ key: keys.node(projectId, nodeId), revision: node.revision }],
        events: [
          projectEvent(projectId, "node.updated", nodeWire(deps, next)),
          projectEvent(projectId, "log.error", { message: `Node ${node.name} is not running on dataplane host ${hostId}: ${reason}`, compute_id: hostId, node_id: nodeId }),
        ],
      });
      lifecycle.nodeNotRunning(next, hostId, reason);
      return true;
    });
    if (stopped) stoppedNodes.add(nodeId);
  }
  return stoppedNodes;
}
