import { describe, expect, it } from "vitest";
import { filtersInWords, linkState } from "./link-words";

describe("filtersInWords", () => {
  it.each([
    [{ delay: [50, 5], packet_loss: [2] }, "delay 50 ± 5 ms, loss 2 %"],
    [{ delay: [50] }, "delay 50 ms"],
    [{ delay: [50, 0] }, "delay 50 ms"],
    [{ latency: [10, 2] }, "delay 10 ± 2 ms"],
    [{ frequency_drop: [3] }, "drop every 3rd frame"],
    [{ frequency_drop: [11] }, "drop every 11th frame"],
    [{ frequency_drop: [22] }, "drop every 22nd frame"],
    [{ frequency_drop: [-1] }, "drop all"],
    [{ corrupt: [7] }, "corrupt 7 %"],
    [{ bpf: ["icmp"] }, 'drop "icmp"'],
    [{ bpf: ["icmp\nudp port 53\n"] }, "drop 2 BPF rules"],
    [{ rate: [512, 0, 0] }, "rate 512 kbit/s"],
    [{ duplicate: [5] }, "duplicate 5 %"],
    [{ reorder: [25, 5] }, "reorder 25 % (gap 5)"],
    [{ loss_burst: [100, 2000, 10000, 0] }, "burst loss p 100/10000, r 2000/10000"],
    [{ brand_new: [1, 2] }, "brand_new 1 2"],
    [{}, ""],
  ])("%j reads %s", (filters, words) => {
    expect(filtersInWords(filters)).toBe(words);
  });

  it("names the ends of a one-direction filter, the first end being a", () => {
    const ends = { a: "PC1", b: "PC2" };
    expect(filtersInWords({ "delay:a_to_b": [20], "suspend:b_to_a": [1] }, ends)).toBe("delay 20 ms (PC1 → PC2 only), suspended (PC2 → PC1 only)");
    expect(filtersInWords({ "packet_loss:b_to_a": [3] }, { a: "b-side", b: "a-side" })).toBe("loss 3 % (a-side → b-side only)");
  });
});

describe("linkState", () => {
  const link = { suspend: false, capturing: false, filters: {} };
  it("is clean without filters, filtered with some, capturing over that, suspended over all", () => {
    expect(linkState(link)).toBe("clean");
    expect(linkState({ ...link, filters: { packet_loss: [5] } })).toBe("filtered");
    expect(linkState({ ...link, filters: { packet_loss: [5] }, capturing: true })).toBe("capturing");
    expect(linkState({ ...link, filters: { packet_loss: [5] }, capturing: true, suspend: true })).toBe("suspended");
  });
});
