import type { ControllerDeps } from "../deps";
import { missingRecord } from "../domain/errors";
import type { NodeRecord } from "../domain/nodes";
import { keys } from "../store/keys";

/** A project's node as stored, or GNS3's 404 naming it. */
export async function loadNode(deps: ControllerDeps, projectId: string, nodeId: string): Promise<NodeRecord> {
  const node = await deps.store.get<NodeRecord>(keys.node(projectId, nodeId));
  if (!node) throw missingRecord(`Node ID ${nodeId} doesn't exist`);
  return node;
}

/** Every node of a project, as stored. */
export async function listNodeRecords(deps: ControllerDeps, projectId: string): Promise<NodeRecord[]> {
  return (await deps.store.list<NodeRecord>(keys.nodesPrefix(projectId))).map((entry) => entry.value);
}
