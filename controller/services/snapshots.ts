import { UUID_PATTERN } from "@shared/schemas/common";
import { conflictingRequest, missingRecord, tooLarge } from "../domain/errors";
import type { SnapshotCreate } from "@shared/schemas/snapshot";
import type { ControllerDeps } from "../deps";
import { drawingToWire } from "../domain/drawings";
import { linkToWire } from "../domain/links";
import { auxPort } from "../domain/nodes";
import { projectToWire, type ProjectRecord } from "../domain/projects";
import { assertSnapshotNameFree, newSnapshot, SNAPSHOTS_FOLDER, snapshotToWire, sortedSnapshots, type SnapshotRecord } from "../domain/snapshots";
import { assertExportable, exportsFile, nodesOfOpenedProject, type ImportedTopology } from "../domain/topology";
import { childPath, FileWriteFailed, UploadInterrupted, type WrittenFile } from "../files/file-store";
import { fileLayout } from "../files/layout";
import { withConflictRetry } from "../store/conflict-retry";
import { keys } from "../store/keys";
import { KvConflict, type KvGuard, type KvWrite } from "../store/kv";
import { applyChange, combineChanges, type Change } from "./change";
import { combineEffects, nodesEffect } from "../domain/dataplane-effects";
import { listDrawings } from "./drawings";
import { listLinkRecords } from "./links";
import { listNodeRecords } from "./node-records";
import { hasConsole, nodeWire } from "./nodes";
import { collectBytes, IMPORT_LIMITS, openArchive } from "./project-archive";
import { projectEvent } from "./project-events";
import { topologyChange, writeProjectFiles } from "./project-install";
import { loadOpenedProject, loadProject } from "./projects";
import { replacedCounts } from "./record-limits";
import { projectArchive, readTopology } from "./topology";
import { formatBytes } from "./upload-limit";
import { fileWriteFailure } from "./uploads";

/**
 * Snapshots as GNS3 keeps them: each is an uncompressed `.gns3project` archive of the project
 * (its topology and files, compute ids kept) in the project's `snapshots/` folder, listed by
 * a record beside the project. Taking, deleting and restoring one need the project opened.
 */
export async function listSnapshots(deps: ControllerDeps, projectId: string): Promise<SnapshotRecord[]> {
  await loadProject(deps, projectId);
  return sortedSnapshots(await snapshotRecords(deps, projectId));
}

async function snapshotRecords(deps: ControllerDeps, projectId: string): Promise<SnapshotRecord[]> {
  return (await deps.store.list<SnapshotRecord>(keys.snapshotsPrefix(projectId))).map((entry) => entry.value);
}

function archivePath(projectId: string, snapshot: SnapshotRecord): string {
  return childPath(fileLayout.projectFolder(projectId), `${SNAPSHOTS_FOLDER}/${snapshot.filename}`);
}

export async function createSnapshot(deps: ControllerDeps, projectId: string, input: SnapshotCreate): Promise<SnapshotRecord> {
  const project = await loadOpenedProject(deps, projectId);
  assertSnapshotNameFree(input.name, await snapshotRecords(deps, projectId));
  const nodes = await listNodeRecords(deps, projectId);
  assertExportable(nodes, { allowAllNodes: true });
  const files = (await deps.files.list(fileLayout.projectFolder(projectId))).filter((file) => exportsFile(file.path, { includeSnapshots: false }));
  assertRestorable(files.reduce((sum, file) => sum + file.size, 0));
  const snapshot = newSnapshot(input, deps.newId(), new Date());
  const path = archivePath(projectId, snapshot);
  const archive = await projectArchive(deps, project, nodes, { includeSnapshots: false, includeImages: false, resetMacAddresses: false, keepComputeIds: true, compression: "none" });
  let written: WrittenFile;
  try {
    written = await deps.files.write(path, archive);
  } catch (error) {
    if (error instanceof FileWriteFailed) throw fileWriteFailure(error, `Could not create snapshot file '${snapshot.filename}': ${error.reason}`);
    if (error instanceof UploadInterrupted) throw conflictingRequest(`Could not create snapshot file '${snapshot.filename}': ${error.message}`);
    throw error;
  }
  try {
    assertRestorable(written.size);
    await applyChange(deps, {
      writes: [
        { key: keys.snapshot(projectId, snapshot.snapshot_id), value: snapshot },
        { key: keys.snapshotName(projectId, snapshot.name), value: snapshot.snapshot_id },
      ],
      guards: [{ key: keys.snapshotName(projectId, snapshot.name), absent: true }],
      events: [],
    });
  } catch (error) {
    await deps.files.remove(path);
    // Another snapshot of the same name was taken meanwhile.
    if (error instanceof KvConflict) throw conflictingRequest(`The snapshot name ${snapshot.name} already exists`);
    throw error;
  }
  return snapshot;
}

/**
 * A snapshot is restored from memory, like an import; one the restore could not read is
 * refused when it would be taken (its files, then the archive made of them) rather than when
 * it is needed.
 */
function assertRestorable(size: number): void {
  if (size > IMPORT_LIMITS.body) {
    throw conflictingRequest(`Could not create snapshot: it would take ${size} bytes, more than the ${formatBytes(IMPORT_LIMITS.body)} a snapshot can be restored from`);
  }
}

async function loadSnapshot(deps: ControllerDeps, projectId: string, snapshotId: string): Promise<SnapshotRecord> {
  const snapshot = UUID_PATTERN.test(snapshotId) ? await deps.store.get<SnapshotRecord>(keys.snapshot(projectId, snapshotId)) : undefined;
  if (!snapshot) throw missingRecord(`Snapshot ID ${snapshotId} doesn't exist`);
  return snapshot;
}

export async function deleteSnapshot(deps: ControllerDeps, projectId: string, snapshotId: string): Promise<void> {
  await loadOpenedProject(deps, projectId);
  const snapshot = await loadSnapshot(deps, projectId, snapshotId);
  try {
    await applyChange(deps, {
      writes: [
        { key: keys.snapshot(projectId, snapshot.snapshot_id), delete: true },
        { key: keys.snapshotName(projectId, snapshot.name), delete: true },
      ],
      guards: [{ key: keys.snapshot(projectId, snapshot.snapshot_id), present: true }],
      events: [],
    });
  } catch (error) {
    if (error instanceof KvConflict) throw missingRecord(`Snapshot ID ${snapshotId} doesn't exist`);
    throw error;
  }
  await deps.files.remove(archivePath(projectId, snapshot));
}

/**
 * Puts the project back as the snapshot holds it, as GNS3 does: its nodes (stopped), links and
 * drawings give way to the snapshot's, with the snapshot's ids; `project-files/` is replaced
 * by the snapshot's files; the scene settings come back; name, path, `auto_*` and the other
 * snapshots stay. Listeners hear each record go and come, then `project.opened` and
 * `snapshot.restored`, as GNS3 announces the restore.
 */
export async function restoreSnapshot(deps: ControllerDeps, projectId: string, snapshotId: string): Promise<ProjectRecord> {
  const project = await loadOpenedProject(deps, projectId);
  const snapshot = await loadSnapshot(deps, projectId, snapshotId);
  const stored = await deps.files.read(archivePath(projectId, snapshot));
  if (!stored) throw conflictingRequest(`Could not read snapshot file '${snapshot.filename}': it is missing`);
  const refusal = () => tooLarge(`Cannot restore snapshot: its file is larger than the ${formatBytes(IMPORT_LIMITS.body)} a restore can read`);
  const archive = await openArchive(await collectBytes(stored.stream, IMPORT_LIMITS.body, refusal));
  const { topology, filePath } = await readTopology(deps, archive, { projectId, name: project.name, path: project.path });

  const folder = fileLayout.projectFolder(projectId);
  await deps.files.remove(`${folder}/project-files`);
  await writeProjectFiles(deps, folder, archive.files.map((file) => ({ path: filePath(file.path), open: () => file.open() })), "restore");
  return withConflictRetry(() => commitRestore(deps, projectId, topology, snapshot));
}

/** The settings a restore brings back: those GNS3 reads from the topology when it opens a project. */
const RESTORED_SETTINGS = [
  "scene_height", "scene_width", "zoom", "show_layers", "snap_to_grid", "show_grid", "grid_size", "drawing_grid_size", "show_interface_labels",
] as const;

async function commitRestore(deps: ControllerDeps, projectId: string, topology: ImportedTopology, snapshot: SnapshotRecord): Promise<ProjectRecord> {
  const project = await loadOpenedProject(deps, projectId);
  const next: ProjectRecord = { ...project, revision: project.revision + 1 };
  for (const key of RESTORED_SETTINGS) (next as unknown as Record<string, unknown>)[key] = topology.project[key];
  const [oldNodes, oldLinks, oldDrawings] = await Promise.all([listNodeRecords(deps, projectId), listLinkRecords(deps, projectId), listDrawings(deps, projectId)]);
  const restored = { nodes: nodesOfOpenedProject(topology.nodes), links: topology.links, drawings: topology.drawings };

  // A node coming back on the same compute keeps the console port it holds.
  const restoredNodes = new Map(restored.nodes.map((node) => [node.node_id, node]));
  const keptConsoles = new Map<string, number>();
  for (const node of oldNodes) {
    const again = restoredNodes.get(node.node_id);
    if (node.console !== null && again && again.compute_id === node.compute_id && hasConsole(again.console_type)) {
      keptConsoles.set(node.node_id, node.console);
    }
  }

  const removals: KvWrite[] = [];
  const guards: KvGuard[] = [{ key: keys.project(projectId), revision: project.revision }];
  for (const node of oldNodes) {
    removals.push({ key: keys.node(projectId, node.node_id), delete: true });
    guards.push({ key: keys.node(projectId, node.node_id), revision: node.revision });
    if (node.console !== null && !keptConsoles.has(node.node_id)) removals.push({ key: keys.consolePort(node.compute_id, node.console), delete: true });
    // An aux port is allocated anew with the restored node.
    const aux = auxPort(node);
    if (aux !== null) removals.push({ key: keys.consolePort(node.compute_id, aux), delete: true });
  }
  for (const link of oldLinks) {
    removals.push({ key: keys.link(projectId, link.link_id), delete: true });
    guards.push({ key: keys.link(projectId, link.link_id), revision: link.revision });
  }
  for (const drawing of oldDrawings) {
    removals.push({ key: keys.drawing(projectId, drawing.drawing_id), delete: true });
    guards.push({ key: keys.drawing(projectId, drawing.drawing_id), revision: drawing.revision });
  }
  for (const prefix of [keys.nodeName(projectId, ""), keys.portsPrefix(projectId)]) {
    for (const { key } of await deps.store.list(prefix)) removals.push({ key, delete: true });
  }

  const { change: records, nodes } = await topologyChange(deps, projectId, restored, keptConsoles);
  const counts = await replacedCounts(deps, projectId, {
    nodes: nodes.map((node) => node.node_id),
    links: restored.links.map((link) => link.link_id),
    drawings: restored.drawings.map((drawing) => drawing.drawing_id),
  });
  const events: Change["events"] = [
    ...gone(oldNodes, restoredNodes, (node) => node.node_id).map((node) => projectEvent(projectId, "node.deleted", nodeWire(deps, node))),
    ...gone(oldLinks, new Map(restored.links.map((link) => [link.link_id, link])), (link) => link.link_id).map((link) => projectEvent(projectId, "link.deleted", linkToWire(link))),
    ...gone(oldDrawings, new Map(restored.drawings.map((drawing) => [drawing.drawing_id, drawing])), (drawing) => drawing.drawing_id).map((drawing) =>
      projectEvent(projectId, "drawing.deleted", drawingToWire(drawing)),
    ),
    ...nodes.map((node) => projectEvent(projectId, "node.created", nodeWire(deps, node))),
    ...restored.links.map((link) => projectEvent(projectId, "link.created", linkToWire(link))),
    ...restored.drawings.map((drawing) => projectEvent(projectId, "drawing.created", drawingToWire(drawing))),
    { scope: { kind: "controller" }, notification: { action: "project.opened", event: projectToWire(next) } },
    projectEvent(projectId, "snapshot.restored", snapshotToWire(snapshot, projectId)),
  ];
  const change: Change = {
    writes: [...withoutOverwritten(removals, records.writes), ...records.writes, { key: keys.project(projectId), value: next }],
    guards: [...guards, ...records.guards],
    events,
    wakes: combineEffects(records.wakes, nodesEffect(oldNodes)),
  };
  await applyChange(deps, combineChanges(change, counts));
  return next;
}

function gone<T>(before: readonly T[], after: ReadonlyMap<string, unknown>, id: (record: T) => string): T[] {
  return before.filter((record) => !after.has(id(record)));
}

/** A commit writes each key once: a removal gives way to the write of the same key. */
function withoutOverwritten(removals: readonly KvWrite[], writes: readonly KvWrite[]): KvWrite[] {
  const written = new Set(writes.map((write) => write.key));
  return removals.filter((removal) => !written.has(removal.key));
}
