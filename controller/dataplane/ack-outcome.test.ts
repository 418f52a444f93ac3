import { describe, expect, it } from "vitest";
import { ItemErrorKind } from "@shared/proto";
import { ackAnnouncements, ackOutcome } from "./ack-outcome";

const context = { hostId: "h1", sentRevision: 7, ackedRevision: 5, projectOfItem: new Map([["pc1", "p1"], ["l1", "p1"]]) };
const nodeError = { kind: ItemErrorKind.NODE, id: "pc1", message: "console port 5000 is already in use" };

describe("what an ack means", () => {
  it("gives its errors their project, and stops the nodes of the newest revision sent", () => {
    const outcome = ackOutcome(context, { revision: 7, errors: [nodeError, { kind: ItemErrorKind.LINK, id: "gone", message: "x" }], nodes: [] });
    expect(outcome.newest).toBe(true);
    expect(outcome.errors).toEqual([
      { kind: "node", id: "pc1", project_id: "p1", message: "console port 5000 is already in use" },
      { kind: "link", id: "gone", project_id: "", message: "x" },
    ]);
    expect(outcome.notRunning).toEqual([{ projectId: "p1", nodeId: "pc1", reason: "console port 5000 is already in use" }]);
  });

  it("stops nothing for an older revision, whose nodes a newer one may start again", () => {
    const outcome = ackOutcome(context, { revision: 6, errors: [nodeError], nodes: [] });
    expect(outcome.notRunning).toEqual([]);
    expect(outcome.newest).toBe(true);
    expect(ackOutcome(context, { revision: 4, errors: [], nodes: [] }).newest).toBe(false);
  });

  it("announces each error once, on its project, unless its node was stopped for it", () => {
    const { errors } = ackOutcome(context, { revision: 7, errors: [nodeError, { kind: ItemErrorKind.LINK, id: "l1", message: "capture stopped: disk full" }], nodes: [] });
    const announced = ackAnnouncements("h1", errors, [], new Set());
    expect(announced.map((each) => each.notification.event)).toEqual([
      { message: "Node pc1 on dataplane host h1: console port 5000 is already in use", compute_id: "h1", node_id: "pc1" },
      { message: "Link l1 on dataplane host h1: capture stopped: disk full", compute_id: "h1", link_id: "l1" },
    ]);
    expect(announced[0]!.scope).toEqual({ kind: "project", projectId: "p1" });
    expect(ackAnnouncements("h1", errors, errors, new Set())).toEqual([]);
    expect(ackAnnouncements("h1", errors, [], new Set(["pc1"])).map((each) => each.notification.event.link_id)).toEqual(["l1"]);
  });
});
