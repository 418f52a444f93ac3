/**
 * The `bpf` link filter's expression language: libpcap's pcap-filter(7) for Ethernet
 * links, compiled to a JavaScript predicate without native code, so the same module
 * validates expressions in the controller (Node or Workers) and runs them in the dataplane.
 *
 * Semantics are libpcap 1.10's with an unknown netmask and no name resolution, as in
 * ubridge: primitives that need a netmask (`ip broadcast`) or a host/network name lookup
 * are refused with a message; well-known service names (`port http`) come from a built-in
 * table. The differential test in this folder checks every construct against tcpdump.
 */
import { generate } from "./codegen";
import type { Decision } from "./decision";
import { buildDecision, reachesMatch, TooLarge } from "./decision";
import { BpfError } from "./errors";
import type { Matcher } from "./evaluate";
import { decisionMatcher, toMatcher } from "./evaluate";
import { parse } from "./parser";

export type { Matcher } from "./evaluate";
export { BpfError } from "./errors";

export type BpfCompileResult =
  | { ok: true; match: Matcher }
  | { ok: false; message: string; position: number };

/**
 * Compiles one expression. `match(frame, wireLength?)` answers whether the frame matches;
 * `wireLength` (what `len`, `less` and `greater` see) defaults to the frame's length.
 * On failure, `position` is the 1-based column the message points at.
 */
export function compileBpf(expression: string): BpfCompileResult {
  try {
    const pred = generate(parse(expression));
    let decision: Decision | undefined;
    try {
      decision = buildDecision(pred);
    } catch (error) {
      if (!(error instanceof TooLarge)) throw error;
    }
    if (decision === undefined) return { ok: true, match: toMatcher(pred) };
    if (!reachesMatch(decision)) return { ok: false, message: "expression rejects all packets", position: 1 };
    return { ok: true, match: decisionMatcher(decision) };
  } catch (error) {
    if (error instanceof BpfError) return { ok: false, message: error.message, position: error.position };
    throw error;
  }
}

/** `null` when the line compiles, else the message to show the user. */
export function checkBpfLine(line: string): string | null {
  const result = compileBpf(line);
  return result.ok ? null : result.message;
}
