import { fileLayout } from "../files/layout";
import { canonicalFilterKey } from "@shared/filters/catalogue";
import type { LinkFilters } from "@shared/filters/normalise";
import { PCAP_LINK_TYPES } from "@shared/schemas/link";
import {
  HostDeviceKind,
  NodeKind,
  PortMode,
  type Filter,
  type LinkSpec,
  type NodeSpec,
  type PortSpec,
  type UdpTunnel,
} from "@shared/proto";
import type { LinkRecord } from "../domain/links";
import { auxPort, type NodeRecord } from "../domain/nodes";
import { NODE_TYPE_TRAITS } from "../domain/node-types";
import { dockerSpec } from "../domain/docker-spec";
import { circuitSwitchSpec, routerSpec } from "../domain/dynamips-spec";
import { qemuSpec } from "../domain/qemu-spec";
import type { ProjectRecord } from "../domain/projects";

/** One project as stored: the builder needs nothing else from the KV store. */
export interface ProjectRecords {
  project: ProjectRecord;
  nodes: readonly NodeRecord[];
  links: readonly LinkRecord[];
}

/** A cross-host link end that needs a UDP port on its host for the daemon↔daemon tunnel. */
export interface TunnelEnd {
  projectId: string;
  linkId: string;
  hostId: string;
}

export interface HostStateContext {
  hostId: string;
  projects: readonly ProjectRecords[];
  /** The port claimed on `hostId` for `linkId`'s tunnel, if any. */
  tunnelPort: (projectId: string, linkId: string, hostId: string) => number | undefined;
  /** The tunnel address a host announced, if it ever said Hello. */
  tunnelAddress: (hostId: string) => string | undefined;
  /** A started node's startup file (its type's `carriedFile`: VPCS's startup.vpc, a container's network config); undefined: it has none. */
  startupScript?: (projectId: string, nodeId: string) => StartupScript | undefined;
  /** The md5 of a QEMU image as the store keeps it beside the image; undefined: not known. */
  imageMd5?: (name: string) => string | undefined;
}

/** What the host is told to run at a VPCS start, or why the script cannot be carried there. */
export type StartupScript = { text: string } | { refused: string };

/** Something on the host that the state leaves out, and why (shown to the user, logged). */
export interface LeftOut {
  kind: "node" | "link";
  id: string;
  projectId: string;
  reason: string;
}

export interface HostState {
  nodes: NodeSpec[];
  links: LinkSpec[];
  leftOut: LeftOut[];
}

/**
 * Everything `hostId` must run (without the revision, which the sender assigns): the nodes of
 * opened projects placed on it, and the links with at least one end there. A link whose other
 * end is elsewhere gets the tunnel built from both hosts' port claims; without them (the other
 * host never connected, or no port was free) the link is left out until they exist.
 */
export function desiredHostState(context: HostStateContext): HostState {
  const state: HostState = { nodes: [], links: [], leftOut: [] };
  for (const { project, nodes, links } of context.projects) {
    if (project.status !== "opened") continue;
    const byId = new Map(nodes.map((node) => [node.node_id, node]));
    const linkedPorts = linkedPortsOf(links);
    for (const node of nodes) addNode(state, node, project, linkedPorts.get(node.node_id) ?? new Set(), context);
    for (const link of links) addLink(state, link, link.nodes.map((end) => byId.get(end.node_id)), project, context);
  }
  return state;
}

/** One project's records by id, with the links at each node: what a push that changes a few items reads. */
export interface IndexedProject {
  project: ProjectRecord;
  nodes: Map<string, NodeRecord>;
  links: Map<string, LinkRecord>;
  linksOfNode: Map<string, Set<string>>;
}

/** Node and link ids of one project. */
export interface ProjectItems {
  nodes: Set<string>;
  links: Set<string>;
}

/**
 * What `desiredHostState` would hold for the named items of one project, and nothing of the
 * others: an item gone, elsewhere or in a closed project is in none of the three lists.
 */
export function desiredItems(context: HostStateContext, held: IndexedProject, items: ProjectItems): HostState {
  const state: HostState = { nodes: [], links: [], leftOut: [] };
  const { project } = held;
  if (project.status !== "opened") return state;
  for (const nodeId of items.nodes) {
    const node = held.nodes.get(nodeId);
    if (!node) continue;
    const links = [...(held.linksOfNode.get(nodeId) ?? [])].flatMap((linkId) => held.links.get(linkId) ?? []);
    addNode(state, node, project, linkedPortsOf(links).get(nodeId) ?? new Set(), context);
  }
  for (const linkId of items.links) {
    const link = held.links.get(linkId);
    if (link) addLink(state, link, link.nodes.map((end) => held.nodes.get(end.node_id)), project, context);
  }
  return state;
}

function addNode(state: HostState, node: NodeRecord, project: ProjectRecord, linkedPorts: ReadonlySet<number>, context: HostStateContext): void {
  if (node.compute_id !== context.hostId) return;
  const spec = nodeSpec(node, project, linkedPorts, context);
  if (typeof spec === "string") state.leftOut.push({ kind: "node", id: node.node_id, projectId: project.project_id, reason: spec });
  else state.nodes.push(spec);
}

function addLink(state: HostState, link: LinkRecord, ends: ReadonlyArray<NodeRecord | undefined>, project: ProjectRecord, context: HostStateContext): void {
  if (!ends.some((node) => node?.compute_id === context.hostId)) return;
  const built = linkSpec(link, ends, context);
  if (typeof built === "string") state.leftOut.push({ kind: "link", id: link.link_id, projectId: project.project_id, reason: built });
  else state.links.push(built);
}

/** The cross-host link ends whose tunnel ports must be claimed before `hostId`'s state is complete. */
export function tunnelEndsFor(hostId: string, projects: readonly ProjectRecords[]): TunnelEnd[] {
  const ends: TunnelEnd[] = [];
  for (const { project, nodes, links } of projects) {
    if (project.status !== "opened") continue;
    const hostOf = new Map(nodes.map((node) => [node.node_id, node.compute_id]));
    for (const link of links) {
      const hosts = link.nodes.map((end) => hostOf.get(end.node_id));
      const [first, second] = hosts;
      if (first === undefined || second === undefined || first === second || !hosts.includes(hostId)) continue;
      for (const host of [first, second]) ends.push({ projectId: project.project_id, linkId: link.link_id, hostId: host });
    }
  }
  return ends;
}

function unsupportedReason(node: NodeRecord): string {
  return `${node.name} is a ${node.node_type} node, which the dataplane does not run; connect the emulator through a cloud node's UDP port`;
}

/** Each node's adapter-0 ports that a link uses: the ports of switches, hubs, clouds and NAT. */
function linkedPortsOf(links: readonly LinkRecord[]): Map<string, Set<number>> {
  const linked = new Map<string, Set<number>>();
  for (const link of links) {
    for (const end of link.nodes) {
      if (end.adapter_number !== 0) continue;
      const ports = linked.get(end.node_id) ?? new Set<number>();
      ports.add(end.port_number);
      linked.set(end.node_id, ports);
    }
  }
  return linked;
}

/** Kinds whose host pauses them (QMP stop, docker pause, Dynamips' vm suspend) rather than stopping them. */
const PAUSABLE: ReadonlySet<NodeKind> = new Set([NodeKind.QEMU, NodeKind.DOCKER, NodeKind.DYNAMIPS]);
/**
 * Nodes whose ports their own spec gives (emulators' adapters, VPCS's one port, a Frame Relay or
 * ATM switch's circuits): no port mapping is sent.
 */
const PORTS_IN_SPEC: ReadonlySet<NodeKind> = new Set([NodeKind.VPCS, NodeKind.QEMU, NodeKind.DOCKER, NodeKind.FRAME_RELAY_SWITCH, NodeKind.ATM_SWITCH, NodeKind.DYNAMIPS]);

/** The node as its host runs it, or why the host cannot. */
function nodeSpec(node: NodeRecord, project: ProjectRecord, linkedPorts: ReadonlySet<number>, context: HostStateContext): NodeSpec | string {
  const kind = NODE_TYPE_TRAITS[node.node_type].dataplaneKind;
  if (kind === undefined) return unsupportedReason(node);
  // A suspended QEMU VM or container keeps its process, paused; VPCS has no pause, and a suspended one stops.
  const suspended = PAUSABLE.has(kind) && node.status === "suspended";
  const running = node.status === "started" || suspended;
  // A node reads its startup file when it starts: a stopped node's is read at its next start.
  const script = running ? context.startupScript?.(node.project_id, node.node_id) : undefined;
  if (script && "refused" in script) return script.refused;
  const docker = kind === NodeKind.DOCKER ? dockerSpec(node, project.variables ?? [], script?.text ?? "") : null;
  if (typeof docker === "string") return docker;
  const image = (name: string) => ({ name, md5: context.imageMd5?.(name) ?? "" });
  const dynamips = NODE_TYPE_TRAITS[node.node_type].virtualCircuits
    ? circuitSwitchSpec(node)
    : kind === NodeKind.DYNAMIPS
      ? routerSpec(node, image, auxPort(node))
      : null;
  if (typeof dynamips === "string") return dynamips;
  return {
    nodeId: node.node_id,
    projectId: node.project_id,
    name: node.name,
    kind,
    running,
    consolePort: node.console ?? 0,
    ports: PORTS_IN_SPEC.has(kind) ? [] : portSpecs(node, linkedPorts),
    startupScript: kind === NodeKind.VPCS || kind === NodeKind.DYNAMIPS ? (script?.text ?? "") : "",
    restartGeneration: node.reloads ?? 0,
    suspended,
    qemu: kind === NodeKind.QEMU ? qemuSpec(node, image) : null,
    docker,
    dynamips,
  };
}

interface PortMappingEntry {
  name?: unknown;
  port_number?: unknown;
  type?: unknown;
  vlan?: unknown;
  ethertype?: unknown;
  interface?: unknown;
  lport?: unknown;
  rhost?: unknown;
  rport?: unknown;
}

const SWITCH_MODES: Record<string, PortMode> = { access: PortMode.ACCESS, dot1q: PortMode.DOT1Q, qinq: PortMode.QINQ };
/** A cloud port's `type` when it is a device of the host. */
const HOST_DEVICES: Record<string, HostDeviceKind> = { ethernet: HostDeviceKind.ETHERNET, tap: HostDeviceKind.TAP };

/**
 * Port mappings were validated when stored (shared/schemas/node.ts); this only reshapes them.
 * A port is numbered by its place in the mapping, as in the node's port list that links use
 * (GNS3 numbers switch, hub and cloud ports that way, whatever `port_number` an entry holds).
 * A node without a mapping (NAT) has the ports its type gives it.
 */
function portSpecs(node: NodeRecord, linkedPorts: ReadonlySet<number>): PortSpec[] {
  const mapping =
    (node.properties.ports_mapping as PortMappingEntry[] | undefined) ??
    (NODE_TYPE_TRAITS[node.node_type].creation?.ports(node) ?? []).map((port): PortMappingEntry => ({ name: port.name }));
  return mapping.map((entry, index) => {
    const isSwitch = node.node_type === "ethernet_switch";
    const isCloud = node.node_type === "cloud";
    const device = isCloud ? HOST_DEVICES[String(entry.type)] : undefined;
    return {
      portNumber: index,
      name: String(entry.name),
      mode: isSwitch ? (SWITCH_MODES[String(entry.type)] ?? PortMode.MODE_UNSPECIFIED) : PortMode.MODE_UNSPECIFIED,
      vlan: isSwitch ? Number(entry.vlan ?? 0) : 0,
      ethertype: isSwitch && typeof entry.ethertype === "string" && entry.ethertype !== "" ? Number.parseInt(entry.ethertype, 16) : 0,
      cloudUdp: isCloud && entry.type === "udp" ? { localPort: Number(entry.lport), remoteHost: String(entry.rhost), remotePort: Number(entry.rport) } : null,
      cloudDevice: device === undefined ? null : { kind: device, interface: String(entry.interface) },
      linked: linkedPorts.has(index),
    };
  });
}

function linkSpec(link: LinkRecord, ends: ReadonlyArray<NodeRecord | undefined>, context: HostStateContext): LinkSpec | string {
  const [endA, endB] = link.nodes;
  const [nodeA, nodeB] = ends;
  if (!endA || !endB || !nodeA || !nodeB) return "the link does not join two existing nodes";
  for (const node of [nodeA, nodeB]) {
    if (NODE_TYPE_TRAITS[node.node_type].dataplaneKind === undefined) return unsupportedReason(node);
  }
  const localA = nodeA.compute_id === context.hostId;
  const localB = nodeB.compute_id === context.hostId;
  let tunnel: UdpTunnel | null = null;
  if (localA !== localB) {
    const remoteHost = localA ? nodeB.compute_id : nodeA.compute_id;
    const found = linkTunnel(link, remoteHost, context);
    if (typeof found === "string") return found;
    tunnel = found;
  }
  return {
    linkId: link.link_id,
    projectId: link.project_id,
    a: { nodeId: endA.node_id, adapterNumber: endA.adapter_number, portNumber: endA.port_number, local: localA },
    b: { nodeId: endB.node_id, adapterNumber: endB.adapter_number, portNumber: endB.port_number, local: localB },
    filters: protoFilters(link.filters),
    suspended: link.suspend,
    tunnel,
    capture: link.capture_file_name
      ? {
          // Only the capturing host writes the file; the other end of a cross-host link does not.
          active: link.capturing && link.capture_compute_id === context.hostId,
          relativePath: fileLayout.capture(link.project_id, link.capture_file_name),
          linkType: PCAP_LINK_TYPES[link.capture_data_link_type ?? "DLT_EN10MB"],
        }
      : null,
  };
}

function linkTunnel(link: LinkRecord, remoteHost: string, context: HostStateContext): UdpTunnel | string {
  const address = context.tunnelAddress(remoteHost);
  if (address === undefined) return `waiting for dataplane host ${remoteHost} to connect: its tunnel address is not known yet`;
  const localPort = context.tunnelPort(link.project_id, link.link_id, context.hostId);
  const remotePort = context.tunnelPort(link.project_id, link.link_id, remoteHost);
  if (localPort === undefined) return noFreePort(context.hostId);
  if (remotePort === undefined) return noFreePort(remoteHost);
  return { localPort, remoteHost: address, remotePort };
}

function noFreePort(hostId: string): string {
  return `no free UDP port in the tunnel port range of dataplane host ${hostId}`;
}

/** Stored order is application order; legacy `latency` runs as `delay`; a direction suffix goes along (`delay:a_to_b`). */
export function protoFilters(filters: LinkFilters): Filter[] {
  return Object.entries(filters).map(([key, values]) => ({
    type: canonicalFilterKey(key),
    numbers: values.filter((value): value is number => typeof value === "number"),
    text: values.filter((value): value is string => typeof value === "string").join("\n"),
  }));
}
