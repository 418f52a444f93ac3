import type { DiskResize } from "@shared/schemas/node";
import type { ControllerDeps } from "../deps";
import { conflictingRequest, missingRecord } from "../domain/errors";
import { NODE_TYPE_TRAITS } from "../domain/node-types";
import type { NodeRecord } from "../domain/nodes";
import { withConflictRetry } from "../store/conflict-retry";
import { keys } from "../store/keys";
import { applyChange } from "./change";
import { loadNode } from "./node-records";
import { loadOpenedProject } from "./projects";

/**
 * GNS3's controller forwards these to the node's compute, which serves them for some node types
 * only; for the others the compute's 404 comes back as `{method} {path} not found`, and so here.
 */
function notServed(method: string, node: NodeRecord, tool: string) {
  return missingRecord(`${method} /projects/${node.project_id}/${node.node_type}/nodes/${node.node_id}/${tool} not found`);
}

/** `auto_idlepc` and `idlepc_proposals`: values read from a running Dynamips router, which no dataplane host runs yet. */
export async function idlePcOf(deps: ControllerDeps, projectId: string, nodeId: string, tool: "auto_idlepc" | "idlepc_proposals"): Promise<never> {
  await loadOpenedProject(deps, projectId);
  const node = await loadNode(deps, projectId, nodeId);
  if (!NODE_TYPE_TRAITS[node.node_type].idlePc) throw notServed("GET", node, tool);
  throw conflictingRequest(`Idle-PC values are measured on a running router, and ${node.name} is a dynamips node, which the dataplane does not run`);
}

/**
 * Grows a QEMU disk, as GNS3's `resize_disk`: refused while the node runs, and for a disk that
 * is the store's image itself (not a linked clone: growing it would grow it for every node using
 * it). What is asked is kept with the node; its host grows the overlay before the next start.
 */
export async function resizeNodeDisk(deps: ControllerDeps, projectId: string, nodeId: string, parse: () => Promise<DiskResize>): Promise<void> {
  await loadOpenedProject(deps, projectId);
  const found = await loadNode(deps, projectId, nodeId);
  if (!NODE_TYPE_TRAITS[found.node_type].resizesDisks) throw notServed("POST", found, "resize_disk");
  const { drive_name: drive, extend } = await parse();
  await withConflictRetry(async () => {
    const node = await loadNode(deps, projectId, nodeId);
    if (node.status !== "stopped") throw conflictingRequest(`Cannot resize ${drive} while the VM is running`);
    if (extend <= 0) throw conflictingRequest(`A disk only grows: extend must be a positive number of MB, not ${extend}`);
    const image = node.properties[`${drive}_disk_image`];
    if (typeof image !== "string" || image === "") throw conflictingRequest(`${node.name} has no ${drive} disk to resize`);
    if (node.properties.linked_clone === false) {
      throw conflictingRequest(`${node.name}'s ${drive} is the image ${image} itself (linked_clone is false): growing it would grow it for every node that uses it`);
    }
    const growth = { ...node.disk_growth_mb, [drive]: (node.disk_growth_mb?.[drive] ?? 0) + extend };
    const key = keys.node(projectId, nodeId);
    await applyChange(deps, { writes: [{ key, value: { ...node, disk_growth_mb: growth, revision: node.revision + 1 } }], guards: [{ key, revision: node.revision }], events: [] });
  });
}
