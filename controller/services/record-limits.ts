import { limitsOf, type ControllerDeps, type ControllerLimits } from "../deps";
import { conflict } from "../http/api-error";
import type { KvGuard, KvWrite } from "../store/kv";
import { keys } from "../store/keys";
import type { Change } from "./change";
import { inTurn } from "./turns";

/** The records a project holds a bounded number of. */
export type CountedRecords = "nodes" | "links" | "drawings";

/** The order in which a change that moves several counts takes their turns, so two never wait on each other. */
const KINDS: readonly CountedRecords[] = ["nodes", "links", "drawings"];

const RECORDS: Record<CountedRecords, { prefix: (projectId: string) => string; limit: keyof ControllerLimits; flag: string; one: string }> = {
  nodes: { prefix: keys.nodesPrefix, limit: "maxNodesPerProject", flag: "--max-nodes", one: "node" },
  links: { prefix: keys.linksPrefix, limit: "maxLinksPerProject", flag: "--max-links", one: "link" },
  drawings: { prefix: keys.drawingsPrefix, limit: "maxDrawingsPerProject", flag: "--max-drawings", one: "drawing" },
};

/** How many records of a kind the project holds. Every change of the number is guarded by `revision`. */
interface RecordCount {
  count: number;
  revision: number;
}

/**
 * Beside the project's records, so deleting the project deletes it and on Workers it lives in
 * the project's object.
 */
function countKey(projectId: string, kind: CountedRecords): string {
  return `projects/${projectId}/counts/${kind}`;
}

/**
 * The writes and guards that add `delta` (negative: remove) records of `kind` to the count,
 * or a 409 naming the limit when the project would hold more than it may. Committed with the
 * records themselves, under the count's revision, so concurrent changes cannot both pass the
 * limit: one commits and the other retries against the new count. A project from before
 * counts were kept is counted once from its records.
 */
export async function countChange(deps: ControllerDeps, projectId: string, kind: CountedRecords, delta: number): Promise<Change> {
  const key = countKey(projectId, kind);
  const stored = await deps.store.get<RecordCount>(key);
  const count = stored?.count ?? (await deps.store.list(RECORDS[kind].prefix(projectId))).length;
  const limit = limitsOf(deps.config)[RECORDS[kind].limit];
  if (delta > 0 && count + delta > limit) throw limitReached(kind, limit, count);
  const guard: KvGuard = stored ? { key, revision: stored.revision } : { key, absent: true };
  const write: KvWrite = { key, value: { count: count + delta, revision: (stored?.revision ?? 0) + 1 } };
  return { writes: [write], guards: [guard], events: [] };
}

/** `change` with a `countChange` committed in the same step. */
export function withCount(change: Change, count: Change): Change {
  return { writes: [...change.writes, ...count.writes], guards: [...change.guards, ...count.guards], events: change.events };
}

/** The counts of a project being created whole (an import): refused, naming the limit, if any is over. */
export function initialCounts(deps: ControllerDeps, projectId: string, counts: Record<CountedRecords, number>): Change {
  const change: Change = { writes: [], guards: [], events: [] };
  for (const kind of KINDS) {
    const limit = limitsOf(deps.config)[RECORDS[kind].limit];
    if (counts[kind] > limit) {
      throw conflict(`Cannot import project: it has ${counts[kind]} ${kind}, more than the ${limit} a project may hold (the controller's ${RECORDS[kind].flag})`);
    }
    const key = countKey(projectId, kind);
    change.writes.push({ key, value: { count: counts[kind], revision: 1 } });
    change.guards.push({ key, absent: true });
  }
  return change;
}

/**
 * Runs `step` (which commits a `countChange` of each kind) after the other steps of this
 * process that move the same counts: they would all rewrite the same count record, so side
 * by side all but one would fail its guard and retry, again and again under load.
 */
export function inCountTurn<T>(deps: ControllerDeps, projectId: string, kinds: readonly CountedRecords[], step: () => Promise<T>): Promise<T> {
  const ordered = KINDS.filter((kind) => kinds.includes(kind));
  const run = (index: number): Promise<T> =>
    index === ordered.length ? step() : inTurn(deps.store, countKey(projectId, ordered[index]!), () => run(index + 1));
  return run(0);
}

function limitReached(kind: CountedRecords, limit: number, count: number) {
  const { one, flag } = RECORDS[kind];
  return conflict(`Cannot add a ${one}: the project holds ${count} ${kind} and may hold at most ${limit} (the controller's ${flag})`);
}
