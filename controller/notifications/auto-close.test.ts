import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ProjectAutoClose } from "./auto-close";
import { ListenerSlots } from "./listener-slots";

const P = { kind: "project", projectId: "p" } as const;
const Q = { kind: "project", projectId: "q" } as const;

describe("ProjectAutoClose with ListenerSlots", () => {
  let closed: string[];
  let slots: ListenerSlots;
  beforeEach(() => {
    vi.useFakeTimers();
    closed = [];
    slots = new ListenerSlots({ total: 10, perProject: 5 }, new ProjectAutoClose(5000, async (projectId) => void closed.push(projectId)));
  });
  afterEach(() => vi.useRealTimers());

  const take = (scope: typeof P | typeof Q | { kind: "controller" }) => {
    const slot = slots.take(scope);
    if ("refused" in slot) throw new Error(slot.refused);
    return slot;
  };

  it("closes a project the delay after its last listener left, not before", () => {
    const first = take(P);
    const second = take(P);
    first.release();
    vi.advanceTimersByTime(10_000);
    expect(closed).toEqual([]);
    second.release();
    second.release();
    vi.advanceTimersByTime(4_999);
    expect(closed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(closed).toEqual(["p"]);
  });

  it("forgets the timer when a listener comes back, and counts projects apart", () => {
    take(P).release();
    take(Q).release();
    vi.advanceTimersByTime(3_000);
    const back = take(P);
    vi.advanceTimersByTime(10_000);
    expect(closed).toEqual(["q"]);
    back.release();
    vi.advanceTimersByTime(5_000);
    expect(closed).toEqual(["q", "p"]);
  });

  it("ignores the controller stream's listeners", () => {
    take({ kind: "controller" }).release();
    vi.advanceTimersByTime(10_000);
    expect(closed).toEqual([]);
  });
});
