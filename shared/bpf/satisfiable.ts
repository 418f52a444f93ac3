import type { Pred } from "./ir";
import { valueKey } from "./ir";

/**
 * Whether some frame could match, as far as libpcap's optimizer can tell. pcap_compile
 * refuses a program that the optimizer reduces to "reject everything" ("expression rejects
 * all packets", e.g. `ip and arp`), so we must refuse the same expressions. The optimizer
 * knows, along each path, which tests were taken: the same test on the same value gives
 * the same answer, and a value found equal to one constant differs from every other. This
 * walks every path with that knowledge; it stops after `budget` steps and then answers
 * "can match", since what the optimizer cannot prove it leaves in the program.
 */
export function canMatch(pred: Pred, budget = 100_000): boolean {
  let steps = 0;
  const outOfBudget = Symbol("budget");

  const walk = (node: Pred, facts: Fact | null, onTrue: Continuation, onFalse: Continuation): boolean => {
    if (++steps > budget) throw outOfBudget;
    switch (node.k) {
      case "true":
        return onTrue(facts);
      case "false":
        return onFalse(facts);
      case "not":
        return walk(node.a, facts, onFalse, onTrue);
      case "and":
        return walk(node.a, facts, (known) => walk(node.b, known, onTrue, onFalse), onFalse);
      case "or":
        return walk(node.a, facts, onTrue, (known) => walk(node.b, known, onTrue, onFalse));
      case "jump": {
        const test = atom(node);
        const outcome = recall(facts, test);
        if (outcome === true) return onTrue(facts);
        if (outcome === false) return onFalse(facts);
        return onTrue({ ...test, outcome: true, next: facts }) || onFalse({ ...test, outcome: false, next: facts });
      }
    }
  };

  try {
    return walk(pred, null, () => true, () => false);
  } catch (error) {
    if (error === outOfBudget) return true;
    throw error;
  }
}

type Continuation = (facts: Fact | null) => boolean;

interface Atom {
  key: string;
  /** For an equality with a constant: the compared value and the constant. */
  value: string | undefined;
  equals: number | undefined;
}

interface Fact extends Atom {
  outcome: boolean;
  next: Fact | null;
}

function atom(node: Pred & { k: "jump" }): Atom {
  const left = valueKey(node.l);
  const key = `${node.op} ${left} ${valueKey(node.r)}`;
  if (node.op === "eq" && node.r.k === "const") return { key, value: left, equals: node.r.v };
  return { key, value: undefined, equals: undefined };
}

function recall(facts: Fact | null, test: Atom): boolean | undefined {
  for (let fact = facts; fact !== null; fact = fact.next) {
    if (fact.key === test.key) return fact.outcome;
    if (test.value !== undefined && fact.outcome && fact.value === test.value && fact.equals !== test.equals) return false;
  }
  return undefined;
}
