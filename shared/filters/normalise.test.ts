import { describe, expect, it } from "vitest";
import { normaliseFilters, sameFilters } from "./normalise";

describe("normaliseFilters", () => {
  it.each([
    [{ frequency_drop: [5] }, { frequency_drop: [5] }],
    [{ frequency_drop: [-1] }, { frequency_drop: [-1] }],
    [{ packet_loss: [0], delay: [20] }, { delay: [20] }],
    [{ delay: [0, 50] }, {}],
    [{ delay: [] }, {}],
    [{ delay: [100, 10] }, { delay: [100, 10] }],
    [{ delay: ["100"] }, { delay: [100] }],
    [{ delay: [" 100 "] }, { delay: [100] }],
    [{ latency: [100] }, { latency: [100] }],
    [{ corrupt: [100] }, { corrupt: [100] }],
    [{ packet_loss: [0] }, {}],
    [{ bpf: ["\n icmp[icmptype] == 8\nudp port 53 \n"] }, { bpf: ["icmp[icmptype] == 8\nudp port 53"] }],
    [{ bpf: [""] }, {}],
    [{ bpf: ["  \n "] }, {}],
    [{}, {}],
  ])("normalises %j to %j", (raw, expected) => {
    expect(normaliseFilters(raw)).toEqual({ ok: true, filters: expected });
  });

  it("keeps the client's key order, which is the order the filters apply in", () => {
    const result = normaliseFilters({ packet_loss: [50], delay: [100], frequency_drop: [3] });
    expect(result.ok && Object.keys(result.filters)).toEqual(["packet_loss", "delay", "frequency_drop"]);
  });

  it.each([
    [{ frequency_drop: [-2] }, "Filter 'frequency_drop' Frequency must be between -1 and 32767 th packet, got -2"],
    [{ frequency_drop: [32768] }, "between -1 and 32767"],
    [{ packet_loss: [101] }, "Filter 'packet_loss' Chance must be between 0 and 100 %, got 101"],
    [{ packet_loss: [-1] }, "between 0 and 100"],
    [{ corrupt: [150] }, "Filter 'corrupt' Chance must be between 0 and 100 %, got 150"],
    [{ delay: [-100] }, "Filter 'delay' Latency must be between 0 and 32767 ms, got -100"],
    [{ delay: [100, -5] }, "Filter 'delay' Jitter (-/+) must be between 0 and 32767 ms, got -5"],
    [{ delay: [100, 40000] }, "Jitter (-/+) must be between 0 and 32767 ms"],
    [{ latency: [40000] }, "Filter 'latency' Latency must be between 0 and 32767 ms"],
    [{ delay: [1.7] }, "Filter 'delay' Latency must be an integer, got 1.7"],
    [{ delay: ["abc"] }, "Filter 'delay' Latency must be an integer, got \"abc\""],
    [{ delay: [true] }, "must be an integer, got true"],
    [{ delay: [null] }, "must be an integer, got null"],
    [{ delay: [[1]] }, "must be an integer, got [1]"],
    [{ delay: 100 }, "Filter 'delay' must be a list of values"],
    [{ delay: "100" }, "Filter 'delay' must be a list of values"],
    [{ frequency_drop: [1, 2, 3] }, "Filter 'frequency_drop' takes 1 value (Frequency), got 3"],
    [{ delay: [1, 2, 3] }, "Filter 'delay' takes 1 to 2 values (Latency, Jitter (-/+)), got 3"],
    [{ bpf: [5] }, "Filter 'bpf' Filters must be text"],
    [{ bpf: ["icmp", "EN10MB"] }, "Filter 'bpf' takes 1 value (Filters), got 2"],
    [{ jitter: [5] }, "Unknown filter 'jitter': expected one of frequency_drop, packet_loss, delay, corrupt, bpf, latency"],
    [{ constructor: [5] }, "Unknown filter 'constructor'"],
    [{ delay: [10], latency: [20] }, "Filters 'delay' and 'latency' are the same filter: send only one of them"],
    [[1], "filters must be an object"],
    [null, "filters must be an object"],
  ])("rejects %j", (raw, message) => {
    const result = normaliseFilters(raw);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain(message);
  });

  it("checks every BPF line with the given compiler and names the line", () => {
    const check = (line: string) => (line.includes("((") ? "syntax error at column 1" : null);
    expect(normaliseFilters({ bpf: ["icmp\narp"] }, check)).toEqual({ ok: true, filters: { bpf: ["icmp\narp"] } });
    const bad = normaliseFilters({ bpf: ["icmp\n(( nope"] }, check);
    expect(bad).toEqual({ ok: false, message: "Filter 'bpf' line 2 ('(( nope'): syntax error at column 1" });
    const blank = normaliseFilters({ bpf: ["icmp\n\narp"] }, check);
    expect(blank).toEqual({ ok: false, message: "Filter 'bpf' line 2 is empty: put one expression per line" });
  });
});

describe("sameFilters", () => {
  it("compares filter sets regardless of key order", () => {
    expect(sameFilters({ delay: [1], corrupt: [2] }, { corrupt: [2], delay: [1] })).toBe(true);
    expect(sameFilters({ delay: [1] }, { delay: [1, 0] })).toBe(false);
    expect(sameFilters({ delay: [1] }, {})).toBe(false);
  });
});

describe("normaliseFilters: extended types and one direction", () => {
  it.each([
    [{ rate: [10_000] }, { rate: [10_000] }],
    [{ rate: [64, 10, 0] }, { rate: [64, 10, 0] }],
    [{ rate: [0, 100] }, {}],
    [{ duplicate: [5] }, { duplicate: [5] }],
    [{ delay: [30], reorder: [25, 5] }, { delay: [30], reorder: [25, 5] }],
    [{ loss_burst: [25, 2500, 10_000, 0] }, { loss_burst: [25, 2500, 10_000, 0] }],
    [{ "delay:a_to_b": [30], "delay:b_to_a": [5] }, { "delay:a_to_b": [30], "delay:b_to_a": [5] }],
    [{ "latency:b_to_a": ["20"] }, { "latency:b_to_a": [20] }],
    [{ "bpf:a_to_b": [" icmp "] }, { "bpf:a_to_b": ["icmp"] }],
    [{ "suspend:a_to_b": [1] }, { "suspend:a_to_b": [1] }],
    [{ "suspend:b_to_a": [0] }, {}],
    // The Qt GUI sends every listed entry, the untouched ones at 0: they vanish.
    [{ delay: [0, 0], "delay:a_to_b": [30, 0], "delay:b_to_a": [0, 0], rate: [0, 0, 0] }, { "delay:a_to_b": [30, 0] }],
    [{ "delay:a_to_b": [30], "reorder:a_to_b": [10] }, { "delay:a_to_b": [30], "reorder:a_to_b": [10] }],
  ])("normalises %j to %j", (raw, expected) => {
    expect(normaliseFilters(raw)).toEqual({ ok: true, filters: expected });
  });

  it.each([
    [{ rate: [1_000_001] }, "Filter 'rate' Rate must be between 0 and 1000000 kbit/s, got 1000001"],
    [{ rate: [64, -1] }, "Filter 'rate' Queue (packets) must be between 0 and 1000000 packets, got -1"],
    [{ rate: [64, 1, 1, 1] }, "Filter 'rate' takes 1 to 3 values (Rate, Queue (packets), Queue (bytes)), got 4"],
    [{ duplicate: [101] }, "Filter 'duplicate' Chance must be between 0 and 100 %, got 101"],
    [{ loss_burst: [25, 2500] }, "Filter 'loss_burst' takes 4 values (p (good to bad), r (bad to good), 1-h (loss when bad), 1-k (loss when good)), got 2"],
    [{ loss_burst: [25, 2500, 10_001, 0] }, "Filter 'loss_burst' 1-h (loss when bad) must be between 0 and 10000 /10000, got 10001"],
    [{ reorder: [25] }, "Filter 'reorder' sends packets ahead of delayed ones, so it needs a delay on a_to_b: add 'delay' or 'delay:a_to_b'"],
    [{ "delay:a_to_b": [30], reorder: [25] }, "Filter 'reorder' sends packets ahead of delayed ones, so it needs a delay on b_to_a: add 'delay' or 'delay:b_to_a'"],
    [{ delay: [10], "delay:a_to_b": [30] }, "Filters 'delay' and 'delay:a_to_b' both apply to a_to_b: give each direction one 'delay' (for example 'delay:a_to_b' and 'delay:b_to_a')"],
    [{ "latency:b_to_a": [10], "delay:b_to_a": [30] }, "Filters 'latency:b_to_a' and 'delay:b_to_a' are the same filter: send only one of them"],
    [{ suspend: [1] }, "Filter 'suspend' applies to one direction: send 'suspend:a_to_b' or 'suspend:b_to_a'"],
    [{ "suspend:a_to_b": [2] }, "Filter 'suspend:a_to_b' Suspended must be between 0 and 1 (1 = yes), got 2"],
    [{ "delay:c_to_d": [5] }, "Unknown filter 'delay:c_to_d'"],
    [{ "delay:": [5] }, "Unknown filter 'delay:'"],
    [{ "jitter:a_to_b": [5] }, "Unknown filter 'jitter:a_to_b'"],
    [{ "packet_loss:a_to_b": [1.5] }, "Filter 'packet_loss:a_to_b' Chance must be an integer, got 1.5"],
  ])("rejects %j", (raw, message) => {
    const result = normaliseFilters(raw);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain(message);
  });
});
