/**
 * BPF filter throughput: evaluations per second of compiled expressions over a mix of
 * generated frames, and, side by side, the same decision graphs run by a switch-dispatch
 * interpreter loop (the shape a bytecode interpreter would have) to justify the closure design.
 *
 *   npx tsx bench/bpf.bench.ts
 */
import { generate } from "@shared/bpf/codegen";
import { compileBpf } from "@shared/bpf/index";
import type { Decision } from "@shared/bpf/decision";
import { buildDecision } from "@shared/bpf/decision";
import type { Pred, Value } from "@shared/bpf/ir";
import { foldAlu } from "@shared/bpf/ir";
import { parse } from "@shared/bpf/parser";
import { generateFrames } from "@shared/bpf/testdata/frames";

const EXPRESSIONS = {
  simple: "icmp",
  complex: "tcp[tcpflags] & tcp-syn != 0 and not src net 10.0.0.0/8",
};
const frames = generateFrames(4096, 7);
const ROUNDS = 600;

function measure(match: (frame: Uint8Array) => boolean): { perSecond: number; matched: number } {
  let matched = 0;
  for (let round = 0; round < 20; round++) for (const frame of frames) if (match(frame)) matched++;
  matched = 0;
  const start = performance.now();
  for (let round = 0; round < ROUNDS; round++) for (const frame of frames) if (match(frame)) matched++;
  const seconds = (performance.now() - start) / 1000;
  return { perSecond: (ROUNDS * frames.length) / seconds, matched: matched / ROUNDS };
}

const REJECTED = Symbol("rejected");

function read(frame: Uint8Array, at: number, size: number): number {
  if (at + size > frame.length) throw REJECTED;
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + (frame[at + i] as number);
  return value;
}

function value(node: Value, frame: Uint8Array): number {
  switch (node.k) {
    case "const":
      return node.v;
    case "len":
      return frame.length;
    case "iphl":
      return (read(frame, node.offset, 1) & 0xf) * 4;
    case "load":
      return read(frame, (node.index ? value(node.index, frame) : 0) + node.offset, node.size);
    case "neg":
      return -value(node.a, frame) >>> 0;
    case "alu": {
      const a = value(node.l, frame);
      const b = value(node.r, frame);
      if ((node.op === "div" || node.op === "mod") && b === 0) throw REJECTED;
      return foldAlu(node.op, a, b);
    }
  }
}

function jump(node: Pred & { k: "jump" }, frame: Uint8Array): boolean {
  const l = value(node.l, frame);
  const r = value(node.r, frame);
  if (node.op === "eq") return l === r;
  if (node.op === "gt") return l > r;
  if (node.op === "ge") return l >= r;
  return (l & r) !== 0;
}

/** A loop over the decision graph with a switch per value node: a bytecode interpreter's shape. */
function interpreted(expression: string): (frame: Uint8Array) => boolean {
  const root = buildDecision(generate(parse(expression)));
  return (frame) => {
    try {
      let node: Decision = root;
      while (node.k === "test") node = jump(node.atom, frame) ? node.jt : node.jf;
      return node.match;
    } catch (error) {
      if (error === REJECTED) return false;
      throw error;
    }
  };
}

console.log(`frames: ${frames.length} generated (mixed protocols, some truncated), ${ROUNDS} rounds each`);
for (const [name, expression] of Object.entries(EXPRESSIONS)) {
  const compiled = compileBpf(expression);
  if (!compiled.ok) throw new Error(compiled.message);
  const closures = measure(compiled.match);
  const tree = measure(interpreted(expression));
  console.log(`${name} "${expression}": closures ${(closures.perSecond / 1e6).toFixed(1)} M evaluations/s (${closures.matched} of ${frames.length} frames match)`);
  console.log(`${name} "${expression}": interpreter ${(tree.perSecond / 1e6).toFixed(1)} M evaluations/s, closures ${(closures.perSecond / tree.perSecond).toFixed(2)}x faster`);
}
