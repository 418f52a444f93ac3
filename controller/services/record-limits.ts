import { limitsOf, type ControllerDeps, type ControllerLimits } from "../deps";
import { conflictingRequest } from "../domain/errors";
import type { KvGuard, KvWrite } from "../store/kv";
import { keys } from "../store/keys";
import { combineChanges, type Change } from "./change";
import { inTurn } from "./turns";

/** The records a project holds a bounded number of. */
export type CountedRecords = "nodes" | "links" | "drawings";

const RECORDS: Record<CountedRecords, { prefix: (projectId: string) => string; limit: keyof ControllerLimits; flag: string; one: string }> = {
  nodes: { prefix: keys.nodesPrefix, limit: "maxNodesPerProject", flag: "--max-nodes", one: "node" },
  links: { prefix: keys.linksPrefix, limit: "maxLinksPerProject", flag: "--max-links", one: "link" },
  drawings: { prefix: keys.drawingsPrefix, limit: "maxDrawingsPerProject", flag: "--max-drawings", one: "drawing" },
};

/**
 * A project's records of one kind are counted in stripes, each record in the stripe its id
 * hashes to, so that creations in one project commit side by side (a single count would make
 * every creation wait for the previous one's commit). Each stripe also holds an allowance:
 * the allowances add up to the limit and a stripe never counts more than its own, so no two
 * commits can pass the limit together, each guarding only its stripe. A stripe that is full
 * borrows from one that is not; allowances are dealt afresh when the limit changed, when none
 * is left to borrow, or for a project from before counts were kept.
 */
const STRIPES = 16;

interface CountStripe {
  count: number;
  allowance: number;
  /** The limit the allowances were dealt for. */
  limit: number;
  revision: number;
}

/** Beside the project's records, so deleting the project deletes them and on Workers they live in the project's object. */
function stripesPrefix(projectId: string, kind: CountedRecords): string {
  return `projects/${projectId}/counts/${kind}/`;
}

function stripeKey(projectId: string, kind: CountedRecords, stripe: number): string {
  return `${stripesPrefix(projectId, kind)}${stripe}`;
}

/** FNV-1a of the id: any stable, even spread does. */
function stripeOf(recordId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < recordId.length; i++) hash = Math.imul(hash ^ recordId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % STRIPES;
}

/**
 * The writes and guards that count one more record of `kind`, to commit with it; or a 409
 * naming the limit when the project already holds as many as it may.
 */
export async function countAddition(deps: ControllerDeps, projectId: string, kind: CountedRecords, recordId: string): Promise<Change> {
  const limit = limitOf(deps, kind);
  const mine = stripeOf(recordId);
  const key = stripeKey(projectId, kind, mine);
  const own = await deps.store.get<CountStripe>(key);
  if (own && own.limit === limit && own.count < own.allowance) {
    return { writes: [{ key, value: { ...own, count: own.count + 1, revision: own.revision + 1 } }], guards: [{ key, revision: own.revision }], events: [] };
  }
  const stripes = await readStripes(deps, projectId, kind, []);
  const total = stripes.reduce((sum, stripe) => sum + stripe.count, 0);
  if (total + 1 > limit) throw limitReached(kind, limit, total);
  // A lender at random, so that creations borrowing at the same time seldom pick the same one.
  const lenders = stripes.flatMap((stripe, index) => (index !== mine && stripe.stored?.limit === limit && stripe.count < stripe.allowance ? [index] : []));
  const lender = lenders[Math.floor(Math.random() * lenders.length)];
  if (own && own.limit === limit && lender !== undefined) {
    const from = stripes[lender]!.stored!;
    const fromKey = stripeKey(projectId, kind, lender);
    return {
      writes: [
        { key, value: { ...own, count: own.count + 1, allowance: own.allowance + 1, revision: own.revision + 1 } },
        { key: fromKey, value: { ...from, allowance: from.allowance - 1, revision: from.revision + 1 } },
      ],
      guards: [
        { key, revision: own.revision },
        { key: fromKey, revision: from.revision },
      ],
      events: [],
    };
  }
  stripes[mine]!.count++;
  return dealt(projectId, kind, stripes, limit);
}

/** The writes and guards that count `recordIds` (records of `kind` being removed) out, to commit with their removal. */
export async function countRemoval(deps: ControllerDeps, projectId: string, kind: CountedRecords, recordIds: readonly string[]): Promise<Change> {
  const removed = new Map<number, number>();
  for (const id of recordIds) removed.set(stripeOf(id), (removed.get(stripeOf(id)) ?? 0) + 1);
  const change: Change = { writes: [], guards: [], events: [] };
  for (const [stripe, count] of removed) {
    const key = stripeKey(projectId, kind, stripe);
    const stored = await deps.store.get<CountStripe>(key);
    // A project from before counts were kept gets them now, so a count taken meanwhile cannot miss this removal.
    if (!stored) return dealt(projectId, kind, await readStripes(deps, projectId, kind, recordIds), limitOf(deps, kind));
    change.writes.push({ key, value: { ...stored, count: stored.count - count, revision: stored.revision + 1 } });
    change.guards.push({ key, revision: stored.revision });
  }
  return change;
}

/** The counts of a project being created whole (an import), or a 409 naming the limit it would pass. */
export function initialCounts(deps: ControllerDeps, projectId: string, recordIds: Record<CountedRecords, readonly string[]>): Change {
  return countsOf(deps, projectId, recordIds, () => undefined, "Cannot import project");
}

/**
 * The counts of a project whose records all give way to others at once (a snapshot restored),
 * guarded on the counts they replace so that no creation slips in meanwhile.
 */
export async function replacedCounts(deps: ControllerDeps, projectId: string, recordIds: Record<CountedRecords, readonly string[]>): Promise<Change> {
  const stored = new Map<CountedRecords, Map<number, CountStripe>>();
  for (const kind of Object.keys(RECORDS) as CountedRecords[]) stored.set(kind, await storedStripes(deps, projectId, kind));
  return countsOf(deps, projectId, recordIds, (kind, stripe) => stored.get(kind)!.get(stripe), "Cannot restore the snapshot");
}

function countsOf(
  deps: ControllerDeps,
  projectId: string,
  recordIds: Record<CountedRecords, readonly string[]>,
  storedStripe: (kind: CountedRecords, stripe: number) => CountStripe | undefined,
  refusal: string,
): Change {
  const counts: Change[] = [];
  for (const kind of Object.keys(RECORDS) as CountedRecords[]) {
    const limit = limitOf(deps, kind);
    const ids = recordIds[kind];
    if (ids.length > limit) {
      throw conflictingRequest(`${refusal}: it has ${ids.length} ${kind}, more than the ${limit} a project may hold (the controller's ${RECORDS[kind].flag})`);
    }
    const stripes: Stripe[] = Array.from({ length: STRIPES }, (_, index) => {
      const stored = storedStripe(kind, index);
      return stored ? { count: 0, allowance: 0, stored } : { count: 0, allowance: 0 };
    });
    for (const id of ids) stripes[stripeOf(id)]!.count++;
    counts.push(dealt(projectId, kind, stripes, limit));
  }
  return combineChanges(...counts);
}

/**
 * Runs `step` after the other steps of this process that count in the same stripe: they
 * rewrite the same record, so side by side all but one would fail its guard and retry.
 * Other stripes, and other processes, go on side by side; the guards keep the counts exact.
 */
export function inCountTurn<T>(deps: ControllerDeps, projectId: string, kind: CountedRecords, recordId: string, step: () => Promise<T>): Promise<T> {
  return inTurn(deps.store, stripeKey(projectId, kind, stripeOf(recordId)), step);
}

interface Stripe {
  count: number;
  allowance: number;
  stored?: CountStripe;
}

/** The stripes of a kind kept in the store, by stripe number. */
async function storedStripes(deps: ControllerDeps, projectId: string, kind: CountedRecords): Promise<Map<number, CountStripe>> {
  const stripes = new Map<number, CountStripe>();
  for (const { key, value } of await deps.store.list<CountStripe>(stripesPrefix(projectId, kind))) stripes.set(Number(key.slice(key.lastIndexOf("/") + 1)), value);
  return stripes;
}

/** Every stripe of a kind; a project without them is counted from its records, `leaving` excluded. */
async function readStripes(deps: ControllerDeps, projectId: string, kind: CountedRecords, leaving: readonly string[]): Promise<Stripe[]> {
  const stripes: Stripe[] = [];
  const stored = await storedStripes(deps, projectId, kind);
  for (const [index, value] of stored) stripes[index] = { count: value.count, allowance: value.allowance, stored: value };
  if (stored.size === STRIPES) return stripes;
  const counted = Array.from({ length: STRIPES }, (): Stripe => ({ count: 0, allowance: 0 }));
  const prefix = RECORDS[kind].prefix(projectId);
  const gone = new Set(leaving);
  for (const { key } of await deps.store.list(prefix)) {
    const id = key.slice(prefix.length);
    if (!gone.has(id)) counted[stripeOf(id)]!.count++;
  }
  return counted.map((stripe, index) => ({ ...stripe, ...(stripes[index]?.stored ? { stored: stripes[index].stored } : {}) }));
}

/**
 * Writes every stripe with its count and allowances dealt afresh for `limit`: what is left
 * under the limit is shared out evenly. A project over its limit (the limit was lowered) gets
 * no allowance at all, so nothing is added until it is back under and they are dealt again.
 */
function dealt(projectId: string, kind: CountedRecords, stripes: readonly Stripe[], limit: number): Change {
  const total = stripes.reduce((sum, stripe) => sum + stripe.count, 0);
  const spare = Math.max(0, limit - total);
  const writes: KvWrite[] = [];
  const guards: KvGuard[] = [];
  stripes.forEach((stripe, index) => {
    const key = stripeKey(projectId, kind, index);
    const allowance = total > limit ? 0 : stripe.count + Math.floor(spare / STRIPES) + (index < spare % STRIPES ? 1 : 0);
    writes.push({ key, value: { count: stripe.count, allowance, limit, revision: (stripe.stored?.revision ?? 0) + 1 } satisfies CountStripe });
    guards.push(stripe.stored ? { key, revision: stripe.stored.revision } : { key, absent: true });
  });
  return { writes, guards, events: [] };
}

function limitOf(deps: ControllerDeps, kind: CountedRecords): number {
  return limitsOf(deps.config)[RECORDS[kind].limit];
}

function limitReached(kind: CountedRecords, limit: number, count: number) {
  const { one, flag } = RECORDS[kind];
  return conflictingRequest(`Cannot add a ${one}: the project holds ${count} ${kind} and may hold at most ${limit} (the controller's ${flag})`);
}
