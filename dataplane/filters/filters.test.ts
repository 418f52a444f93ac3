/** Each filter alone, frame by frame, with a seeded generator (no sockets: see link-relay.test.ts). */
import { describe, expect, it } from "vitest";
import { FILTER_CATALOGUE } from "@shared/filters/catalogue";
import { bpf } from "./bpf";
import { corrupt, corruptedRange } from "./corrupt";
import { delay } from "./delay";
import type { Filter, FilterDefinition, FilterSpec, Verdict } from "./filter";
import { frequencyDrop } from "./frequency-drop";
import { packetLoss } from "./packet-loss";
import { Sfc32 } from "./random";
import { filterDefinition } from "./registry";
import { binomialBounds, bpfSpec, spec } from "./testing";

function build(definition: FilterDefinition, filterSpec: FilterSpec, seed = 1): Filter {
  const prepared = definition.prepare(filterSpec);
  if (!prepared.ok) throw new Error(prepared.message);
  return prepared.instantiate(new Sfc32(seed));
}

function kinds(filter: Filter, frames: number, frame = new Uint8Array(60)): string[] {
  const out: string[] = [];
  for (let i = 0; i < frames; i++) out.push(filter.process(frame, 0).kind);
  return out;
}

function dropShare(filter: Filter, frames: number): number {
  return kinds(filter, frames).filter((kind) => kind === "drop").length;
}

describe("registry", () => {
  it("implements every catalogue type and the legacy name latency", () => {
    for (const descriptor of FILTER_CATALOGUE) expect(filterDefinition(descriptor.type)).toBeDefined();
    expect(filterDefinition("latency")).toBe(delay);
    expect(filterDefinition("toString")).toBeUndefined();
    expect(filterDefinition("jitter")).toBeUndefined();
  });
});

describe("frequency_drop", () => {
  it("drops frames N, 2N, 3N…", () => {
    const result = kinds(build(frequencyDrop, spec("frequency_drop", 3)), 9);
    expect(result).toEqual(["pass", "pass", "drop", "pass", "pass", "drop", "pass", "pass", "drop"]);
  });

  it("drops everything at -1 and 1, nothing at 0", () => {
    expect(dropShare(build(frequencyDrop, spec("frequency_drop", -1)), 10)).toBe(10);
    expect(dropShare(build(frequencyDrop, spec("frequency_drop", 1)), 10)).toBe(10);
    expect(dropShare(build(frequencyDrop, spec("frequency_drop", 0)), 10)).toBe(0);
  });

  it("refuses values outside the catalogue bounds or arity", () => {
    expect(frequencyDrop.prepare(spec("frequency_drop", -2))).toEqual({
      ok: false,
      message: "Filter 'frequency_drop' Frequency must be between -1 and 32767 th packet, got -2",
    });
    expect(frequencyDrop.prepare(spec("frequency_drop", 1, 2))).toEqual({
      ok: false,
      message: "Filter 'frequency_drop' takes 1 value (Frequency), got 2",
    });
    expect(frequencyDrop.prepare(spec("frequency_drop", 1.5)).ok).toBe(false);
  });
});

describe("packet_loss", () => {
  it("drops P % of frames, not P+1 %", () => {
    for (const percent of [1, 10, 50, 99]) {
      const { low, high } = binomialBounds(100_000, percent / 100);
      const dropped = dropShare(build(packetLoss, spec("packet_loss", percent), percent), 100_000);
      expect(dropped).toBeGreaterThan(low);
      expect(dropped).toBeLessThan(high);
    }
  });

  it("drops none at 0 and all at 100", () => {
    expect(dropShare(build(packetLoss, spec("packet_loss", 0)), 10_000)).toBe(0);
    expect(dropShare(build(packetLoss, spec("packet_loss", 100)), 10_000)).toBe(10_000);
    expect(packetLoss.prepare(spec("packet_loss", 101)).ok).toBe(false);
  });
});

describe("delay", () => {
  it("stamps now + L without jitter", () => {
    const filter = build(delay, spec("delay", 100));
    expect(filter.process(new Uint8Array(60), 5.5)).toEqual({ kind: "delay", until: 105.5 });
  });

  it("spreads whole milliseconds uniformly over [L − J, L + J]", () => {
    const filter = build(delay, spec("delay", 10, 3));
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) {
      const verdict = filter.process(new Uint8Array(60), 0) as Extract<Verdict, { kind: "delay" }>;
      seen.add(verdict.until);
    }
    expect([...seen].sort((x, y) => x - y)).toEqual([7, 8, 9, 10, 11, 12, 13]);
  });

  it("clamps at 0 when the jitter exceeds the latency", () => {
    const filter = build(delay, spec("delay", 2, 5));
    for (let i = 0; i < 200; i++) {
      const verdict = filter.process(new Uint8Array(60), 0) as Extract<Verdict, { kind: "delay" }>;
      expect(verdict.until).toBeGreaterThanOrEqual(0);
      expect(verdict.until).toBeLessThanOrEqual(7);
    }
  });
});

describe("corrupt", () => {
  it("computes ubridge's slice: 60 → 24…38, 1514 → 569…946, 42 → 17…26", () => {
    expect(corruptedRange(60)).toEqual({ start: 24, end: 39 });
    expect(corruptedRange(1514)).toEqual({ start: 569, end: 947 });
    expect(corruptedRange(42)).toEqual({ start: 17, end: 27 });
  });

  it("never touches the Ethernet header, even of short frames", () => {
    expect(corruptedRange(30)).toEqual({ start: 14, end: 20 });
    expect(corruptedRange(3).start).toBeGreaterThanOrEqual(corruptedRange(3).end);
    expect(corruptedRange(0).start).toBeGreaterThanOrEqual(corruptedRange(0).end);
  });

  it("XORs a copy with the pattern, continuing across frames, leaving the input intact", () => {
    const filter = build(corrupt, spec("corrupt", 100));
    const frame = new Uint8Array(60);
    const first = filter.process(frame, 0) as Extract<Verdict, { kind: "corrupt" }>;
    const firstCopy = Uint8Array.from(first.frame);
    expect(frame.every((byte) => byte === 0)).toBe(true);
    expect([...firstCopy.subarray(24, 39)]).toEqual([0x64, 0x13, 0x88, 0x40, 0x1f, 0xa0, 0xaa, 0x55, 0x64, 0x13, 0x88, 0x40, 0x1f, 0xa0, 0xaa]);
    expect(firstCopy.subarray(0, 24).every((byte) => byte === 0) && firstCopy.subarray(39).every((byte) => byte === 0)).toBe(true);
    const second = filter.process(frame, 0) as Extract<Verdict, { kind: "corrupt" }>;
    expect(second.frame[24]).toBe(0x55);
  });

  it("corrupts P % of frames", () => {
    const { low, high } = binomialBounds(50_000, 0.3);
    const corrupted = kinds(build(corrupt, spec("corrupt", 30)), 50_000).filter((kind) => kind === "corrupt").length;
    expect(corrupted).toBeGreaterThan(low);
    expect(corrupted).toBeLessThan(high);
  });
});

describe("bpf", () => {
  const arp = Uint8Array.from([...new Array(12).fill(0xff), 0x08, 0x06, ...new Array(28).fill(0)]);
  const ipv4 = Uint8Array.from([...new Array(12).fill(0), 0x08, 0x00, 0x45, ...new Array(45).fill(0)]);

  it("drops frames matching any line, ignoring blank lines", () => {
    const filter = build(bpf, bpfSpec("arp\n\n  ether broadcast \n"));
    expect(filter.process(arp, 0).kind).toBe("drop");
    expect(filter.process(ipv4, 0).kind).toBe("pass");
    expect(build(bpf, bpfSpec("ip")).process(ipv4, 0).kind).toBe("drop");
  });

  it("does not crash on empty or truncated frames", () => {
    const filter = build(bpf, bpfSpec("udp port 53\nip[0] = 0x45"));
    expect(filter.process(new Uint8Array(0), 0).kind).toBe("pass");
    expect(filter.process(ipv4.subarray(0, 14), 0).kind).toBe("pass");
  });

  it("refuses expressions that do not compile, naming the line", () => {
    const prepared = bpf.prepare(bpfSpec("arp\nthis is (( not bpf"));
    expect(prepared.ok).toBe(false);
    expect(!prepared.ok && prepared.message).toMatch(/^BPF expression 'this is \(\( not bpf' does not compile: .+ \(column \d+\)$/);
    expect(bpf.prepare(bpfSpec(" \n "))).toEqual({ ok: false, message: "Filter 'bpf' needs at least one expression" });
  });
});
