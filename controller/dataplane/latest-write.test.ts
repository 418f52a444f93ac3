import { describe, expect, it } from "vitest";
import { LatestWrite } from "./latest-write";

describe("the newest value's write", () => {
  it("writes the first value at once and only the newest of those given meanwhile", async () => {
    const written: number[] = [];
    let release: () => void = () => {};
    const writer = new LatestWrite<number>(
      (value) => {
        written.push(value);
        return value === 1 ? new Promise((done) => (release = done)) : Promise.resolve();
      },
      () => {},
    );
    writer.set(1);
    for (const value of [2, 3, 4]) writer.set(value);
    expect(written).toEqual([1]);
    release();
    await writer.settled();
    expect(written).toEqual([1, 4]);
    writer.set(5);
    await writer.settled();
    expect(written).toEqual([1, 4, 5]);
  });

  it("tells a failed write and goes on with the next value", async () => {
    const failures: Array<[string, number]> = [];
    const written: number[] = [];
    const writer = new LatestWrite<number>(
      async (value) => {
        if (value === 1) throw new Error("disk full");
        written.push(value);
      },
      (error, value) => failures.push([(error as Error).message, value]),
    );
    writer.set(1);
    writer.set(2);
    await writer.settled();
    expect(failures).toEqual([["disk full", 1]]);
    expect(written).toEqual([2]);
  });
});
