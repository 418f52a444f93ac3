import type { ControllerDeps, HostAnswer } from "../deps";
import { conflictingRequest, DomainError, missingRecord, storageFull, unavailable } from "../domain/errors";
import { combineEffects, type DataplaneEffect } from "../domain/dataplane-effects";
import type { Notification, NotificationScope } from "../events/event-bus";
import { KvConflict, KvFull, KvUnavailable, type KvGuard, type KvWrite } from "../store/kv";
import { keys } from "../store/keys";

/** What a domain function decides: the writes (with the guards they rely on) and what to announce. */
export interface Change {
  writes: KvWrite[];
  guards: KvGuard[];
  events: Array<{ scope: NotificationScope; notification: Notification }>;
  /**
   * Set on the changes a client's answer waits for: the hosts must apply it first, and what
   * they cannot bring up fails the request (the records stay, and the hosts converge later).
   */
  dataplane?: DataplaneEffect | undefined;
  /** Hosts whose state the change alters without its answer waiting for them (a node created or renamed). */
  wakes?: DataplaneEffect | undefined;
}

export function emptyChange(): Change {
  return { writes: [], guards: [], events: [] };
}

/** One change committing all of `changes` at once; events are announced in the order given. */
export function combineChanges(...changes: readonly Change[]): Change {
  return {
    writes: changes.flatMap((change) => change.writes),
    guards: changes.flatMap((change) => change.guards),
    events: changes.flatMap((change) => change.events),
    dataplane: combineEffects(...changes.map((change) => change.dataplane)),
    wakes: combineEffects(...changes.map((change) => change.wakes)),
  };
}

/**
 * Commits the change atomically, then announces it: listeners never hear of a write that failed.
 * A change to a project's records also requires the project to still exist when it commits, so
 * a node or link created while its project is being deleted is refused rather than orphaned.
 */
export async function applyChange(deps: ControllerDeps, change: Change): Promise<void> {
  if (change.writes.length > 0) {
    const parents = parentProjectGuards(change.writes);
    try {
      await deps.store.commit([...change.writes, ...projectStamps(deps, change.writes)], [...change.guards, ...parents]);
    } catch (error) {
      if (error instanceof KvUnavailable) throw storeUnavailable(error);
      const gone = error instanceof KvConflict ? parents.find((guard) => guard.key === error.key) : undefined;
      if (gone) throw missingRecord(`Project ID ${gone.key.slice(keys.projectsPrefix().length)} doesn't exist`);
      throw error;
    }
  }
  for (const projectId of projectsOf(change.writes)) deps.topologyFiles?.changed(projectId);
  for (const { scope, notification } of change.events) deps.events.publish(scope, notification);
  if (change.dataplane) await reachDataplane(deps, change.dataplane);
  else if (change.wakes) deps.dataplane?.wake(change.wakes);
}

/**
 * Waits until every host of `effect` runs the stored records, or fails the request with a 409
 * that names the host and the cause (GNS3 answers a compute's refusal with 409 too). Hosts no
 * daemon ever connected as have nothing to apply.
 */
export async function reachDataplane(deps: ControllerDeps, effect: DataplaneEffect): Promise<void> {
  if (!deps.dataplane || effect.hostIds.length === 0) return;
  const failure = dataplaneFailure(await deps.dataplane.apply(effect));
  if (failure) throw conflictingRequest(failure);
}

/** The first thing that kept the hosts from doing what was asked, as the client reads it. */
export function dataplaneFailure(answers: readonly HostAnswer[]): string | undefined {
  for (const answer of answers) {
    if (answer.outcome === "unreachable") {
      const why = answer.reason === "timeout" ? `did not answer for ${(answer.silentForMs / 1000).toFixed(1)} s` : "is not connected";
      return `Dataplane host ${answer.hostId} ${why}: the change is saved, and the host applies it when it answers again`;
    }
    if (answer.outcome === "applied" && answer.problems.length > 0) {
      return answer.problems.map((problem) => `${problem.message.charAt(0).toUpperCase()}${problem.message.slice(1)} (dataplane host ${answer.hostId})`).join("; ");
    }
  }
  return undefined;
}

/** 507 Insufficient Storage when the disk is full (retry once space is freed), 503 otherwise. */
export function storeUnavailable(error: KvUnavailable): DomainError {
  return error instanceof KvFull ? storageFull(error.message) : unavailable(error.message);
}

const PROJECT_KEY = /^projects\/([^/]+)/;
const PROJECT_RECORD_KEY = /^projects\/[^/]+$/;

/**
 * A presence guard on the project of every sub-record put, unless the change writes the project
 * record itself. Deleting sub-records needs none: that is how a deleted project's last ones go.
 */
function parentProjectGuards(writes: readonly KvWrite[]): KvGuard[] {
  const projects = new Set<string>();
  const recordsWritten = new Set<string>();
  for (const write of writes) {
    if (PROJECT_RECORD_KEY.test(write.key)) recordsWritten.add(write.key);
    else if (!("delete" in write) && PROJECT_KEY.test(write.key)) projects.add(keys.project(PROJECT_KEY.exec(write.key)![1]!));
  }
  return [...projects].filter((key) => !recordsWritten.has(key)).map((key) => ({ key, present: true }));
}

/** A fresh stamp for every project the change touches (see services/list-cache.ts). */
function projectStamps(deps: ControllerDeps, writes: readonly KvWrite[]): KvWrite[] {
  return [...projectsOf(writes)].map((projectId) => ({ key: keys.projectStamp(projectId), value: deps.newId() }));
}

function projectsOf(writes: readonly KvWrite[]): Set<string> {
  const projects = new Set<string>();
  for (const write of writes) {
    const match = PROJECT_KEY.exec(write.key);
    if (match) projects.add(match[1]!);
  }
  return projects;
}
