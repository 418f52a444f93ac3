import type { ControllerDeps } from "../deps";
import { conflictingRequest } from "../domain/errors";
import type { LinkRecord } from "../domain/links";
import { NODE_TYPE_TRAITS } from "../domain/node-types";
import { auxPort, type NodeRecord } from "../domain/nodes";
import { projectToWire, type ProjectRecord } from "../domain/projects";
import type { SnapshotRecord } from "../domain/snapshots";
import type { ImportedTopology } from "../domain/topology";
import { childPath } from "../files/file-store";
import { fileLayout } from "../files/layout";
import { withConflictRetry } from "../store/conflict-retry";
import { keys } from "../store/keys";
import type { KvWrite } from "../store/kv";
import { applyChange, combineChanges, type Change } from "./change";
import { nodesEffect } from "../domain/dataplane-effects";
import { allocateConsolePorts, hasConsole } from "./nodes";
import { assertNameFree, freeNameFor } from "./projects";
import { initialCounts } from "./record-limits";
import { storeUpload } from "./uploads";

/** A file to put in a new project's folder, opened only when its turn comes; null when it is gone meanwhile. */
export interface ProjectFileSource {
  /** Relative to the project folder, already checked. */
  path: string;
  open(): Promise<ReadableStream<Uint8Array> | null>;
}

/** A whole project arriving at once: imported, duplicated or loaded from disk. */
export interface ProjectInstall {
  topology: ImportedTopology;
  snapshots: readonly SnapshotRecord[];
  files: readonly ProjectFileSource[];
  /**
   * `free`: a taken name gives way to the first free `{name}-N`, and the file is named after it
   * (GNS3's import and duplicate); `exact`: a taken name is refused (GNS3's load).
   */
  naming: "free" | "exact";
}

/**
 * Creates the project: the files are written first and the records committed in one step
 * after, so the project appears complete or not at all. Announces `project.created`, and
 * `project.opened` when it arrives opened.
 */
export async function installProject(deps: ControllerDeps, install: ProjectInstall): Promise<ProjectRecord> {
  const { topology } = install;
  const projectId = topology.project.project_id;
  await assertProjectAbsent(deps, projectId);
  const counts = initialCounts(deps, projectId, {
    nodes: topology.nodes.map((node) => node.node_id),
    links: topology.links.map((link) => link.link_id),
    drawings: topology.drawings.map((drawing) => drawing.drawing_id),
  });
  const folder = fileLayout.projectFolder(projectId);
  try {
    await writeProjectFiles(deps, folder, install.files, "write");
    return await withConflictRetry(() => commitInstall(deps, install, counts));
  } catch (error) {
    // Another request that created the same id meanwhile owns the folder now: leave it.
    if (!(await deps.store.get(keys.project(projectId)))) await deps.files.remove(folder);
    throw error;
  }
}

export async function assertProjectAbsent(deps: ControllerDeps, projectId: string): Promise<void> {
  if (await deps.store.get(keys.project(projectId))) throw conflictingRequest(`Project ID ${projectId} already exists`);
}

/** One commit: the project and its name, nodes with fresh console ports, links with their port claims, drawings, snapshots, counts. */
async function commitInstall(deps: ControllerDeps, install: ProjectInstall, counts: Change): Promise<ProjectRecord> {
  const projectId = install.topology.project.project_id;
  await assertProjectAbsent(deps, projectId);
  const project = await named(deps, install.topology.project, install.naming);
  const change: Change = {
    writes: [
      { key: keys.project(projectId), value: project },
      { key: keys.projectName(project.name), value: projectId },
    ],
    guards: [
      { key: keys.project(projectId), absent: true },
      { key: keys.projectName(project.name), absent: true },
    ],
    events: [controllerEvent("project.created", project)],
  };
  if (project.status === "opened") change.events.push(controllerEvent("project.opened", project));
  const records = await topologyChange(deps, projectId, install.topology);
  for (const snapshot of install.snapshots) {
    change.writes.push({ key: keys.snapshot(projectId, snapshot.snapshot_id), value: snapshot }, { key: keys.snapshotName(projectId, snapshot.name), value: snapshot.snapshot_id });
  }
  await applyChange(deps, combineChanges(change, records.change, counts));
  return project;
}

async function named(deps: ControllerDeps, project: ProjectRecord, naming: ProjectInstall["naming"]): Promise<ProjectRecord> {
  if (naming === "exact") {
    await assertNameFree(deps, project.name);
    return project;
  }
  const name = await freeNameFor(deps, project.name);
  return { ...project, name, filename: `${name}.gns3` };
}

/**
 * A topology's records to commit: nodes with fresh console ports (a number in the file may be
 * taken here) and their name claims, links with their port claims, drawings. Nodes named in
 * `keptConsoles` (node id → port) keep a console port they already hold, whose claim stays.
 */
export async function topologyChange(
  deps: ControllerDeps,
  projectId: string,
  topology: Pick<ImportedTopology, "nodes" | "links" | "drawings">,
  keptConsoles: ReadonlyMap<string, number> = new Map(),
): Promise<{ change: Change; nodes: NodeRecord[] }> {
  const nodes = await withConsolePorts(deps, topology.nodes, keptConsoles);
  const change: Change = { writes: [], guards: [], events: [], wakes: nodesEffect(nodes) };
  for (const hostId of new Set(nodes.map((node) => node.compute_id))) change.writes.push({ key: keys.hostProject(hostId, projectId), value: {} });
  for (const node of nodes) {
    change.writes.push({ key: keys.node(projectId, node.node_id), value: node }, { key: keys.nodeName(projectId, node.name), value: node.node_id });
    const aux = auxPort(node);
    const claimed = [...(node.console !== null && !keptConsoles.has(node.node_id) ? [node.console] : []), ...(aux !== null ? [aux] : [])];
    for (const port of claimed) {
      change.writes.push({ key: keys.consolePort(node.compute_id, port), value: node.node_id });
      change.guards.push({ key: keys.consolePort(node.compute_id, port), absent: true });
    }
  }
  for (const link of topology.links) change.writes.push(...linkWrites(link));
  for (const drawing of topology.drawings) change.writes.push({ key: keys.drawing(projectId, drawing.drawing_id), value: drawing });
  return { change, nodes };
}

function linkWrites(link: LinkRecord): KvWrite[] {
  return [
    { key: keys.link(link.project_id, link.link_id), value: link },
    ...link.nodes.map((end) => ({ key: keys.port(link.project_id, end.node_id, end.adapter_number, end.port_number), value: link.link_id })),
  ];
}

/**
 * Console ports allocated as node creation does, except for nodes in `kept` (node id → port),
 * which keep the port they already hold; every node with an aux console (a router's only when
 * it had one) gets a new aux port too (whatever the file says: it was the port on the machine
 * that saved it).
 */
async function withConsolePorts(deps: ControllerDeps, nodes: readonly NodeRecord[], kept: ReadonlyMap<string, number>): Promise<NodeRecord[]> {
  const wanted = new Map<string, Array<{ nodeId: string; aux: boolean }>>();
  const want = (node: NodeRecord, aux: boolean) => wanted.set(node.compute_id, [...(wanted.get(node.compute_id) ?? []), { nodeId: node.node_id, aux }]);
  for (const node of nodes) {
    if (hasConsole(node.console_type) && !kept.has(node.node_id)) want(node, false);
    const aux = NODE_TYPE_TRAITS[node.node_type].auxConsole;
    if (aux === "always" || (aux === "asked" && typeof node.properties.aux === "number")) want(node, true);
  }
  const ports = new Map<string, number>(kept);
  const auxPorts = new Map<string, number>();
  for (const [computeId, group] of wanted) {
    const allocated = await allocateConsolePorts(deps, computeId, group.length);
    group.forEach(({ nodeId, aux }, index) => (aux ? auxPorts : ports).set(nodeId, allocated[index]!));
  }
  return nodes.map((node) => ({
    ...node,
    console: hasConsole(node.console_type) ? (ports.get(node.node_id) ?? null) : null,
    ...(auxPorts.has(node.node_id) ? { properties: { ...node.properties, aux: auxPorts.get(node.node_id)! } } : {}),
  }));
}

function controllerEvent(action: string, record: ProjectRecord) {
  return { scope: { kind: "controller" as const }, notification: { action, event: projectToWire(record) } };
}

/** Writes an archive's files into a project's folder; `verb` says in a failure what was being done. */
export async function writeProjectFiles(deps: ControllerDeps, folder: string, files: readonly ProjectFileSource[], verb: "write" | "restore"): Promise<void> {
  for (const file of files) {
    const body = await file.open();
    if (body) await storeUpload(deps, childPath(folder, file.path), body, (reason) => `Could not ${verb} file '${file.path}': ${reason}`);
  }
}
