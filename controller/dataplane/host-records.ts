import type { ControllerDeps } from "../deps";
import type { LinkRecord } from "../domain/links";
import type { NodeRecord } from "../domain/nodes";
import type { ProjectRecord } from "../domain/projects";
import { withConflictRetry } from "../store/conflict-retry";
import type { KvGuard, KvWrite } from "../store/kv";
import { keys } from "../store/keys";
import type { LeftOut, ProjectRecords, TunnelEnd } from "./desired-state";

/** What a host announced in its last Hello, and whether it is connected now. */
export interface DataplaneHostRecord {
  host_id: string;
  name: string;
  tunnel_address: string;
  udp_port_min: number;
  udp_port_max: number;
  daemon_version: string;
  connected: boolean;
  /** When its Hello was accepted (ms), while it is connected. */
  connected_at?: number;
}


/** The last revision sent to a host (the counter) and what that revision left out. */
export interface DataplaneRevisionRecord {
  revision: number;
  left_out: LeftOut[];
}

export interface StoredItemError {
  kind: "node" | "link" | "unspecified";
  id: string;
  /** Empty when the item is no longer in the state sent to the host. */
  project_id: string;
  message: string;
  /** The node's console port, when another program listening on it kept the node from starting. */
  console_port_taken?: number;
}

export interface DataplaneAckRecord {
  revision: number;
  errors: StoredItemError[];
}

interface TunnelPortClaim {
  project_id: string;
  link_id: string;
}

/** Every project with its nodes and links, from one scan of the `projects/` prefix. */
export async function loadProjectRecords(deps: ControllerDeps): Promise<ProjectRecords[]> {
  const byProject = new Map<string, { project?: ProjectRecord; nodes: NodeRecord[]; links: LinkRecord[] }>();
  const entry = (projectId: string) => {
    let found = byProject.get(projectId);
    if (!found) byProject.set(projectId, (found = { nodes: [], links: [] }));
    return found;
  };
  for (const { key, value } of await deps.store.list<unknown>(keys.projectsPrefix())) {
    const [, projectId, collection, id] = key.split("/");
    if (projectId === undefined) continue;
    if (collection === undefined) entry(projectId).project = value as ProjectRecord;
    else if (collection === "nodes" && id !== undefined) entry(projectId).nodes.push(value as NodeRecord);
    else if (collection === "links" && id !== undefined) entry(projectId).links.push(value as LinkRecord);
  }
  const projects: ProjectRecords[] = [];
  for (const { project, nodes, links } of byProject.values()) if (project) projects.push({ project, nodes, links });
  return projects;
}

/**
 * The projects the host's index names, each with its nodes and links: a push reads these and
 * nothing of other projects (on Workers, no other project's object). A store from before the
 * index gets it built once, from one scan.
 */
export async function loadHostProjectRecords(deps: ControllerDeps, hostId: string): Promise<ProjectRecords[]> {
  await buildHostIndexOnce(deps);
  const prefix = keys.hostProjectsPrefix(hostId);
  const projectIds = (await deps.store.list(prefix)).map(({ key }) => key.slice(prefix.length));
  const projects = await Promise.all(
    projectIds.map(async (projectId) => {
      const [project, nodes, links] = await Promise.all([
        deps.store.get<ProjectRecord>(keys.project(projectId)),
        deps.store.list<NodeRecord>(keys.nodesPrefix(projectId)),
        deps.store.list<LinkRecord>(keys.linksPrefix(projectId)),
      ]);
      return project ? { project, nodes: nodes.map((entry) => entry.value), links: links.map((entry) => entry.value) } : undefined;
    }),
  );
  return projects.filter((records) => records !== undefined);
}

/** Stores already indexed, so each process reads the marker once. */
const indexedStores = new WeakSet<object>();

async function buildHostIndexOnce(deps: ControllerDeps): Promise<void> {
  if (indexedStores.has(deps.store)) return;
  if ((await deps.store.get(keys.hostIndexBuilt())) === undefined) {
    const writes: KvWrite[] = [];
    for (const { project, nodes } of await loadProjectRecords(deps)) {
      for (const hostId of new Set(nodes.map((node) => node.compute_id))) writes.push({ key: keys.hostProject(hostId, project.project_id), value: {} });
    }
    await deps.store.commit([...writes, { key: keys.hostIndexBuilt(), value: { built_at: new Date().toISOString() } }]);
  }
  indexedStores.add(deps.store);
}

export async function loadHostRecords(deps: ControllerDeps): Promise<Map<string, DataplaneHostRecord>> {
  const entries = await deps.store.list<DataplaneHostRecord>(keys.dataplaneHostsPrefix());
  return new Map(entries.map(({ value }) => [value.host_id, value]));
}

/** The lowest port of the range not in `taken`. */
export function firstFreePort(min: number, max: number, taken: ReadonlySet<number>): number | undefined {
  for (let port = min; port <= max; port++) if (!taken.has(port)) return port;
  return undefined;
}

/** A link end's port by project too: an imported project keeps its link ids, so one id may cross hosts twice. */
export function tunnelPortKey(projectId: string, linkId: string, hostId: string): string {
  return `${projectId}/${linkId}/${hostId}`;
}

/**
 * Makes sure every cross-host link end has a UDP port on its host, claimed from the range the
 * host announced, and returns the ports by `tunnelPortKey`. Claims are guarded (a port and a
 * link-on-host pair can each be taken once), so two hosts' state builds racing for the same
 * link cannot both claim; the loser re-reads and finds the winner's port. Claims of deleted
 * links are released when a host's claims are scanned to make new ones. Ends whose host never
 * said Hello or whose range is full get no port.
 */
export async function claimTunnelPorts(
  deps: ControllerDeps,
  ends: readonly TunnelEnd[],
  hosts: ReadonlyMap<string, DataplaneHostRecord>,
): Promise<Map<string, number>> {
  const endsByHost = new Map<string, TunnelEnd[]>();
  for (const end of ends) endsByHost.set(end.hostId, [...(endsByHost.get(end.hostId) ?? []), end]);
  return withConflictRetry(async () => {
    const ports = new Map<string, number>();
    const writes: KvWrite[] = [];
    const guards: KvGuard[] = [];
    for (const [hostId, hostEnds] of endsByHost) {
      // Each end's claim is read by its link first: a push of a few links claimed long ago
      // reads those, not every claim of the host (on Workers, one call each).
      const held = await Promise.all(hostEnds.map((end) => deps.store.get<{ port: number }>(keys.linkTunnelPort(end.projectId, end.linkId, hostId))));
      if (held.every((claim) => claim !== undefined)) {
        hostEnds.forEach((end, index) => ports.set(tunnelPortKey(end.projectId, end.linkId, hostId), held[index]!.port));
        continue;
      }
      const wanted = new Set(hostEnds.map((end) => tunnelPortKey(end.projectId, end.linkId, hostId)));
      const prefix = keys.tunnelPortsPrefix(hostId);
      const taken = new Set<number>();
      for (const { key, value } of await deps.store.list<TunnelPortClaim>(prefix)) {
        const port = Number(key.slice(prefix.length));
        const claimed = tunnelPortKey(value.project_id, value.link_id, hostId);
        if (wanted.has(claimed)) {
          ports.set(claimed, port);
        } else if ((await deps.store.get(keys.link(value.project_id, value.link_id))) === undefined) {
          // Released now, reusable from the next claim on (a commit cannot delete and guard the same key).
          writes.push({ key, delete: true }, { key: keys.linkTunnelPort(value.project_id, value.link_id, hostId), delete: true });
        }
        taken.add(port);
      }
      const host = hosts.get(hostId);
      if (!host) continue;
      for (const end of hostEnds) {
        if (ports.has(tunnelPortKey(end.projectId, end.linkId, hostId))) continue;
        const port = firstFreePort(host.udp_port_min, host.udp_port_max, taken);
        if (port === undefined) break;
        taken.add(port);
        ports.set(tunnelPortKey(end.projectId, end.linkId, hostId), port);
        const claimKey = keys.tunnelPort(hostId, port);
        const linkKey = keys.linkTunnelPort(end.projectId, end.linkId, hostId);
        writes.push({ key: claimKey, value: { project_id: end.projectId, link_id: end.linkId } }, { key: linkKey, value: { port } });
        guards.push({ key: claimKey, absent: true }, { key: linkKey, absent: true });
      }
    }
    if (writes.length > 0) await deps.store.commit(writes, guards);
    return ports;
  });
}

/**
 * The next revision for a host: above every revision recorded (the counter is stored, so a
 * restarted controller continues from it), above what the daemon says it applied (in case the
 * store was replaced) and above `floors` (what this connection sent already).
 */
export async function revisionAfter(deps: ControllerDeps, hostId: string, ...floors: number[]): Promise<number> {
  const current = await deps.store.get<DataplaneRevisionRecord>(keys.dataplaneRevision(hostId));
  return Math.max(current?.revision ?? 0, ...floors) + 1;
}

/**
 * Stores a revision sent to the host, with what it left out. The hub sends first, so the sync
 * to disk overlaps the trip to the daemon: a controller that stops in between starts again
 * above the daemon's applied revision, which its Hello reports.
 */
export async function recordRevision(deps: ControllerDeps, hostId: string, revision: number, leftOut: LeftOut[]): Promise<void> {
  const key = keys.dataplaneRevision(hostId);
  await withConflictRetry(async () => {
    const current = await deps.store.get<DataplaneRevisionRecord>(key);
    if (current && current.revision >= revision) return;
    const guard: KvGuard = current ? { key, revision: current.revision } : { key, absent: true };
    await deps.store.commit([{ key, value: { revision, left_out: leftOut } satisfies DataplaneRevisionRecord }], [guard]);
  });
}

/** What the newest revision leaves out, when that changed without a new revision (see `loadDataplaneStatus`). */
export async function saveLeftOut(deps: ControllerDeps, hostId: string, leftOut: LeftOut[]): Promise<void> {
  const key = keys.dataplaneRevision(hostId);
  await withConflictRetry(async () => {
    const current = await deps.store.get<DataplaneRevisionRecord>(key);
    if (!current) return;
    await deps.store.commit([{ key, value: { ...current, left_out: leftOut } satisfies DataplaneRevisionRecord }], [{ key, revision: current.revision }]);
  });
}
