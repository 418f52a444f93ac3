import type { LinkRecord } from "../domain/links";
import { findPort, heldConsolePorts, type NodeRecord } from "../domain/nodes";
import type { ProjectRecord } from "../domain/projects";
import type { DrawingRecord } from "../domain/drawings";
import type { KeyValueStore } from "../store/kv";
import { keys } from "../store/keys";

/**
 * What must hold in the store whatever requests came before: read straight from the
 * KeyValueStore, so a wrong answer from the API cannot hide a wrong state. Returns one line
 * per violation; empty when the state is sound.
 */
export async function storeViolations(store: KeyValueStore): Promise<string[]> {
  const state = await readState(store);
  const problems: string[] = [...state.unexpectedKeys.map((key) => `unexpected key ${key}`)];
  const projectNames = new Map(state.projectNames);

  for (const [projectId, project] of state.projects) {
    if (project.project_id !== projectId) problems.push(`project record ${projectId} says it is ${project.project_id}`);
    if (project.status !== "opened" && project.status !== "closed") problems.push(`project ${projectId} has status ${String(project.status)}`);
    if (projectNames.get(project.name) !== projectId) problems.push(`project ${projectId}'s name ${JSON.stringify(project.name)} is not claimed by it`);
  }
  for (const [name, projectId] of projectNames) {
    if (state.projects.get(projectId)?.name !== name) problems.push(`project name ${JSON.stringify(name)} claimed for ${projectId}, which does not bear it`);
  }

  for (const [projectId, sub] of state.byProject) {
    if (!state.projects.has(projectId)) {
      problems.push(`records left under deleted project ${projectId}: ${sub.keys.slice(0, 3).join(", ")}`);
      continue;
    }
    for (const [nodeId, node] of sub.nodes) {
      if (node.node_id !== nodeId || node.project_id !== projectId) problems.push(`node record ${projectId}/${nodeId} says ${node.project_id}/${node.node_id}`);
      if (sub.nodeNames.get(node.name) !== nodeId) problems.push(`node ${nodeId}'s name ${JSON.stringify(node.name)} is not claimed by it`);
      for (const port of heldConsolePorts(node)) {
        if (state.consoles.get(keys.consolePort(node.compute_id, port)) !== nodeId) problems.push(`node ${nodeId}'s console ${port} on ${node.compute_id} is not claimed by it`);
      }
    }
    for (const [name, nodeId] of sub.nodeNames) {
      if (sub.nodes.get(nodeId)?.name !== name) problems.push(`node name ${JSON.stringify(name)} in ${projectId} claimed for ${nodeId}, which does not bear it`);
    }
    for (const [drawingId, drawing] of sub.drawings) {
      if (drawing.drawing_id !== drawingId || drawing.project_id !== projectId) problems.push(`drawing record ${projectId}/${drawingId} says ${drawing.project_id}/${drawing.drawing_id}`);
    }
    // The per-project limits rest on these counts (services/record-limits.ts); a project from
    // before they were kept has none until it next changes.
    for (const [kind, count] of sub.counts) {
      const held = kind === "nodes" ? sub.nodes.size : kind === "links" ? sub.links.size : kind === "drawings" ? sub.drawings.size : undefined;
      if (held === undefined) problems.push(`count of unknown records ${projectId}/${kind}`);
      else if (count !== held) problems.push(`project ${projectId} counts ${count} ${kind} but holds ${held}`);
    }

    const portUsers = new Map<string, string[]>();
    for (const [linkId, link] of sub.links) {
      if (link.link_id !== linkId || link.project_id !== projectId) problems.push(`link record ${projectId}/${linkId} says ${link.project_id}/${link.link_id}`);
      if (link.nodes.length !== 2) problems.push(`link ${linkId} has ${link.nodes.length} ends`);
      if (link.nodes.length === 2 && link.nodes[0]!.node_id === link.nodes[1]!.node_id) problems.push(`link ${linkId} joins node ${link.nodes[0]!.node_id} to itself`);
      for (const end of link.nodes) {
        const port = `${end.node_id}/${end.adapter_number}/${end.port_number}`;
        portUsers.set(port, [...(portUsers.get(port) ?? []), linkId]);
        const node = sub.nodes.get(end.node_id);
        if (!node) problems.push(`link ${linkId} uses node ${end.node_id}, which does not exist`);
        else if (!findPort(node, end.adapter_number, end.port_number)) problems.push(`link ${linkId} uses port ${port}, which node ${node.name} does not have`);
        if (sub.portClaims.get(port) !== linkId) problems.push(`link ${linkId}'s port ${port} is claimed by ${sub.portClaims.get(port) ?? "nobody"}`);
      }
    }
    for (const [port, users] of portUsers) if (users.length > 1) problems.push(`port ${port} is used by ${users.length} links: ${users.join(", ")}`);
    for (const [port, linkId] of sub.portClaims) {
      if (!portUsers.get(port)?.includes(linkId)) problems.push(`port ${port} is claimed by link ${linkId}, which does not use it`);
    }
  }

  for (const [key, nodeId] of state.consoles) {
    // A client may give its node the id of a node in another project, so an id can name several.
    const owners = state.nodesById.get(nodeId) ?? [];
    if (!owners.some((owner) => heldConsolePorts(owner).some((port) => keys.consolePort(owner.compute_id, port) === key))) {
      problems.push(`console claim ${key} held for node ${nodeId}, which does not use it`);
    }
  }
  return problems;
}

interface ProjectSubRecords {
  keys: string[];
  nodes: Map<string, NodeRecord>;
  links: Map<string, LinkRecord>;
  drawings: Map<string, DrawingRecord>;
  /** `node/adapter/port` → link id. */
  portClaims: Map<string, string>;
  nodeNames: Map<string, string>;
  /** `nodes`, `links`, `drawings` → the count kept for the limits (the sum of its stripes). */
  counts: Map<string, number>;
}

interface StoreState {
  projects: Map<string, ProjectRecord>;
  projectNames: Map<string, string>;
  byProject: Map<string, ProjectSubRecords>;
  nodesById: Map<string, NodeRecord[]>;
  consoles: Map<string, string>;
  unexpectedKeys: string[];
}

/**
 * Key families of a project (see store/keys.ts). Records of other families under a project
 * (counters, say) are only required to go with their project; families outside projects,
 * other than the name and console claims, are not judged here.
 */
const PROJECT_KEY = /^projects\/([^/]+)$/;
// dotAll: a record id or name may hold a line separator (U+2028), which `.` alone does not match.
const SUB_RECORD_KEY = /^projects\/([^/]+)\/([^/]+)\/(.+)$/s;

async function readState(store: KeyValueStore): Promise<StoreState> {
  const state: StoreState = { projects: new Map(), projectNames: new Map(), byProject: new Map(), nodesById: new Map(), consoles: new Map(), unexpectedKeys: [] };
  const subOf = (projectId: string) => {
    let sub = state.byProject.get(projectId);
    if (!sub) state.byProject.set(projectId, (sub = { keys: [], nodes: new Map(), links: new Map(), drawings: new Map(), portClaims: new Map(), nodeNames: new Map(), counts: new Map() }));
    return sub;
  };
  for (const { key, value } of await store.list<unknown>("")) {
    let match: RegExpExecArray | null;
    if ((match = PROJECT_KEY.exec(key))) state.projects.set(match[1]!, value as ProjectRecord);
    else if ((match = SUB_RECORD_KEY.exec(key))) {
      const [, projectId, collection, rest] = match as unknown as [string, string, string, string];
      const sub = subOf(projectId);
      sub.keys.push(key);
      if (collection === "nodes" && !rest.includes("/")) {
        sub.nodes.set(rest, value as NodeRecord);
        state.nodesById.set(rest, [...(state.nodesById.get(rest) ?? []), value as NodeRecord]);
      } else if (collection === "links" && !rest.includes("/")) sub.links.set(rest, value as LinkRecord);
      else if (collection === "drawings" && !rest.includes("/")) sub.drawings.set(rest, value as DrawingRecord);
      else if (collection === "ports" && /^[^/]+\/\d+\/\d+$/.test(rest)) sub.portClaims.set(rest, value as string);
      else if (collection === "node-names") sub.nodeNames.set(rest, value as string);
      else if (collection === "counts") {
        const kind = rest.split("/")[0]!;
        sub.counts.set(kind, (sub.counts.get(kind) ?? 0) + (value as { count: number }).count);
      }
      else if (["nodes", "links", "drawings", "ports"].includes(collection)) state.unexpectedKeys.push(key);
    } else if (key.startsWith("projects/")) subOf(key.split("/")[1]!).keys.push(key);
    else if (key.startsWith("project-names/")) state.projectNames.set(key.slice("project-names/".length), value as string);
    else if (key.startsWith("consoles/")) state.consoles.set(key, value as string);
  }
  return state;
}
