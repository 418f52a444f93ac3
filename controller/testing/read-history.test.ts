import { describe, expect, it } from "vitest";
import { ReadHistory } from "./read-history";

describe("the read history", () => {
  it("accepts the state of the last answered write, or of one still in flight", () => {
    const history = new ReadHistory();
    const create = history.sent("n", { value: 1 });
    history.answered(create);
    const update = history.sent("n", { value: 2 });
    const readStart = history.now();
    history.check("n", readStart, history.now(), { value: 1 }, "GET");
    history.check("n", readStart, history.now(), { value: 2 }, "GET");
    history.answered(update);
    expect(history.staleReads()).toEqual([]);
  });

  it("flags a read that missed a write answered before it began", () => {
    const history = new ReadHistory();
    history.answered(history.sent("l", { value: "made" }));
    const start = history.now();
    history.check("l", start, history.now(), { absent: true }, "GET links");
    expect(history.staleReads()).toEqual([{ item: "l", read: "GET links", saw: "absent", allowed: ['"made"'] }]);
  });

  it("flags a read of a write sent only after it answered", () => {
    const history = new ReadHistory();
    const start = history.now();
    const end = history.now();
    history.answered(history.sent("d", { value: 5 }));
    history.check("d", start, end, { value: 5 }, "GET drawings");
    expect(history.staleReads()).toHaveLength(1);
  });

  it("forgets a refused write", () => {
    const history = new ReadHistory();
    history.answered(history.sent("n", { value: 1 }));
    const refused = history.sent("n", { value: 2 });
    history.refused("n", refused);
    const start = history.now();
    history.check("n", start, history.now(), { value: 2 }, "GET");
    expect(history.staleReads()).toHaveLength(1);
  });

  it("lets a read that began before a creation was learned miss it, and no later one", () => {
    const history = new ReadHistory();
    const early = history.now();
    history.learned("n", { value: 0 });
    const late = history.now();
    history.check("n", early, history.now(), { absent: true }, "GET early");
    history.check("n", late, history.now(), { absent: true }, "GET late");
    expect(history.staleReads().map((stale) => stale.read)).toEqual(["GET late"]);
  });
});
