import { describe, expect, it } from "vitest";
import { NodeKind, type LinkSpec, type NodeSpec } from "@shared/proto";
import type { HostState, LeftOut } from "./desired-state";
import { SentState } from "./sent-state";

const node = (nodeId: string, name = nodeId, projectId = "p"): NodeSpec => ({
  nodeId, projectId, name, kind: NodeKind.ETHERNET_HUB, running: true, consolePort: 0, ports: [], startupScript: "", restartGeneration: 0, suspended: false, qemu: null, docker: null, dynamips: null,
});
const link = (linkId: string, suspended = false): LinkSpec => ({
  linkId, projectId: "p", a: { nodeId: "n1", adapterNumber: 0, portNumber: 0, local: true }, b: { nodeId: "n2", adapterNumber: 0, portNumber: 0, local: true }, filters: [], suspended, tunnel: null, capture: null,
});
const state = (nodes: NodeSpec[], links: LinkSpec[], leftOut: LeftOut[] = []): HostState => ({ nodes, links, leftOut });
const scope = (nodes: string[], links: string[]) => new Map([["p", { nodes: new Set(nodes), links: new Set(links) }]]);

describe("what a host was sent", () => {
  it("sends everything first, then only the specs that differ, built again or not", () => {
    const sent = new SentState();
    expect(sent.update(state([node("n1"), node("n2")], [link("l1")]), "all")).toEqual({ nodes: [node("n1"), node("n2")], links: [link("l1")], removedNodes: [], removedLinks: [] });
    expect(sent.update(state([node("n1"), node("n2")], [link("l1")]), "all")).toEqual({ nodes: [], links: [], removedNodes: [], removedLinks: [] });
    expect(sent.update(state([node("n1", "renamed")], [link("l1", true)]), scope(["n1"], ["l1"]))).toEqual({ nodes: [node("n1", "renamed")], links: [link("l1", true)], removedNodes: [], removedLinks: [] });
  });

  it("takes an item of the scope that was not built as gone, and leaves the items out of the scope alone", () => {
    const sent = new SentState();
    sent.update(state([node("n1"), node("n2")], [link("l1"), link("l2")]), "all");
    expect(sent.update(state([], []), scope(["n2"], ["l1"]))).toEqual({ nodes: [], links: [], removedNodes: [{ projectId: "p", id: "n2" }], removedLinks: [{ projectId: "p", id: "l1" }] });
    expect([...sent.nodes.keys()]).toEqual(["p/n1"]);
    expect([...sent.links.keys()]).toEqual(["p/l2"]);
    // A whole state: whatever it lacks is gone.
    expect(sent.update(state([node("n1")], []), "all")).toEqual({ nodes: [], links: [], removedNodes: [], removedLinks: [{ projectId: "p", id: "l2" }] });
  });

  it("keeps what the states leave out, item by item", () => {
    const sent = new SentState();
    const vm: LeftOut = { kind: "node", id: "vm", projectId: "p", reason: "no image" };
    const cable: LeftOut = { kind: "link", id: "l9", projectId: "p", reason: "waiting for h2" };
    sent.update(state([], [], [vm, cable]), "all");
    expect(sent.leftOut).toEqual([vm, cable]);
    sent.update(state([node("vm")], []), scope(["vm"], []));
    expect(sent.leftOut).toEqual([cable]);
    sent.update(state([], []), "all");
    expect(sent.leftOut).toEqual([]);
  });
});
