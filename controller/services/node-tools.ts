import type { DiskResize } from "@shared/schemas/node";
import type { ControllerDeps } from "../deps";
import { conflictingRequest, missingRecord } from "../domain/errors";
import { NODE_TYPE_TRAITS } from "../domain/node-types";
import type { NodeRecord } from "../domain/nodes";
import { withConflictRetry } from "../store/conflict-retry";
import { keys } from "../store/keys";
import { applyChange } from "./change";
import { nodeEffect } from "../domain/dataplane-effects";
import { nodeWire } from "./nodes";
import { projectEvent } from "./project-events";
import { loadNode } from "./node-records";
import { loadOpenedProject } from "./projects";

/**
 * GNS3's controller forwards these to the node's compute, which serves them for some node types
 * only; for the others the compute's 404 comes back as `{method} {path} not found`, and so here.
 */
function notServed(method: string, node: NodeRecord, tool: string) {
  return missingRecord(`${method} /projects/${node.project_id}/${node.node_type}/nodes/${node.node_id}/${tool} not found`);
}

/** What measuring takes the host beyond the usual ack time: Dynamips' sampling, and for `auto` up to ten 3-second trials. */
const IDLE_PC_MS = { idlepc_proposals: 10_000, auto_idlepc: 45_000 } as const;

/**
 * `idlepc_proposals` (Dynamips' proposals, as GNS3 lists them: `["0x60606f54 [37]", …]`) and
 * `auto_idlepc` (`{"idlepc": "0x60606f54"}`, the first proposal that keeps the router idle,
 * which becomes its `idlepc`), measured by the router's host on the running router. A stopped
 * or suspended router is refused (GNS3 boots one for 20 s first: here the user starts it).
 */
export async function idlePcOf(deps: ControllerDeps, projectId: string, nodeId: string, tool: "auto_idlepc" | "idlepc_proposals"): Promise<unknown> {
  await loadOpenedProject(deps, projectId);
  const found = await loadNode(deps, projectId, nodeId);
  if (!NODE_TYPE_TRAITS[found.node_type].idlePc) throw notServed("GET", found, tool);
  const auto = tool === "auto_idlepc";
  const asked = await withConflictRetry(async () => {
    const node = await loadNode(deps, projectId, nodeId);
    if (node.status !== "started") throw conflictingRequest(`${node.name} is ${node.status}: Idle-PC values are measured on a running router; start it, give IOS 20 s or so to boot, and ask again`);
    const request = (node.idlepc_probe?.request ?? 0) + 1;
    const next: NodeRecord = { ...node, idlepc_probe: { request, auto }, revision: node.revision + 1 };
    const key = keys.node(projectId, nodeId);
    const effect = nodeEffect(node, next);
    await applyChange(deps, {
      writes: [{ key, value: next }],
      guards: [{ key, revision: node.revision }],
      events: [],
      ...(effect ? { dataplane: { ...effect, slowWorkMs: IDLE_PC_MS[tool] } } : {}),
    });
    return request;
  });
  const result = (await loadNode(deps, projectId, nodeId)).idlepc_result;
  if (result?.request !== asked) throw conflictingRequest(`${found.name}'s host did not report the Idle-PC measurement it was asked for`);
  if (result.error !== "") throw conflictingRequest(`${found.name}: ${result.error}`);
  if (!auto) return result.proposals;
  await withConflictRetry(async () => {
    const node = await loadNode(deps, projectId, nodeId);
    const key = keys.node(projectId, nodeId);
    const next: NodeRecord = { ...node, properties: { ...node.properties, idlepc: result.chosen }, revision: node.revision + 1 };
    await applyChange(deps, { writes: [{ key, value: next }], guards: [{ key, revision: node.revision }], events: [projectEvent(projectId, "node.updated", nodeWire(deps, next))] });
  });
  return { idlepc: result.chosen };
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
