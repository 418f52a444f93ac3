/**
 * The compiled form of a filter: a boolean tree over comparisons of 32-bit unsigned values
 * computed from the frame, evaluated left to right with short-circuit, exactly the control
 * flow of the BPF program libpcap emits. A load past the end of the frame, or a division by
 * zero, rejects the frame outright (even under `not`), as the BPF interpreter does.
 *
 * The constructors fold constants the way libpcap's optimizer does, because tcpdump runs
 * optimised programs and the optimizer is observable: `x & 0 = 0` performs no load (so it
 * matches even frames too short for x), `x & 0xffffffff != 0` is always true (an optimizer
 * quirk, `jset #0xffffffff` counts as always set), and constant division by zero is a
 * compile error. Nothing is folded that libpcap's optimizer would not fold.
 */

export type AluOp = "add" | "sub" | "mul" | "div" | "mod" | "and" | "or" | "xor" | "lsh" | "rsh";

export type Value =
  | { k: "const"; v: number }
  | { k: "len" }
  /** `size` bytes big-endian at `offset` (absolute) or at `index + offset`. */
  | { k: "load"; size: 1 | 2 | 4; index: Value | null; offset: number }
  /** BPF's `4*([offset]&0xf)`: the IPv4 header length. */
  | { k: "iphl"; offset: number }
  | { k: "alu"; op: AluOp; l: Value; r: Value }
  | { k: "neg"; a: Value };

export type JumpOp = "eq" | "gt" | "ge" | "set";

export type Pred =
  | { k: "true" }
  | { k: "false" }
  | { k: "and" | "or"; a: Pred; b: Pred }
  | { k: "not"; a: Pred }
  | { k: "jump"; op: JumpOp; l: Value; r: Value };

export const TRUE: Pred = { k: "true" };
export const FALSE: Pred = { k: "false" };

/** Raised for what libpcap's optimizer refuses (division by a constant zero…). */
export class FoldError extends Error {}

export function constant(v: number): Value {
  return { k: "const", v: v >>> 0 };
}

export function load(size: 1 | 2 | 4, index: Value | null, offset: number): Value {
  // The optimizer turns an indexed load with a known index into an absolute one, adding
  // in 32 bits.
  if (index?.k === "const") return { k: "load", size, index: null, offset: (offset + index.v) >>> 0 };
  return { k: "load", size, index, offset };
}

export function foldAlu(op: AluOp, a: number, b: number): number {
  switch (op) {
    case "add":
      return (a + b) >>> 0;
    case "sub":
      return (a - b) >>> 0;
    case "mul":
      return Math.imul(a, b) >>> 0;
    case "div":
      return Math.floor(a / b) >>> 0;
    case "mod":
      return a % b >>> 0;
    case "and":
      return (a & b) >>> 0;
    case "or":
      return (a | b) >>> 0;
    case "xor":
      return (a ^ b) >>> 0;
    case "lsh":
      return b < 32 ? (a << b) >>> 0 : 0;
    case "rsh":
      return b < 32 ? a >>> b : 0;
  }
}

export function alu(op: AluOp, l: Value, r: Value): Value {
  if (r.k === "const") {
    if (r.v === 0 && op === "div") throw new FoldError("division by zero");
    if (r.v === 0 && op === "mod") throw new FoldError("modulus by zero");
    if (r.v > 31 && (op === "lsh" || op === "rsh")) throw new FoldError("shift by more than 31 bits");
    if (l.k === "const") return constant(foldAlu(op, l.v, r.v));
    if (r.v === 0 && (op === "add" || op === "sub" || op === "lsh" || op === "rsh" || op === "or" || op === "xor")) return l;
    if (r.v === 0 && (op === "mul" || op === "and")) return constant(0);
  } else if (l.k === "const" && l.v === 0) {
    if (op === "add" || op === "or" || op === "xor") return r;
    if (op === "mul" || op === "div" || op === "mod" || op === "and" || op === "lsh" || op === "rsh") return constant(0);
  }
  return { k: "alu", op, l, r };
}

export function neg(a: Value): Value {
  return a.k === "const" ? constant(-a.v) : { k: "neg", a };
}

export function jump(op: JumpOp, l: Value, r: Value): Pred {
  if (op === "eq" && r.k === "const") {
    // `sub #k; jeq #v` is `jeq #(v+k)` to the optimizer.
    let expected = r.v;
    while (l.k === "alu" && l.op === "sub" && l.r.k === "const") {
      expected = (expected + l.r.v) >>> 0;
      l = l.l;
    }
    r = constant(expected);
    // `and #k; jeq #0` becomes `jset #k` with the branches swapped, and jset #0xffffffff
    // is then taken as always set.
    if (expected === 0 && l.k === "alu" && l.op === "and" && l.r.k === "const" && l.r.v === 0xffffffff) return FALSE;
  }
  if (op === "set" && r.k === "const") {
    if (r.v === 0) return FALSE;
    if (r.v === 0xffffffff) return TRUE;
  }
  if (l.k === "const" && r.k === "const") {
    switch (op) {
      case "eq":
        return l.v === r.v ? TRUE : FALSE;
      case "gt":
        return l.v > r.v ? TRUE : FALSE;
      case "ge":
        return l.v >= r.v ? TRUE : FALSE;
      case "set":
        return (l.v & r.v) !== 0 ? TRUE : FALSE;
    }
  }
  return { k: "jump", op, l, r };
}

export function and(a: Pred, b: Pred): Pred {
  if (a.k === "false" || b.k === "false") return FALSE;
  if (a.k === "true") return b;
  if (b.k === "true") return a;
  return { k: "and", a, b };
}

export function or(a: Pred, b: Pred): Pred {
  if (a.k === "true" || b.k === "true") return TRUE;
  if (a.k === "false") return b;
  if (b.k === "false") return a;
  return { k: "or", a, b };
}

export function not(a: Pred): Pred {
  if (a.k === "true") return FALSE;
  if (a.k === "false") return TRUE;
  if (a.k === "not") return a.a;
  return { k: "not", a };
}

/** A stable text for a value, equal for values libpcap's value numbering would equate. */
export function valueKey(value: Value): string {
  switch (value.k) {
    case "const":
      return `#${value.v}`;
    case "len":
      return "len";
    case "load":
      return `ld${value.size}[${value.index ? valueKey(value.index) + "+" : ""}${value.offset}]`;
    case "iphl":
      return `iphl[${value.offset}]`;
    case "alu":
      return `(${valueKey(value.l)} ${value.op} ${valueKey(value.r)})`;
    case "neg":
      return `-${valueKey(value.a)}`;
  }
}
