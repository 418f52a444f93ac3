import type { ControllerDeps } from "../deps";
import type { NodeRecord } from "../domain/nodes";
import { carriedFileOf } from "../domain/node-types";
import { fileLayout } from "../files/layout";
import type { ProjectRecords, StartupScript } from "./desired-state";

/**
 * The most a startup script may hold to be carried in a host's state: VPCS scripts and
 * containers' network configs are a few lines, and the whole state travels as one WebSocket
 * message (1 MiB at most on Workers).
 */
export const MAX_CARRIED_SCRIPT_BYTES = 64 * 1024;

/**
 * The startup files of the started nodes of opened projects on `hostId` (each type's
 * `carriedFile`: a VPCS startup.vpc, a container's etc/network/interfaces), by
 * `startupScriptKey`, read from their node files. A stopped node's file is read when it
 * starts, which rebuilds the state; a node without the file has none.
 */
export async function loadStartupScripts(deps: ControllerDeps, hostId: string, projects: readonly ProjectRecords[]): Promise<Map<string, StartupScript>> {
  const nodes = projects
    .filter(({ project }) => project.status === "opened")
    .flatMap(({ nodes }) => nodes.filter((node) => node.compute_id === hostId && carriedFileOf(node) !== undefined && node.status === "started"));
  const scripts = new Map<string, StartupScript>();
  await Promise.all(
    nodes.map(async (node) => {
      const script = await readScript(deps, node);
      if (script) scripts.set(startupScriptKey(node.project_id, node.node_id), script);
    }),
  );
  return scripts;
}

export function startupScriptKey(projectId: string, nodeId: string): string {
  return `${projectId}/${nodeId}`;
}

async function readScript(deps: ControllerDeps, node: NodeRecord): Promise<StartupScript | undefined> {
  const name = carriedFileOf(node)!;
  const file = await deps.files.read(`${fileLayout.nodeFolder(node.project_id, node.node_type, node.node_id)}/${name}`);
  if (!file) return undefined;
  if (file.size > MAX_CARRIED_SCRIPT_BYTES) {
    await file.stream.cancel();
    return { refused: `${node.name}'s ${name} is ${file.size} bytes; a startup script the dataplane runs holds at most ${MAX_CARRIED_SCRIPT_BYTES}` };
  }
  return { text: await new Response(file.stream).text() };
}
