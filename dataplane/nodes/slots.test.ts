import { describe, expect, it } from "vitest";
import { Slots } from "./slots";

describe("slots", () => {
  it("runs at most their number at once, the others in arrival order, and frees a slot on failure", async () => {
    const slots = new Slots(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) =>
        slots.run(async () => {
          order.push(index);
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running--;
          if (index === 1) throw new Error("failed");
          return index;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
  });
});
