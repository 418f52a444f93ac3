import { describe, expect, it } from "vitest";
import { chartCeiling, formatQuantity, polylinePoints } from "./chart-geometry";

describe("polylinePoints", () => {
  it("places the window's values left to right and bottom to top, clipping above the ceiling", () => {
    const frame = { now: 10_000, windowMs: 10_000, width: 100, height: 50, ceiling: 10 };
    const points = [{ at: -1, value: 3 }, { at: 0, value: 0 }, { at: 5000, value: 5 }, { at: 10_000, value: 20 }, { at: 10_001, value: 1 }];
    expect(polylinePoints(points, frame)).toBe("0,50 50,25 100,0");
  });
});

describe("chartCeiling", () => {
  it.each([
    [[], 1], [[0, 0.5], 1], [[1.5], 2], [[3], 5], [[7], 10], [[10], 10], [[180, 12], 200], [[501], 1000], [[95000], 100000],
  ])("%j → %d", (values, ceiling) => expect(chartCeiling(values)).toBe(ceiling));
});

describe("formatQuantity", () => {
  it.each([
    [0, "frames/s", "0 frames/s"], [0.5, "frames/s", "0.5 frames/s"], [12.34, "frames/s", "12.3 frames/s"], [950, "bit/s", "950 bit/s"],
    [1500, "bit/s", "1.5 kbit/s"], [2_345_678, "bit/s", "2.35 Mbit/s"], [123_456_789_000, "bit/s", "123 Gbit/s"],
  ])("%d %s → %s", (value, unit, text) => expect(formatQuantity(value, unit)).toBe(text));
});
