/**
 * `bpf`: one pcap-filter expression per line; a frame matching any line is dropped. Lines are
 * compiled once per chain change and the compiled matchers (pure functions) are shared by
 * both directions. Blank lines are ignored.
 */
import { compileBpf, type Matcher } from "@shared/bpf/index";
import { dropVerdict, PASS, type Filter, type FilterDefinition, type Verdict } from "./filter";

const DROP = dropVerdict("bpf");

class Bpf implements Filter {
  constructor(private readonly matchers: readonly Matcher[]) {}

  process(frame: Uint8Array): Verdict {
    for (const match of this.matchers) {
      if (match(frame)) return DROP;
    }
    return PASS;
  }
}

export const bpf: FilterDefinition = {
  prepare(spec) {
    if (spec.numbers.length > 0) return { ok: false, message: `Filter 'bpf' takes text only, got ${spec.numbers.length} numbers` };
    const lines = spec.text
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "");
    if (lines.length === 0) return { ok: false, message: "Filter 'bpf' needs at least one expression" };
    const matchers: Matcher[] = [];
    for (const line of lines) {
      const compiled = compileBpf(line);
      if (!compiled.ok) {
        return { ok: false, message: `BPF expression '${line}' does not compile: ${compiled.message} (column ${compiled.position})` };
      }
      matchers.push(compiled.match);
    }
    return { ok: true, instantiate: () => new Bpf(matchers) };
  },
};
