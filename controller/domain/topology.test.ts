import { describe, expect, it } from "vitest";
import { asApiError } from "../http/api-error";
import { newDrawing } from "./drawings";
import { newLink, type LinkRecord } from "./links";
import { newNode, type NodeRecord } from "./nodes";
import { newProject } from "./projects";
import { assertExportable, exportsFile, importedTopology, nodesOfOpenedProject, parseTopologyText, portableTopology, projectToTopology, type TopologyImportContext } from "./topology";

const PROJECT = "11111111-1111-4111-8111-111111111111";
const COPY = "22222222-2222-4222-8222-222222222222";
const PC1 = "aaaaaaaa-0000-4000-8000-000000000001";
const PC2 = "aaaaaaaa-0000-4000-8000-000000000002";
const SW1 = "aaaaaaaa-0000-4000-8000-000000000003";
const LINK1 = "bbbbbbbb-0000-4000-8000-000000000001";
const LINK2 = "bbbbbbbb-0000-4000-8000-000000000002";
const DRAWING = "cccccccc-0000-4000-8000-000000000001";

function lab() {
  const project = { ...newProject({ name: "lab", scene_width: 3000 }, PROJECT, "/p"), revision: 4 };
  const node = (nodeId: string, name: string, type: "vpcs" | "ethernet_switch", console: number | null): NodeRecord =>
    newNode({ name, node_type: type, compute_id: "local", x: 10, y: -20 }, { nodeId, projectId: PROJECT, name, console, hostInterfaces: [] });
  const nodes = [node(PC1, "PC1", "vpcs", 5000), node(PC2, "PC2", "vpcs", 5001), node(SW1, "SW1", "ethernet_switch", null)];
  const byId = new Map(nodes.map((n) => [n.node_id, n]));
  const link = (linkId: string, from: string, port: number, extra: object): LinkRecord =>
    newLink(
      { nodes: [{ node_id: from, adapter_number: 0, port_number: 0 }, { node_id: SW1, adapter_number: 0, port_number: port }], ...extra },
      { linkId, projectId: PROJECT, nodes: byId, portTaken: () => false },
    );
  const links = [
    link(LINK1, PC1, 1, { filters: { packet_loss: [10], delay: [50, 5], frequency_drop: [3] }, suspend: true, link_style: { width: 2, color: "#f00" } }),
    link(LINK2, PC2, 2, { filters: { corrupt: [5] } }),
  ];
  const drawings = [newDrawing({ svg: "<svg><rect/></svg>", x: 5, y: 6, z: 3, rotation: 45 }, PROJECT, DRAWING)];
  return { project, nodes, links, drawings };
}

const context: TopologyImportContext = {
  projectId: COPY,
  name: "copy",
  path: undefined,
  projectsDir: "/p",
  knownComputeIds: new Set(["local", "host-b"]),
  hostInterfaces: [],
  version: "2.2.59",
};

function exported() {
  const { project, nodes, links, drawings } = lab();
  return JSON.parse(JSON.stringify(projectToTopology(project, nodes, links, drawings, "2.2.59")));
}

function rejection(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    // Asserted as the status a client sees, which is what GNS3's behaviour is described in.
    const refusal = asApiError(error);
    if (refusal) return { status: refusal.status, message: refusal.message };
    throw error;
  }
  throw new Error("expected a rejection");
}

describe("projectToTopology", () => {
  it("writes GNS3's .gns3 document with sorted keys, filters in their stored order", () => {
    const topology = exported();
    expect(Object.keys(topology)).toEqual([
      "auto_close", "auto_open", "auto_start", "drawing_grid_size", "grid_size", "name", "project_id", "revision",
      "scene_height", "scene_width", "show_grid", "show_interface_labels", "show_layers", "snap_to_grid", "supplier",
      "topology", "type", "variables", "version", "zoom",
    ]);
    expect(topology).toMatchObject({ type: "topology", revision: 9, version: "2.2.59", project_id: PROJECT, name: "lab", scene_width: 3000 });
    expect(Object.keys(topology.topology)).toEqual(["computes", "drawings", "links", "nodes"]);
    expect(topology.topology.computes).toEqual([]);
    expect(Object.keys(topology.topology.nodes[0])).toEqual([
      "compute_id", "console", "console_auto_start", "console_type", "custom_adapters", "first_port_name", "height", "label",
      "locked", "name", "node_id", "node_type", "port_name_format", "port_segment_size", "properties", "symbol", "template_id",
      "width", "x", "y", "z",
    ]);
    const [link] = topology.topology.links;
    expect(Object.keys(link)).toEqual(["filters", "link_id", "link_style", "nodes", "suspend"]);
    expect(Object.keys(link.filters)).toEqual(["packet_loss", "delay", "frequency_drop"]);
    expect(Object.keys(link.link_style)).toEqual(["color", "width"]);
    expect(link.suspend).toBe(true);
    expect(topology.topology.drawings).toEqual([
      { drawing_id: DRAWING, locked: false, rotation: 45, svg: "<svg><rect/></svg>", x: 5, y: 6, z: 3 },
    ]);
  });

  it("moves nodes to local and clears MAC addresses only when asked, as GNS3's export does", () => {
    const topology = exported();
    topology.topology.nodes[0].compute_id = "host-b";
    topology.topology.nodes[0].properties = { mac_address: "00:11:22:33:44:55", startup_script: "ip dhcp" };
    const portable = portableTopology(topology, { keepComputeIds: false, resetMacAddresses: true });
    expect(portable.topology.nodes[0]).toMatchObject({ compute_id: "local", properties: { mac_address: null, startup_script: "ip dhcp" } });
    const kept = portableTopology(topology, { keepComputeIds: true, resetMacAddresses: false });
    expect(kept.topology.nodes[0]).toMatchObject({ compute_id: "host-b", properties: { mac_address: "00:11:22:33:44:55" } });
  });
});

describe("exportsFile", () => {
  it.each([
    ["project-files/vpcs/x/startup.vpc", false, true],
    ["notes.txt", false, true],
    ["lab.gns3", false, false],
    ["project-files/captures/a.pcap", false, false],
    ["project-files/tmp/x", false, false],
    ["project-files/qemu/x/qemu.log", false, false],
    ["project-files/vpcs/x/vpcs_log.txt", false, false],
    [".DS_Store", false, false],
    ["snapshots/one.gns3project", false, false],
    ["snapshots/one.gns3project", true, true],
  ])("%s (snapshots: %s) → %s", (path, includeSnapshots, expected) => {
    expect(exportsFile(path, { includeSnapshots })).toBe(expected);
  });
});

describe("importedTopology", () => {
  it("gives back the same nodes, links and drawings under the new project", () => {
    const { nodes, links, drawings } = lab();
    const imported = importedTopology(exported(), context);
    expect(imported.project).toMatchObject({
      project_id: COPY, name: "copy", filename: "copy.gns3", path: `/p/${COPY}`, status: "closed", scene_width: 3000,
      auto_start: false, auto_open: false, auto_close: true,
    });
    expect(imported.nodes).toEqual(nodes.map((node) => ({ ...node, project_id: COPY, console: null, status: "stopped" })));
    expect(imported.links).toEqual(links.map((link) => ({ ...link, project_id: COPY })));
    expect(Object.keys(imported.links[0]!.filters)).toEqual(["packet_loss", "delay", "frequency_drop"]);
    expect(imported.links[0]!.suspend).toBe(true);
    expect(imported.drawings).toEqual(drawings.map((drawing) => ({ ...drawing, project_id: COPY })));
  });

  it("keeps the file's name when none is asked for, and known compute ids only", () => {
    const topology = exported();
    topology.topology.nodes[0].compute_id = "host-b";
    topology.topology.nodes[1].compute_id = "gone";
    const imported = importedTopology(topology, { ...context, name: undefined });
    expect(imported.project.name).toBe("lab");
    expect(imported.nodes.map((node) => node.compute_id)).toEqual(["host-b", "local", "local"]);
  });

  it("skips link ends on missing nodes, missing ports or used ports, and drops links left short", () => {
    const topology = exported();
    const end = (node_id: string, port_number: number) => ({ node_id, adapter_number: 0, port_number });
    const MISSING = "dddddddd-0000-4000-8000-000000000000";
    topology.topology.links.push(
      { link_id: "bbbbbbbb-0000-4000-8000-000000000003", nodes: [end(MISSING, 0), end(SW1, 3)], filters: {}, link_style: {}, suspend: false },
      { link_id: "bbbbbbbb-0000-4000-8000-000000000004", nodes: [end(PC1, 7), end(SW1, 4)], filters: {}, link_style: {}, suspend: false },
      { link_id: "bbbbbbbb-0000-4000-8000-000000000005", nodes: [end(PC1, 0), end(SW1, 5)], filters: {}, link_style: {}, suspend: false },
      { nodes: [end(SW1, 6), end(SW1, 7)], filters: {}, link_style: {}, suspend: false },
    );
    expect(importedTopology(topology, context).links.map((link) => link.link_id)).toEqual([LINK1, LINK2]);
  });

  it("refuses files from a newer GNS3", () => {
    expect(rejection(() => importedTopology({ ...exported(), revision: 10 }, context))).toEqual({
      status: 409,
      message: "This project was created with more recent version of GNS3 (file revision: 10). Please upgrade GNS3 to version 2.2.59 or later",
    });
  });

  it.each([
    [(t: any) => delete t.type, "Invalid data in topology file: 'type' is a required property"],
    [(t: any) => (t.topology.nodes[0].node_type = "router"), "Invalid data in topology file: 'router' is not one of"],
    [(t: any) => (t.topology.links[0].filters = { packet_loss: [150] }), `Invalid data in topology file: link ${LINK1}: Filter 'packet_loss' Chance must be between 0 and 100 %, got 150`],
    [(t: any) => (t.topology.links[0].filters = { jitter: [1] }), `Invalid data in topology file: link ${LINK1}: Unknown filter 'jitter'`],
    [(t: any) => t.topology.nodes.push(t.topology.nodes[0]), `Invalid data in topology file: node_id ${PC1} appears twice`],
    [(t: any) => (t.topology.nodes[2].properties = { ports_mapping: "x" }), "Invalid data in topology file: node SW1: Invalid properties.ports_mapping"],
    [(t: any) => (t.topology.drawings[0].rotation = 999), "Invalid data in topology file: 999 is greater than the maximum of 360"],
  ])("refuses malformed data: %#", (spoil, message) => {
    const topology = exported();
    spoil(topology);
    const { status, message: actual } = rejection(() => importedTopology(topology, context));
    expect(status).toBe(409);
    expect(actual.slice(0, message.length)).toBe(message);
  });

  it("refuses text that is not JSON", () => {
    const { status, message } = rejection(() => parseTopologyText("{not json"));
    expect(status).toBe(409);
    expect(message).toMatch(/^Invalid data in topology file: not valid JSON \(.+\)$/);
  });
});

describe("what an export takes", () => {
  it("refuses a project whose emulated nodes run, as GNS3 does; built-in devices always run", () => {
    const { nodes } = lab();
    expect(() => assertExportable(nodes, { allowAllNodes: false })).not.toThrow();
    const running = nodes.map((node) => (node.node_id === PC1 ? { ...node, status: "started" as const } : node));
    expect(rejection(() => assertExportable(running, { allowAllNodes: true }))).toEqual({ status: 409, message: "Project must be stopped in order to export it" });
  });

  it("keeps VirtualBox and VMware nodes out of portable exports, not out of snapshots", () => {
    const vm = { ...lab().nodes[0]!, node_type: "vmware" as const };
    expect(rejection(() => assertExportable([vm], { allowAllNodes: false }))).toEqual({ status: 409, message: "Projects with a vmware node cannot be exported" });
    expect(() => assertExportable([vm], { allowAllNodes: true })).not.toThrow();
    const linkedClone = { ...vm, node_type: "virtualbox" as const, properties: { linked_clone: true } };
    expect(rejection(() => assertExportable([linkedClone], { allowAllNodes: true })).status).toBe(409);
  });

  it("opens nodes as GNS3 creates them: built-in devices started, emulated nodes stopped", () => {
    const stopped = lab().nodes.map((node) => ({ ...node, status: "stopped" as const }));
    expect(nodesOfOpenedProject(stopped).map((node) => [node.name, node.status])).toEqual([
      ["PC1", "stopped"],
      ["PC2", "stopped"],
      ["SW1", "started"],
    ]);
  });
});
