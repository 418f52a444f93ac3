import { fileLayout } from "../files/layout";
import { conflictingRequest, DomainError, forbiddenRequest, missingRecord } from "../domain/errors";
import { UUID_PATTERN } from "@shared/schemas/common";
import type { ProjectCreate, ProjectUpdate } from "@shared/schemas/project";
import type { ControllerDeps } from "../deps";
import { heldConsolePorts, type NodeRecord } from "../domain/nodes";
import { nodesOfOpenedProject } from "../domain/topology";
import { newProject, projectChanged, projectToWire, updatedProject, type ProjectRecord } from "../domain/projects";
import { isProjectRecordKey, keys } from "../store/keys";
import { freeProjectName } from "../domain/project-names";
import type { KvWrite } from "../store/kv";
import { applyChange, emptyChange, reachDataplane, type Change } from "./change";
import { projectEffect } from "../domain/dataplane-effects";
import { withConflictRetry } from "../store/conflict-retry";
import * as lifecycle from "./lifecycle-log";

/**
 * Project ids are UUIDs; anything else names no project. Checked before the store is read,
 * because an id with an encoded `/` (`{id}%2Fnodes%2F{node}`) would read a record below it.
 */
export async function loadProject(deps: ControllerDeps, projectId: string): Promise<ProjectRecord> {
  if (!UUID_PATTERN.test(projectId)) throw missingRecord(`Project ID ${projectId} doesn't exist`);
  const record = await deps.store.get<ProjectRecord>(keys.project(projectId));
  if (!record) throw missingRecord(`Project ID ${projectId} doesn't exist`);
  return record;
}

/** Single-item and mutating sub-resource endpoints need the project opened, as in GNS3. */
export async function loadOpenedProject(deps: ControllerDeps, projectId: string): Promise<ProjectRecord> {
  const record = await loadProject(deps, projectId);
  if (record.status !== "opened") throw forbiddenRequest("The project is not opened");
  return record;
}

export async function listProjects(deps: ControllerDeps): Promise<ProjectRecord[]> {
  const entries = await deps.store.list<ProjectRecord>(keys.projectsPrefix());
  return entries.filter((entry) => isProjectRecordKey(entry.key)).map((entry) => entry.value);
}

export async function createProject(deps: ControllerDeps, input: ProjectCreate): Promise<ProjectRecord> {
  return withConflictRetry(async () => {
    if (input.project_id) {
      const existing = await deps.store.get<ProjectRecord>(keys.project(input.project_id));
      if (existing) return existing;
    }
    await assertNameFree(deps, input.name);
    const record = newProject(input, input.project_id ?? deps.newId(), deps.config.projectsDir);
    await applyChange(deps, {
      writes: [
        { key: keys.project(record.project_id), value: record },
        { key: keys.projectName(record.name), value: record.project_id },
      ],
      guards: [
        { key: keys.project(record.project_id), absent: true },
        { key: keys.projectName(record.name), absent: true },
      ],
      events: [controllerEvent("project.created", record)],
    });
    return record;
  });
}

/** `requested` when no project has it, else GNS3's first free `{requested}-1`, `{requested}-2`, … */
export async function freeNameFor(deps: ControllerDeps, requested: string): Promise<string> {
  const prefix = keys.projectName("");
  const taken = new Set((await deps.store.list(prefix)).map((entry) => entry.key.slice(prefix.length)));
  return freeProjectName(requested, taken);
}

export async function assertNameFree(deps: ControllerDeps, name: string): Promise<void> {
  const owner = await deps.store.get<string>(keys.projectName(name));
  if (owner !== undefined) throw conflictingRequest(`Project "${name}" already exists`);
}

export async function updateProject(deps: ControllerDeps, projectId: string, input: ProjectUpdate): Promise<ProjectRecord> {
  return withConflictRetry(async () => {
    const record = await loadProject(deps, projectId);
    const next = updatedProject(record, input);
    if (!projectChanged(record, next)) return record;
    next.revision = record.revision + 1;
    const change: Change = {
      writes: [{ key: keys.project(projectId), value: next }],
      guards: [{ key: keys.project(projectId), revision: record.revision }],
      events: [controllerEvent("project.updated", next)],
    };
    if (next.name !== record.name) {
      await assertNameFree(deps, next.name);
      change.writes.push({ key: keys.projectName(record.name), delete: true }, { key: keys.projectName(next.name), value: projectId });
      change.guards.push({ key: keys.projectName(next.name), absent: true });
    }
    await applyChange(deps, change);
    return next;
  });
}

/**
 * Nodes and links were kept in the store while closed; opening runs the built-in devices again
 * (switches, hubs, clouds), which closing stopped, as GNS3 does when it loads them.
 */
export async function openProject(deps: ControllerDeps, projectId: string): Promise<ProjectRecord> {
  return withConflictRetry(async () => {
    const record = await loadProject(deps, projectId);
    if (record.status === "opened") return record;
    const next: ProjectRecord = { ...record, status: "opened", revision: record.revision + 1 };
    const stored = (await deps.store.list<NodeRecord>(keys.nodesPrefix(projectId))).map((entry) => entry.value);
    const restarted = nodesOfOpenedProject(stored).filter((node, index) => node.status !== stored[index]!.status);
    await applyChange(deps, {
      writes: [
        { key: keys.project(projectId), value: next },
        ...restarted.map((node) => ({ key: keys.node(projectId, node.node_id), value: { ...node, revision: node.revision + 1 } })),
      ],
      guards: [
        { key: keys.project(projectId), revision: record.revision },
        ...restarted.map((node) => ({ key: keys.node(projectId, node.node_id), revision: node.revision })),
      ],
      events: [controllerEvent("project.opened", next)],
      dataplane: projectEffect(record, next, stored),
    });
    lifecycle.projectOpened(next);
    return next;
  });
}

/**
 * Closing stops every node and capture, as GNS3 does, and keeps the topology stored. `why` is
 * for the log: who closed it.
 */
export async function closeProject(deps: ControllerDeps, projectId: string, why = "a client closed it"): Promise<ProjectRecord> {
  return withConflictRetry(async () => {
    const record = await loadProject(deps, projectId);
    if (record.status === "closed") return record;
    const next: ProjectRecord = { ...record, status: "closed", revision: record.revision + 1 };
    const nodes = (await deps.store.list<NodeRecord>(keys.nodesPrefix(projectId))).map((entry) => entry.value);
    const change: Change = {
      writes: [{ key: keys.project(projectId), value: next }],
      guards: [{ key: keys.project(projectId), revision: record.revision }],
      events: [controllerEvent("project.closed", next)],
      dataplane: projectEffect(record, next, nodes),
    };
    change.writes.push(...(await stopEverything(deps, projectId)), ...(await computeProjectRemoval(deps, projectId)));
    await applyChange(deps, change);
    await deps.topologyFiles?.flush(projectId);
    lifecycle.projectClosed(next, why);
    return next;
  });
}

/** The project's entries in the hosts' indexes, those of hosts whose nodes were deleted before it too. */
async function hostIndexRemovals(deps: ControllerDeps, projectId: string): Promise<KvWrite[]> {
  const entries = await deps.store.list(keys.everyHostProjectsPrefix());
  return entries.filter(({ key }) => key.endsWith(`/${projectId}`)).map(({ key }) => ({ key, delete: true as const }));
}

/**
 * GNS3's controller closes the project on its computes as it closes or deletes it, so the
 * compute API no longer knows it (Terraform checks that a deleted project is gone there too).
 */
async function computeProjectRemoval(deps: ControllerDeps, projectId: string): Promise<KvWrite[]> {
  const key = keys.computeProject(projectId);
  return (await deps.store.get(key)) === undefined ? [] : [{ key, delete: true }];
}

async function stopEverything(deps: ControllerDeps, projectId: string): Promise<KvWrite[]> {
  const writes: KvWrite[] = [];
  for (const { key, value } of await deps.store.list<{ status?: string; command_line?: string }>(keys.nodesPrefix(projectId))) {
    // A closed project's nodes run no process: none has a command line to show.
    const { command_line: commandLine, ...node } = value;
    if ((value.status && value.status !== "stopped") || commandLine !== undefined) writes.push({ key, value: { ...node, status: "stopped" } });
  }
  for (const { key, value } of await deps.store.list<{ capturing?: boolean }>(keys.linksPrefix(projectId))) {
    if (value.capturing) writes.push({ key, value: { ...value, capturing: false, capture_compute_id: null } });
  }
  return writes;
}

/** Answers once the project's hosts stopped running it; its files are gone whatever they say. */
export async function deleteProject(deps: ControllerDeps, projectId: string): Promise<void> {
  const record = await loadProject(deps, projectId);
  const nodes = (await deps.store.list<NodeRecord>(keys.nodesPrefix(projectId))).map((entry) => entry.value);
  const change = emptyChange();
  change.writes.push(...(await projectRecordRemovals(deps, projectId)));
  change.writes.push({ key: keys.project(projectId), delete: true }, { key: keys.projectName(record.name), delete: true });
  change.writes.push(...(await hostIndexRemovals(deps, projectId)), ...(await computeProjectRemoval(deps, projectId)));
  change.guards.push({ key: keys.project(projectId), revision: record.revision });
  if (record.status === "opened") change.events.push(controllerEvent("project.closed", { ...record, status: "closed" }));
  change.events.push(controllerEvent("project.deleted", record));
  try {
    await applyChange(deps, change);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw conflictingRequest(`Project ID ${projectId} was changed while being deleted, try again`);
  }
  // A record created after the listing above but before the delete committed (its own commit
  // required the project, which still existed) is swept now; later ones are refused with 404.
  const stragglers = await projectRecordRemovals(deps, projectId);
  if (stragglers.length > 0) await applyChange(deps, { writes: stragglers, guards: [], events: [] });
  await deps.files.remove(fileLayout.projectFolder(projectId));
  const effect = projectEffect(record, undefined, nodes);
  if (effect) await reachDataplane(deps, effect);
}

/** Deletes of every record under the project, and of the console ports its nodes hold. */
async function projectRecordRemovals(deps: ControllerDeps, projectId: string): Promise<KvWrite[]> {
  const writes: KvWrite[] = [];
  const nodesPrefix = keys.nodesPrefix(projectId);
  for (const { key, value } of await deps.store.list<NodeRecord>(keys.projectPrefix(projectId))) {
    writes.push({ key, delete: true });
    if (key.startsWith(nodesPrefix) && value.compute_id) {
      for (const port of heldConsolePorts(value)) writes.push({ key: keys.consolePort(value.compute_id, port), delete: true });
    }
  }
  return writes;
}

export interface ProjectStats {
  drawings: number;
  links: number;
  nodes: number;
  snapshots: number;
}

/** Nodes, links and drawings of an opened project; snapshots whatever its status, as GNS3 counts them. */
export async function projectStats(deps: ControllerDeps, projectId: string): Promise<ProjectStats> {
  const record = await loadProject(deps, projectId);
  const snapshots = (await deps.store.list(keys.snapshotsPrefix(projectId))).length;
  if (record.status !== "opened") return { drawings: 0, links: 0, nodes: 0, snapshots };
  const [drawings, links, nodes] = await Promise.all([
    deps.store.list(keys.drawingsPrefix(projectId)),
    deps.store.list(keys.linksPrefix(projectId)),
    deps.store.list(keys.nodesPrefix(projectId)),
  ]);
  return { drawings: drawings.length, links: links.length, nodes: nodes.length, snapshots };
}

/**
 * GNS3's `auto_close`: called once the project's last notification listener has been gone for
 * a while; closes the project if it is still open and still asks for that.
 */
export async function closeUnwatchedProject(deps: ControllerDeps, projectId: string): Promise<void> {
  const record = await deps.store.get<ProjectRecord>(keys.project(projectId));
  if (record?.status === "opened" && record.auto_close) {
    await closeProject(deps, projectId, "auto_close: its last notification client left; set auto_close false to keep it open");
  }
}

function controllerEvent(action: string, record: ProjectRecord) {
  return { scope: { kind: "controller" as const }, notification: { action, event: projectToWire(record) } };
}
