import { describe, expect, it } from "vitest";
import { newDrawing } from "./drawings";
import { newLink } from "./links";
import { newNode, type NodeRecord } from "./nodes";
import { newProject } from "./projects";
import type { ImportedTopology } from "./topology";
import { withFreshIds, withoutMacAddresses } from "./topology-ids";

const PROJECT = "11111111-1111-4111-8111-111111111111";
const PC = "aaaaaaaa-0000-4000-8000-000000000001";
const VM = "aaaaaaaa-0000-4000-8000-000000000002";

function lab(): ImportedTopology {
  const node = (nodeId: string, name: string, type: "vpcs" | "qemu"): NodeRecord =>
    newNode({ name, node_type: type, compute_id: "local" }, { nodeId, projectId: PROJECT, name, console: null, hostInterfaces: [] });
  const nodes = [node(PC, "PC", "vpcs"), node(VM, "VM", "qemu")];
  const link = newLink(
    { nodes: [{ node_id: PC, adapter_number: 0, port_number: 0 }, { node_id: VM, adapter_number: 0, port_number: 0 }], filters: { delay: [10] } },
    { linkId: "bbbbbbbb-0000-4000-8000-000000000001", projectId: PROJECT, nodes: new Map(nodes.map((n) => [n.node_id, n])), portTaken: () => false },
  );
  const drawing = newDrawing({ svg: "<svg/>" }, PROJECT, "cccccccc-0000-4000-8000-000000000001");
  return { project: newProject({ name: "lab" }, PROJECT, "/p"), nodes, links: [link], drawings: [drawing] };
}

function counter() {
  let n = 0;
  return () => `eeeeeeee-0000-4000-8000-${String(++n).padStart(12, "0")}`;
}

describe("withFreshIds", () => {
  it("gives every node, link and drawing a new id, link ends following their nodes", () => {
    const original = lab();
    const { topology } = withFreshIds(original, counter());
    const [pc, vm] = topology.nodes;
    expect([pc!.node_id, vm!.node_id, topology.links[0]!.link_id, topology.drawings[0]!.drawing_id]).toEqual([1, 2, 3, 4].map((n) => `eeeeeeee-0000-4000-8000-${String(n).padStart(12, "0")}`));
    expect(topology.links[0]!.nodes.map((end) => end.node_id)).toEqual([pc!.node_id, vm!.node_id]);
    expect(topology.links[0]!.filters).toEqual(original.links[0]!.filters);
    expect({ ...pc, node_id: PC }).toEqual(original.nodes[0]);
    expect(original.nodes[0]!.node_id).toBe(PC);
  });

  it("moves a node's files to its new id, and nothing else", () => {
    const { filePath, topology } = withFreshIds(lab(), counter());
    const pc = topology.nodes[0]!.node_id;
    expect(filePath(`project-files/vpcs/${PC}/startup.vpc`)).toBe(`project-files/vpcs/${pc}/startup.vpc`);
    expect(filePath(`project-files/qemu/${PC}/disk/a.qcow2`)).toBe(`project-files/qemu/${pc}/disk/a.qcow2`);
    expect(filePath(`project-files/vpcs/${PC}`)).toBe(`project-files/vpcs/${PC}`);
    expect(filePath(`notes/${PC}/a.txt`)).toBe(`notes/${PC}/a.txt`);
    expect(filePath("project-files/vpcs/other/startup.vpc")).toBe("project-files/vpcs/other/startup.vpc");
  });
});

describe("withoutMacAddresses", () => {
  it("clears mac_address and mac_addr properties, leaving the rest", () => {
    const [pc, vm] = withoutMacAddresses(lab()).nodes;
    expect(vm!.properties).toMatchObject({ mac_address: null, adapters: 1 });
    expect(pc!.properties).toEqual(lab().nodes[0]!.properties);
  });
});
