import { describe, expect, it } from "vitest";
import { withConflictRetry } from "./conflict-retry";
import { KvConflict } from "./kv";

describe("withConflictRetry", () => {
  it("runs the step again after a conflict, telling it which attempt it is", async () => {
    const attempts: number[] = [];
    const result = await withConflictRetry(async (attempt) => {
      attempts.push(attempt);
      if (attempt < 3) throw new KvConflict("ports/x");
      return "won";
    });
    expect(result).toBe("won");
    expect(attempts).toEqual([1, 2, 3]);
  });

  it("throws the last conflict once the attempts are spent", async () => {
    let calls = 0;
    const failing = withConflictRetry(async () => {
      calls++;
      throw new KvConflict("ports/x");
    }, 4);
    await expect(failing).rejects.toBeInstanceOf(KvConflict);
    expect(calls).toBe(4);
  });

  it("does not retry any other error", async () => {
    let calls = 0;
    const failing = withConflictRetry(async () => {
      calls++;
      throw new Error("not a conflict");
    });
    await expect(failing).rejects.toThrow("not a conflict");
    expect(calls).toBe(1);
  });
});
