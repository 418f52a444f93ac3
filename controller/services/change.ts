import type { ControllerDeps } from "../deps";
import type { Notification, NotificationScope } from "../events/event-bus";
import { ApiError } from "../http/api-error";
import { KvConflict, KvFull, KvUnavailable, type KvGuard, type KvWrite } from "../store/kv";
import { keys } from "../store/keys";
import { notFound } from "../http/api-error";

/** What a domain function decides: the writes (with the guards they rely on) and what to announce. */
export interface Change {
  writes: KvWrite[];
  guards: KvGuard[];
  events: Array<{ scope: NotificationScope; notification: Notification }>;
}

export function emptyChange(): Change {
  return { writes: [], guards: [], events: [] };
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
      if (gone) throw notFound(`Project ID ${gone.key.slice(keys.projectsPrefix().length)} doesn't exist`);
      throw error;
    }
  }
  for (const { scope, notification } of change.events) deps.events.publish(scope, notification);
}

/** 507 Insufficient Storage when the disk is full (retry once space is freed), 503 otherwise. */
export function storeUnavailable(error: KvUnavailable): ApiError {
  return new ApiError(error instanceof KvFull ? 507 : 503, error.message);
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
  const projects = new Set<string>();
  for (const write of writes) {
    const match = PROJECT_KEY.exec(write.key);
    if (match) projects.add(match[1]!);
  }
  return [...projects].map((projectId) => ({ key: keys.projectStamp(projectId), value: deps.newId() }));
}

/**
 * Runs a read-decide-commit step, again from fresh reads when a guard failed because another
 * request committed first. The retry sees that request's result, so the loser gets the same
 * answer (e.g. 409 "Port is already used") it would have got had it come second.
 *
 * Every failed round means another request succeeded, so N requests racing for the same
 * records all finish within N rounds; the bound is for pathological load only. After the
 * first retries each waits a random moment, so a crowd of losers does not collide again in
 * lockstep (on Workers, a commit spanning objects also meets locks held for a few ms).
 * `step` is told which attempt it is, to choose differently from the crowd it lost to.
 */
export async function withConflictRetry<T>(step: (attempt: number) => Promise<T>, attempts = 64): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step(attempt);
    } catch (error) {
      if (!(error instanceof KvConflict) || attempt >= attempts) {
        if (error instanceof KvConflict) throw new ApiError(409, "The resource was changed by another request, try again");
        throw error;
      }
      if (attempt >= 3) await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(attempt, 20)));
    }
  }
}
