import type { Decision } from "./decision";
import type { Pred, Value } from "./ir";
import { foldAlu } from "./ir";

/**
 * Turns a decision graph (or, when that is too large, the predicate) into closures rather
 * than a switch-dispatch interpreter: V8 inlines small monomorphic closures where an
 * interpreter pays a dispatch per node (bench/bpf.bench.ts measures both side by side; the
 * README has the figures). They also need no `new Function`, which Workers forbid.
 *
 * Frames shorter than a load, and divisions by zero, throw REJECTED: BPF returns 0 from the
 * whole program at that point, so the frame does not match even under `not`.
 */
export type Matcher = (frame: Uint8Array, wireLength?: number) => boolean;

type Test = (frame: Uint8Array, length: number) => boolean;
type Compute = (frame: Uint8Array, length: number) => number;

const REJECTED = new Error("frame rejected");

/** Runs the predicate as written: used when its decision graph is too large to build. */
export function toMatcher(pred: Pred): Matcher {
  return guard(compileTest(pred));
}

export function decisionMatcher(root: Decision): Matcher {
  return guard(compileDecision(root, new Map()));
}

function compileDecision(node: Decision, compiled: Map<number, Test>): Test {
  if (node.k === "leaf") return node.match ? () => true : () => false;
  const known = compiled.get(node.id);
  if (known) return known;
  const test = compileJump(node.atom);
  const whenTrue = compileDecision(node.jt, compiled);
  const whenFalse = compileDecision(node.jf, compiled);
  const result: Test = (frame, length) => (test(frame, length) ? whenTrue(frame, length) : whenFalse(frame, length));
  compiled.set(node.id, result);
  return result;
}

function guard(test: Test): Matcher {
  return (frame, wireLength = frame.length) => {
    try {
      return test(frame, wireLength);
    } catch (error) {
      if (error === REJECTED) return false;
      throw error;
    }
  };
}

function compileTest(pred: Pred): Test {
  switch (pred.k) {
    case "true":
      return () => true;
    case "false":
      return () => false;
    case "not": {
      const a = compileTest(pred.a);
      return (frame, length) => !a(frame, length);
    }
    case "and": {
      const a = compileTest(pred.a);
      const b = compileTest(pred.b);
      return (frame, length) => a(frame, length) && b(frame, length);
    }
    case "or": {
      const a = compileTest(pred.a);
      const b = compileTest(pred.b);
      return (frame, length) => a(frame, length) || b(frame, length);
    }
    case "jump":
      return compileJump(pred);
  }
}

function compileJump(pred: Pred & { k: "jump" }): Test {
  if (pred.r.k === "const") {
    const k = pred.r.v;
    const direct = pred.op === "eq" && pred.l.k === "load" && pred.l.index === null ? absoluteEquals(pred.l.size, pred.l.offset, k) : undefined;
    if (direct) return direct;
    const l = compileValue(pred.l);
    switch (pred.op) {
      case "eq":
        return (frame, length) => l(frame, length) === k;
      case "gt":
        return (frame, length) => l(frame, length) > k;
      case "ge":
        return (frame, length) => l(frame, length) >= k;
      case "set":
        return (frame, length) => (l(frame, length) & k) !== 0;
    }
  }
  const l = compileValue(pred.l);
  const r = compileValue(pred.r);
  switch (pred.op) {
    case "eq":
      return (frame, length) => l(frame, length) === r(frame, length);
    case "gt":
      return (frame, length) => l(frame, length) > r(frame, length);
    case "ge":
      return (frame, length) => l(frame, length) >= r(frame, length);
    case "set":
      return (frame, length) => (l(frame, length) & r(frame, length)) !== 0;
  }
}

/** The most common test of all (`ether type`, `ip proto`…) in one closure. */
function absoluteEquals(size: 1 | 2 | 4, offset: number, k: number): Test {
  const end = offset + size;
  switch (size) {
    case 1:
      return (frame) => {
        if (end > frame.length) throw REJECTED;
        return frame[offset] === k;
      };
    case 2:
      return (frame) => {
        if (end > frame.length) throw REJECTED;
        return (((frame[offset] as number) << 8) | (frame[offset + 1] as number)) === k;
      };
    case 4:
      return (frame) => {
        if (end > frame.length) throw REJECTED;
        return read32(frame, offset) === k;
      };
  }
}

function read32(frame: Uint8Array, at: number): number {
  return (
    (((frame[at] as number) << 24) | ((frame[at + 1] as number) << 16) | ((frame[at + 2] as number) << 8) | (frame[at + 3] as number)) >>> 0
  );
}

function readAt(frame: Uint8Array, at: number, size: 1 | 2 | 4): number {
  if (at + size > frame.length) throw REJECTED;
  if (size === 1) return frame[at] as number;
  if (size === 2) return ((frame[at] as number) << 8) | (frame[at + 1] as number);
  return read32(frame, at);
}

function compileValue(value: Value): Compute {
  switch (value.k) {
    case "const": {
      const v = value.v;
      return () => v;
    }
    case "len":
      return (_frame, length) => length;
    case "iphl": {
      const offset = value.offset;
      return (frame) => {
        if (offset >= frame.length) throw REJECTED;
        return ((frame[offset] as number) & 0xf) * 4;
      };
    }
    case "load": {
      const { size, offset } = value;
      if (value.index === null) return (frame) => readAt(frame, offset, size);
      const index = compileValue(value.index);
      return (frame, length) => readAt(frame, index(frame, length) + offset, size);
    }
    case "neg": {
      const a = compileValue(value.a);
      return (frame, length) => -a(frame, length) >>> 0;
    }
    case "alu": {
      const { op } = value;
      const l = compileValue(value.l);
      const r = compileValue(value.r);
      if (op === "div" || op === "mod") {
        return (frame, length) => {
          const a = l(frame, length);
          const b = r(frame, length);
          if (b === 0) throw REJECTED;
          return foldAlu(op, a, b);
        };
      }
      return (frame, length) => foldAlu(op, l(frame, length), r(frame, length));
    }
  }
}
