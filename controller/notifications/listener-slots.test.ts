import { expect, it } from "vitest";
import { ListenerSlots } from "./listener-slots";

const CONTROLLER = { kind: "controller" } as const;
const project = (projectId: string) => ({ kind: "project", projectId }) as const;

function taken(slot: ReturnType<ListenerSlots["take"]>): () => void {
  if ("refused" in slot) throw new Error(slot.refused);
  return slot.release;
}

it("refuses past the total, whatever the scope, until a listener leaves", () => {
  const slots = new ListenerSlots({ total: 3, perProject: 3 });
  const releases = [taken(slots.take(CONTROLLER)), taken(slots.take(project("a"))), taken(slots.take(project("b")))];
  for (const scope of [CONTROLLER, project("a"), project("c")]) {
    expect(slots.take(scope)).toEqual({
      refused: "Too many notification listeners: at most 3 at once (--max-notification-listeners)",
    });
  }
  releases[1]!();
  releases[1]!();
  taken(slots.take(project("c")));
  expect("refused" in slots.take(CONTROLLER)).toBe(true);
});

it("refuses past the limit of one project while others still get theirs", () => {
  const slots = new ListenerSlots({ total: 10, perProject: 2 });
  const first = taken(slots.take(project("a")));
  taken(slots.take(project("a")));
  expect(slots.take(project("a"))).toEqual({
    refused: "Too many notification listeners on this project: at most 2 (--max-notification-listeners-per-project)",
  });
  taken(slots.take(project("b")));
  taken(slots.take(CONTROLLER));
  first();
  taken(slots.take(project("a")));
});

it("words a refusal short enough for a WebSocket close frame, however large the limits", () => {
  const slots = new ListenerSlots({ total: 1_000_000_000, perProject: 0 });
  const refusal = slots.take(project("00000000-0000-4000-8000-000000000000"));
  expect("refused" in refusal && new TextEncoder().encode(refusal.refused).length).toBeLessThanOrEqual(123);
  const full = new ListenerSlots({ total: 0, perProject: 0 }).take(CONTROLLER);
  expect("refused" in full && new TextEncoder().encode(full.refused.replace("0", "1000000000")).length).toBeLessThanOrEqual(123);
});
