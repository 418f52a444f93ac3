import { describe, expect, it } from "vitest";
import { HostDeviceKind, NodeKind, PortMode } from "@shared/proto";
import { newLink, startedCapture, type LinkRecord } from "../domain/links";
import { newNode, type NodeRecord } from "../domain/nodes";
import { newProject, type ProjectRecord } from "../domain/projects";
import type { NodeType } from "@shared/schemas/node";
import { desiredHostState, protoFilters, tunnelEndsFor, type HostStateContext, type ProjectRecords } from "./desired-state";

function project(id: string, status: "opened" | "closed" = "opened"): ProjectRecord {
  return { ...newProject({ name: `project ${id}` } as never, id, "/projects"), status };
}

function node(projectId: string, id: string, type: NodeType, computeId: string, extra: Partial<NodeRecord> = {}): NodeRecord {
  const record = newNode({ name: id, node_type: type, compute_id: computeId, ...(extra.properties ? { properties: extra.properties } : {}) } as never, {
    nodeId: id,
    projectId,
    name: id.toUpperCase(),
    console: type === "vpcs" ? 5000 + id.length : null,
    hostInterfaces: ["eth0"],
  });
  return { ...record, ...extra, properties: record.properties };
}

function link(projectId: string, id: string, nodes: NodeRecord[], ports: Array<[number, number]> = [[0, 0], [0, 0]], extra: Partial<LinkRecord> = {}): LinkRecord {
  const record = newLink(
    { nodes: nodes.map((n, index) => ({ node_id: n.node_id, adapter_number: ports[index]![0], port_number: ports[index]![1] })) } as never,
    { linkId: id, projectId, nodes: new Map(nodes.map((n) => [n.node_id, n])), portTaken: () => false },
  );
  return { ...record, ...extra };
}

function context(hostId: string, projects: ProjectRecords[], extra: Partial<HostStateContext> = {}): HostStateContext {
  return {
    hostId,
    projects,
    tunnelPort: () => undefined,
    tunnelAddress: () => undefined,
    ...extra,
  };
}

describe("desiredHostState", () => {
  const pc1 = node("p1", "pc1", "vpcs", "h1", { status: "started" });
  const pc2 = node("p1", "pc2", "vpcs", "h1");
  const pc3 = node("p1", "pc3", "vpcs", "h2", { status: "started" });

  it("gives a Frame Relay or ATM switch its circuits, and its ports through them", () => {
    const frsw = node("p1", "fr", "frame_relay_switch", "h1", { properties: { mappings: { "1:101": "2:202" } } });
    const atmsw = node("p1", "atm", "atm_switch", "h1", { properties: { mappings: { "1:0:100": "10:0:200" } } });
    const imported = { ...node("p1", "bad", "frame_relay_switch", "h1"), properties: { mappings: { "1:101": "2:2000" } } };
    const state = desiredHostState(context("h1", [{ project: project("p1"), nodes: [frsw, atmsw, imported], links: [] }]));
    expect(state.nodes.map(({ kind, ports, running, dynamips }) => ({ kind, ports, running, circuits: dynamips?.circuits }))).toEqual([
      { kind: NodeKind.FRAME_RELAY_SWITCH, ports: [], running: true, circuits: [{ a: { port: 1, ids: [101] }, b: { port: 2, ids: [202] } }] },
      { kind: NodeKind.ATM_SWITCH, ports: [], running: true, circuits: [{ a: { port: 1, ids: [0, 100] }, b: { port: 10, ids: [0, 200] } }] },
    ]);
    expect(state.leftOut).toEqual([
      { kind: "node", id: "bad", projectId: "p1", reason: `BAD's mappings cannot be switched: mapping "1:101": DLCI 2000 is out of range (0 to 1023)` },
    ]);
  });

  it("takes the host's nodes and the links joining them, filters in stored order", () => {
    const l12 = link("p1", "l12", [pc1, pc2], undefined, { filters: { delay: [50, 5], packet_loss: [10], bpf: ["icmp\nudp port 53"] }, suspend: true });
    const state = desiredHostState(context("h1", [{ project: project("p1"), nodes: [pc1, pc2, pc3], links: [l12] }]));
    expect(state.nodes).toEqual([
      { nodeId: "pc1", projectId: "p1", name: "PC1", kind: NodeKind.VPCS, running: true, consolePort: 5003, ports: [], startupScript: "", restartGeneration: 0, suspended: false, qemu: null, docker: null, dynamips: null },
      { nodeId: "pc2", projectId: "p1", name: "PC2", kind: NodeKind.VPCS, running: false, consolePort: 5003, ports: [], startupScript: "", restartGeneration: 0, suspended: false, qemu: null, docker: null, dynamips: null },
    ]);
    expect(state.links).toEqual([
      {
        linkId: "l12",
        projectId: "p1",
        a: { nodeId: "pc1", adapterNumber: 0, portNumber: 0, local: true },
        b: { nodeId: "pc2", adapterNumber: 0, portNumber: 0, local: true },
        filters: [
          { type: "delay", numbers: [50, 5], text: "" },
          { type: "packet_loss", numbers: [10], text: "" },
          { type: "bpf", numbers: [], text: "icmp\nudp port 53" },
        ],
        suspended: true,
        tunnel: null,
        capture: null,
      },
    ]);
    expect(state.leftOut).toEqual([]);
  });

  it("leaves out closed projects and other hosts' nodes and links", () => {
    const other = node("p2", "pcx", "vpcs", "h1");
    const records = [
      { project: project("p1"), nodes: [pc3], links: [] },
      { project: project("p2", "closed"), nodes: [other], links: [] },
    ];
    expect(desiredHostState(context("h1", records))).toEqual({ nodes: [], links: [], leftOut: [] });
  });

  it("gives a cross-host link the tunnel built from both hosts' claims", () => {
    const l13 = link("p1", "l13", [pc1, pc3]);
    const ports: Record<string, number> = { "l13/h1": 20001, "l13/h2": 30007 };
    const addresses: Record<string, string> = { h1: "10.0.0.1", h2: "10.0.0.2" };
    const records = [{ project: project("p1"), nodes: [pc1, pc2, pc3], links: [l13] }];
    const extra = { tunnelPort: (_p: string, l: string, h: string) => ports[`${l}/${h}`], tunnelAddress: (h: string) => addresses[h] };
    const onH1 = desiredHostState(context("h1", records, extra)).links[0]!;
    expect(onH1.tunnel).toEqual({ localPort: 20001, remoteHost: "10.0.0.2", remotePort: 30007 });
    expect([onH1.a.local, onH1.b.local]).toEqual([true, false]);
    const onH2 = desiredHostState(context("h2", records, extra)).links[0]!;
    expect(onH2.tunnel).toEqual({ localPort: 30007, remoteHost: "10.0.0.1", remotePort: 20001 });
    expect([onH2.a.local, onH2.b.local]).toEqual([false, true]);
  });

  it("leaves a cross-host link out, with the reason, until both ends have a tunnel port", () => {
    const l13 = link("p1", "l13", [pc1, pc3]);
    const records = [{ project: project("p1"), nodes: [pc1, pc3], links: [l13] }];
    expect(desiredHostState(context("h1", records)).leftOut).toEqual([
      { kind: "link", id: "l13", projectId: "p1", reason: "waiting for dataplane host h2 to connect: its tunnel address is not known yet" },
    ]);
    const halfClaimed = { tunnelAddress: () => "10.0.0.2", tunnelPort: (_p: string, _l: string, h: string) => (h === "h1" ? 20000 : undefined) };
    expect(desiredHostState(context("h1", records, halfClaimed)).leftOut[0]!.reason).toBe(
      "no free UDP port in the tunnel port range of dataplane host h2",
    );
  });

  it("leaves out node kinds the dataplane does not run, and their links, with the reason", () => {
    const docker = { ...node("p1", "0000000a-0000-4000-8000-0000000000a1", "iou", "h1"), name: "IOU1" };
    const l = link("p1", "lq", [pc1, docker]);
    const state = desiredHostState(context("h1", [{ project: project("p1"), nodes: [pc1, docker], links: [l] }]));
    expect(state.nodes.map((n) => n.nodeId)).toEqual(["pc1"]);
    const reason = "IOU1 is a iou node, which the dataplane does not run; connect the emulator through a cloud node's UDP port";
    expect(state.leftOut).toEqual([
      { kind: "node", id: docker.node_id, projectId: "p1", reason },
      { kind: "link", id: "lq", projectId: "p1", reason },
    ]);
  });

  it("runs QEMU nodes with their VM spec: a suspended one keeps running, paused", () => {
    const vm = (id: string, status: "started" | "suspended" | "stopped") => ({ ...node("p1", id, "qemu", "h1", { properties: { kernel_image: "vmlinuz" } }), status });
    const nodes = [vm("0000000b-0000-4000-8000-0000000000b1", "started"), vm("0000000b-0000-4000-8000-0000000000b2", "suspended"), vm("0000000b-0000-4000-8000-0000000000b3", "stopped")];
    const state = desiredHostState({ ...context("h1", [{ project: project("p1"), nodes: [pc1, ...nodes], links: [link("p1", "lv", [pc1, nodes[0]!])] }]), imageMd5: () => "abc" });
    const vms = state.nodes.filter((n) => n.kind === NodeKind.QEMU);
    expect(vms.map((n) => [n.running, n.suspended])).toEqual([[true, false], [true, true], [false, false]]);
    expect(vms[0]!.qemu).toMatchObject({ binary: "qemu-system-x86_64", kernelImage: { name: "vmlinuz", md5: "abc" } });
    expect(state.links.map((l) => l.linkId)).toEqual(["lv"]);
    expect(state.leftOut).toEqual([]);
  });

  it("runs Docker nodes with their container spec: variables, substitutions, adapters' MACs, the network config while started", () => {
    const id = "0000000c-0000-4000-8000-0000000000c1";
    const properties = {
      image: "frr",
      adapters: 2,
      start_command: `sh -c 'echo "$GREETING"; exec sleep 1d'`,
      environment: "GREETING=hello from %vm-name%\n\nSITE=${SITE}-%project-id%\nNODE=%vm-id%",
      extra_hosts: "gw:10.0.0.1\nv6host: fd00::1",
      extra_volumes: ["/data"],
    };
    const container = (status: "started" | "suspended" | "stopped") => ({ ...node("p1", id, "docker", "h1", { properties }), name: "R1", console: 5010, status });
    const variables = [{ name: "SITE", value: "lab" }, { name: "EMPTY" }];
    const withVariables = { ...project("p1"), variables };
    const build = (status: "started" | "suspended" | "stopped") =>
      desiredHostState(context("h1", [{ project: withVariables, nodes: [container(status)], links: [] }], { startupScript: () => ({ text: "auto eth0\n" }) })).nodes[0]!;

    const started = build("started");
    expect(started).toMatchObject({ kind: NodeKind.DOCKER, running: true, suspended: false, consolePort: 5010, ports: [], startupScript: "", qemu: null });
    expect(started.docker).toEqual({
      image: "frr:latest",
      command: ["sh", "-c", 'echo "$GREETING"; exec sleep 1d'],
      environment: ["SITE=lab", "EMPTY=", "GREETING=hello from R1", "SITE=lab-p1", `NODE=${id}`],
      extraHosts: [{ name: "gw", address: "10.0.0.1" }, { name: "v6host", address: "fd00::1" }],
      extraVolumes: ["/data"],
      consoleType: "telnet",
      auxPort: 0,
      adapters: [{ adapterNumber: 0, macAddress: "02:42:00:00:0c:00" }, { adapterNumber: 1, macAddress: "02:42:00:00:0c:01" }],
      networkInterfaces: "auto eth0\n",
    });
    expect([build("suspended")].map((n) => [n.running, n.suspended])).toEqual([[true, true]]);
    const stopped = build("stopped");
    expect([stopped.running, stopped.docker?.networkInterfaces]).toEqual([false, ""]);
  });

  it("leaves out a Docker node whose stored properties no container can be made from (an imported project), with the reason", () => {
    const bad = { ...node("p1", "0000000c-0000-4000-8000-0000000000c2", "docker", "h1", { properties: { image: "alpine" } }), name: "D1" };
    const imported = { ...bad, properties: { ...bad.properties, environment: "NO_EQUALS" } };
    const state = desiredHostState(context("h1", [{ project: project("p1"), nodes: [imported], links: [] }]));
    expect(state.leftOut).toEqual([{ kind: "node", id: bad.node_id, projectId: "p1", reason: "D1: properties.environment line 1 'NO_EQUALS' is not NAME=value" }]);
  });

  it("describes switch, hub and cloud ports; a cloud's host devices with whether a link uses them", () => {
    const sw = node("p1", "sw", "ethernet_switch", "h1", {
      properties: {
        ports_mapping: [
          { name: "Ethernet0", port_number: 0, type: "access", vlan: 1, ethertype: "" },
          { name: "Ethernet1", port_number: 1, type: "dot1q", vlan: 1 },
          { name: "Ethernet2", port_number: 2, type: "qinq", vlan: 100, ethertype: "0x88A8" },
        ],
      },
    });
    const hub = node("p1", "hub", "ethernet_hub", "h1");
    const cloud = node("p1", "cloud", "cloud", "h1", {
      properties: {
        ports_mapping: [
          { name: "eth0", port_number: 0, type: "ethernet", interface: "eth0" },
          { name: "UDP tunnel 1", port_number: 1, type: "udp", lport: 20000, rhost: "127.0.0.1", rport: 30000 },
          { name: "tap0", port_number: 2, type: "tap", interface: "tap0" },
        ],
      },
    });
    const nodes = [sw, hub, cloud];
    const state = desiredHostState(context("h1", [{ project: project("p1"), nodes, links: [link("p1", "l1", [hub, cloud], [[0, 3], [0, 2]])] }]));
    const [switchSpec, hubSpec, cloudSpec] = state.nodes;
    expect(switchSpec).toMatchObject({ kind: NodeKind.ETHERNET_SWITCH, running: true, consolePort: 0 });
    expect(switchSpec!.ports).toEqual([
      { portNumber: 0, name: "Ethernet0", mode: PortMode.ACCESS, vlan: 1, ethertype: 0, cloudUdp: null, cloudDevice: null, linked: false },
      { portNumber: 1, name: "Ethernet1", mode: PortMode.DOT1Q, vlan: 1, ethertype: 0, cloudUdp: null, cloudDevice: null, linked: false },
      { portNumber: 2, name: "Ethernet2", mode: PortMode.QINQ, vlan: 100, ethertype: 0x88a8, cloudUdp: null, cloudDevice: null, linked: false },
    ]);
    expect(hubSpec!.kind).toBe(NodeKind.ETHERNET_HUB);
    expect(hubSpec!.ports).toHaveLength(8);
    expect(hubSpec!.ports[7]).toEqual({ portNumber: 7, name: "Ethernet7", mode: PortMode.MODE_UNSPECIFIED, vlan: 0, ethertype: 0, cloudUdp: null, cloudDevice: null, linked: false });
    expect(hubSpec!.ports[3]!.linked).toBe(true);
    const unspecified = { mode: PortMode.MODE_UNSPECIFIED, vlan: 0, ethertype: 0 };
    expect(cloudSpec!.ports).toEqual([
      { portNumber: 0, name: "eth0", ...unspecified, cloudUdp: null, cloudDevice: { kind: HostDeviceKind.ETHERNET, interface: "eth0" }, linked: false },
      { portNumber: 1, name: "UDP tunnel 1", ...unspecified, cloudUdp: { localPort: 20000, remoteHost: "127.0.0.1", remotePort: 30000 }, cloudDevice: null, linked: false },
      { portNumber: 2, name: "tap0", ...unspecified, cloudUdp: null, cloudDevice: { kind: HostDeviceKind.TAP, interface: "tap0" }, linked: true },
    ]);
  });

  it("carries a started VPCS node's startup script; a stopped node's is read when it starts", () => {
    const asked: string[] = [];
    const scripts = {
      startupScript: (projectId: string, nodeId: string) => {
        asked.push(`${projectId}/${nodeId}`);
        return { text: `set pcname ${nodeId}\nip 10.0.0.1/24\n` };
      },
    };
    const state = desiredHostState(context("h1", [{ project: project("p1"), nodes: [pc1, pc2], links: [] }], scripts));
    expect(state.nodes.map((spec) => [spec.nodeId, spec.startupScript])).toEqual([
      ["pc1", "set pcname pc1\nip 10.0.0.1/24\n"],
      ["pc2", ""],
    ]);
    expect(asked).toEqual(["p1/pc1"]);
  });

  it("tells the host how many times a node was reloaded, so a running one is restarted", () => {
    const reloaded = node("p1", "pc9", "vpcs", "h1", { status: "started", reloads: 2 });
    const state = desiredHostState(context("h1", [{ project: project("p1"), nodes: [pc1, reloaded], links: [] }]));
    expect(state.nodes.map((spec) => [spec.nodeId, spec.restartGeneration])).toEqual([
      ["pc1", 0],
      ["pc9", 2],
    ]);
  });

  it("runs a started VPCS node without a script when it has none, and leaves it out when its script cannot be carried", () => {
    const noScript = desiredHostState(context("h1", [{ project: project("p1"), nodes: [pc1], links: [] }], { startupScript: () => undefined }));
    expect(noScript.nodes[0]!.startupScript).toBe("");
    const reason = "PC1's startup.vpc is 70000 bytes; a startup script the dataplane runs holds at most 65536";
    const refused = desiredHostState(context("h1", [{ project: project("p1"), nodes: [pc1], links: [] }], { startupScript: () => ({ refused: reason }) }));
    expect(refused.nodes).toEqual([]);
    expect(refused.leftOut).toEqual([{ kind: "node", id: "pc1", projectId: "p1", reason }]);
  });

  it("names the capture file under the project's captures folder; only the capturing host writes it", () => {
    const sw = node("p1", "sw", "ethernet_switch", "h2");
    const l = startedCapture(link("p1", "lc", [pc1, sw]), { nodes: new Map([[pc1.node_id, pc1], [sw.node_id, sw]]), capturesDir: "/x", requestedName: "cap.pcap" });
    const records = [{ project: project("p1"), nodes: [pc1, sw], links: [l] }];
    const tunnels = { tunnelAddress: () => "10.0.0.9", tunnelPort: () => 20000 };
    const path = "projects/p1/project-files/captures/cap.pcap";
    expect(desiredHostState(context("h2", records, tunnels)).links[0]!.capture).toEqual({ active: true, relativePath: path, linkType: 1 });
    expect(desiredHostState(context("h1", records, tunnels)).links[0]!.capture).toEqual({ active: false, relativePath: path, linkType: 1 });
  });
});

describe("protoFilters", () => {
  it("runs the legacy latency key as delay and keeps every filter type's values", () => {
    expect(protoFilters({ latency: [20], frequency_drop: [-1], corrupt: [30] })).toEqual([
      { type: "delay", numbers: [20], text: "" },
      { type: "frequency_drop", numbers: [-1], text: "" },
      { type: "corrupt", numbers: [30], text: "" },
    ]);
  });
});

describe("tunnelEndsFor", () => {
  it("lists both ends of every cross-host link touching the host, in opened projects only", () => {
    const a = node("p1", "a", "vpcs", "h1");
    const b = node("p1", "b", "vpcs", "h2");
    const c = node("p1", "c", "vpcs", "h3");
    const d = node("p1", "d", "vpcs", "h1");
    const projects = [
      { project: project("p1"), nodes: [a, b, c, d], links: [link("p1", "ab", [a, b]), link("p1", "bc", [b, c]), link("p1", "ad", [a, d])] },
      { project: project("p2", "closed"), nodes: [node("p2", "e", "vpcs", "h1"), node("p2", "f", "vpcs", "h2")], links: [] },
    ];
    expect(tunnelEndsFor("h1", projects)).toEqual([
      { projectId: "p1", linkId: "ab", hostId: "h1" },
      { projectId: "p1", linkId: "ab", hostId: "h2" },
    ]);
  });
});
