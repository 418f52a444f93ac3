import type { Pred } from "./ir";
import { valueKey } from "./ir";

/**
 * The predicate as a decision graph shaped like libpcap's optimised BPF, because the
 * optimiser's reordering is observable on frames too short for some loads:
 * - a test whose outcome is known on the way to it (same test, or the same value already
 *   found equal to another constant) is skipped, so `host a or host b` checks the
 *   Ethernet type once;
 * - its "pull-up" passes move a later test of the value the previous test looked at next
 *   to that test when both lead to the same place: `host a or b` compares the source
 *   address with a and b before loading the destination address, so a frame cut after the
 *   source address matches when its source is b.
 * Building follows every path with what is known on it, so the graph can grow
 * exponentially; past `budget` steps we give up (TooLarge) and the caller runs the plain
 * predicate. The graph also tells whether anything can match at all: pcap_compile refuses
 * a program the optimiser reduces to "reject" ("expression rejects all packets").
 */
export type Decision =
  | { k: "leaf"; match: boolean; id: number }
  | { k: "test"; atom: Pred & { k: "jump" }; value: string; key: string; jt: Decision; jf: Decision; id: number };

export class TooLarge extends Error {}

const ACCEPT: Decision = { k: "leaf", match: true, id: 0 };
const REJECT: Decision = { k: "leaf", match: false, id: 1 };

interface Fact {
  key: string;
  value: string;
  equals: number | undefined;
  outcome: boolean;
  next: Fact | null;
}

export function buildDecision(pred: Pred, budget = 20_000): Decision {
  const unique = new Map<string, Decision>();
  let nextId = 2;
  let steps = 0;

  const node = (atom: Pred & { k: "jump" }, value: string, key: string, jt: Decision, jf: Decision): Decision => {
    if (jt === jf) return jt;
    const identity = `${key}|${jt.id}|${jf.id}`;
    let found = unique.get(identity);
    if (!found) {
      found = { k: "test", atom, value, key, jt, jf, id: nextId++ };
      unique.set(identity, found);
    }
    return found;
  };

  type Continuation = (facts: Fact | null) => Decision;
  const build = (p: Pred, facts: Fact | null, onTrue: Continuation, onFalse: Continuation): Decision => {
    if (++steps > budget) throw new TooLarge();
    switch (p.k) {
      case "true":
        return onTrue(facts);
      case "false":
        return onFalse(facts);
      case "not":
        return build(p.a, facts, onFalse, onTrue);
      case "and":
        return build(p.a, facts, (known) => build(p.b, known, onTrue, onFalse), onFalse);
      case "or":
        return build(p.a, facts, onTrue, (known) => build(p.b, known, onTrue, onFalse));
      case "jump": {
        const value = valueKey(p.l);
        const key = `${p.op} ${value} ${valueKey(p.r)}`;
        const equals = p.op === "eq" && p.r.k === "const" ? p.r.v : undefined;
        const outcome = recall(facts, key, value, equals);
        if (outcome !== undefined) return outcome ? onTrue(facts) : onFalse(facts);
        const whenTrue = onTrue({ key, value, equals, outcome: true, next: facts });
        const whenFalse = onFalse({ key, value, equals, outcome: false, next: facts });
        return node(p, value, key, whenTrue, whenFalse);
      }
    }
  };

  return pullUp(build(pred, null, () => ACCEPT, () => REJECT));
}

function recall(facts: Fact | null, key: string, value: string, equals: number | undefined): boolean | undefined {
  for (let fact = facts; fact !== null; fact = fact.next) {
    if (fact.key === key) return fact.outcome;
    if (equals !== undefined && fact.outcome && fact.equals !== undefined && fact.value === value && fact.equals !== equals) return false;
  }
  return undefined;
}

type Test = Decision & { k: "test" };
type Branch = "jt" | "jf";

/**
 * libpcap's or_pullup and and_pullup, on a mutable copy of the graph. For a test b whose
 * predecessors all looked at value V: along b's false chain (or_pullup; true chain for
 * and_pullup) of tests sharing b's other target and reachable only through b, find the
 * first test of V after the run of V-tests starting at b, and move it up to the end of
 * that run. Repeated until nothing moves.
 */
function pullUp(root: Decision): Decision {
  if (root.k === "leaf") return root;
  const tests = collect(root);
  let changed = true;
  let rounds = 0;
  while (changed && rounds++ < 1000) {
    changed = false;
    const predecessors = findPredecessors(root, tests);
    for (const b of tests) {
      const preds = predecessors.get(b.id) ?? [];
      const first = preds[0];
      if (!first || !preds.every((pred) => pred.value === first.value)) continue;
      if (pull(b, first.value, "jf", "jt", predecessors) || pull(b, first.value, "jt", "jf", predecessors)) {
        changed = true;
        break;
      }
    }
  }
  return root;
}

function pull(b: Test, value: string, along: Branch, shared: Branch, predecessors: Map<number, Test[]>): boolean {
  const reachedOnlyThroughChain = (n: Decision) => n.k === "test" && (predecessors.get(n.id)?.length ?? 0) === 1;
  let previous: Test | null = null;
  let diff: Decision = b;
  for (;;) {
    if (diff.k !== "test" || diff[shared] !== b[shared]) return false;
    if (diff !== b && !reachedOnlyThroughChain(diff)) return false;
    if (diff.value !== value) break;
    previous = diff;
    diff = diff[along];
  }
  let beforeSame: Test = diff;
  let same: Decision = diff[along];
  for (;;) {
    if (same.k !== "test" || same[shared] !== b[shared] || !reachedOnlyThroughChain(same)) return false;
    if (same.value === value) break;
    beforeSame = same;
    same = same[along];
  }
  beforeSame[along] = same[along];
  same[along] = diff;
  if (previous) previous[along] = same;
  else for (const pred of predecessors.get(b.id) ?? []) redirect(pred, b, same);
  return true;
}

function redirect(pred: Test, from: Decision, to: Decision): void {
  if (pred.jt === from) pred.jt = to;
  if (pred.jf === from) pred.jf = to;
}

function collect(root: Decision): Test[] {
  const seen = new Set<number>();
  const tests: Test[] = [];
  const visit = (n: Decision) => {
    if (n.k !== "test" || seen.has(n.id)) return;
    seen.add(n.id);
    tests.push(n);
    visit(n.jt);
    visit(n.jf);
  };
  visit(root);
  return tests;
}

function findPredecessors(root: Decision, tests: Test[]): Map<number, Test[]> {
  const predecessors = new Map<number, Test[]>();
  const reachable = new Set(collect(root).map((t) => t.id));
  for (const t of tests) {
    if (!reachable.has(t.id)) continue;
    for (const target of t.jt === t.jf ? [t.jt] : [t.jt, t.jf]) {
      if (target.k !== "test") continue;
      const list = predecessors.get(target.id) ?? [];
      list.push(t);
      predecessors.set(target.id, list);
    }
  }
  return predecessors;
}

/** Whether any path reaches a match. */
export function reachesMatch(root: Decision): boolean {
  if (root.k === "leaf") return root.match;
  return collect(root).some((t) => t.jt === ACCEPT || t.jf === ACCEPT);
}
