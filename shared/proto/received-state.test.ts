import { describe, expect, it } from "vitest";
import { NodeKind, type LinkSpec, type NodeSpec, type StateChange } from "./index";
import { ReceivedState, touchedTogether } from "./received-state";

const node = (nodeId: string, name = nodeId): NodeSpec => ({
  nodeId, projectId: "p", name, kind: NodeKind.ETHERNET_HUB, running: true, consolePort: 0, ports: [], startupScript: "", restartGeneration: 0, suspended: false, qemu: null, docker: null, dynamips: null,
});
const link = (linkId: string): LinkSpec => ({
  linkId, projectId: "p", a: { nodeId: "n1", adapterNumber: 0, portNumber: 0, local: true }, b: { nodeId: "n2", adapterNumber: 0, portNumber: 0, local: true }, filters: [], suspended: false, tunnel: null, capture: null,
});
const change = (revision: number, body: Partial<StateChange>): StateChange => ({ revision, baseRevision: revision - 1, nodes: [], links: [], removedNodes: [], removedLinks: [], ...body });

describe("the state a daemon holds", () => {
  it("merges changes on top of a whole state and says what each touched", () => {
    const held = ReceivedState.of({ revision: 4, nodes: [node("n1"), node("n2")], links: [link("l1")] });
    const touched = held.apply(change(5, { nodes: [node("n2", "renamed"), node("n3")], removedLinks: [{ projectId: "p", id: "l1" }] }));
    expect(touched).toEqual({ nodes: new Set(["p/n2", "p/n3"]), links: new Set(["p/l1"]) });
    expect(held.state()).toEqual({ revision: 5, nodes: [node("n1"), node("n2", "renamed"), node("n3")], links: [] });
    expect(held.node("p/n2")?.name).toBe("renamed");
    expect(held.link("p/l1")).toBeUndefined();
  });

  it("keeps the spec objects of untouched items, so a reconciler can tell them unchanged", () => {
    const first = link("l1");
    const held = ReceivedState.of({ revision: 1, nodes: [], links: [first] });
    held.apply(change(2, { links: [link("l2")] }));
    expect(held.link("p/l1")).toBe(first);
  });

  it("refuses a change on another base and stays as it was", () => {
    const held = ReceivedState.of({ revision: 4, nodes: [node("n1")], links: [] });
    expect(held.apply({ ...change(7, {}), baseRevision: 6 })).toEqual({ refused: "a change of revision 7 is based on 6, but this host holds revision 4" });
    expect(held.state()).toEqual({ revision: 4, nodes: [node("n1")], links: [] });
  });

  it("joins what several changes touched, a whole state absorbing the rest", () => {
    expect(touchedTogether({ nodes: new Set(["a"]), links: new Set() }, { nodes: new Set(["b"]), links: new Set(["l"]) })).toEqual({ nodes: new Set(["a", "b"]), links: new Set(["l"]) });
    expect(touchedTogether({ nodes: new Set(["a"]), links: new Set() }, "all")).toBe("all");
    expect(touchedTogether("all", { nodes: new Set(["a"]), links: new Set() })).toBe("all");
  });
});
