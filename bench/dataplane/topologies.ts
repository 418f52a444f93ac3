/** Desired states of the forwarding bench: what the daemon is asked to run, on 127.0.0.1. */
import { NodeKind, PortMode, type DesiredHostState, type Filter, type HostDevice, type LinkSpec, type NodeSpec, type PortSpec } from "@shared/proto";

/** Where traffic enters the daemon and leaves it: each end is a cloud UDP port joined to a C tool's port. */
export interface Ends {
  readonly generator: number;
  readonly daemonIn: number;
  readonly daemonOut: number;
  readonly receiver: number;
}

function port(portNumber: number, cloudUdp: PortSpec["cloudUdp"] = null): PortSpec {
  return { portNumber, name: `e${portNumber}`, mode: cloudUdp ? PortMode.MODE_UNSPECIFIED : PortMode.ACCESS, vlan: cloudUdp ? 0 : 1, ethertype: 0, cloudUdp, cloudDevice: null, linked: false };
}

function node(nodeId: string, kind: NodeKind, ports: PortSpec[]): NodeSpec {
  return { nodeId, projectId: "bench", name: nodeId, kind, running: true, consolePort: 0, startupScript: "", restartGeneration: 0, suspended: false, qemu: null, docker: null, dynamips: null, ports };
}

function link(linkId: string, a: [string, number], b: [string, number], filters: Filter[] = []): LinkSpec {
  return {
    linkId,
    projectId: "bench",
    a: { nodeId: a[0], adapterNumber: 0, portNumber: a[1], local: true },
    b: { nodeId: b[0], adapterNumber: 0, portNumber: b[1], local: true },
    filters,
    suspended: false,
    tunnel: null,
    capture: null,
  };
}

const udp = (local: number, remote: number) => ({ localPort: local, remoteHost: "127.0.0.1", remotePort: remote });

/** One link between two UDP tunnels (as between two VMs, or ubridge with two UDP NIOs). */
export function singleLink(revision: number, ends: Ends, filters: Filter[] = []): DesiredHostState {
  const cloud = node("cloud", NodeKind.CLOUD, [port(0, udp(ends.daemonIn, ends.generator)), port(1, udp(ends.daemonOut, ends.receiver))]);
  return { revision, nodes: [cloud], links: [link("l1", ["cloud", 0], ["cloud", 1], filters)] };
}

/** cloud → `devices` built-in devices in a row → cloud: devices + 1 links, every hop inside the daemon. */
export function deviceChain(revision: number, ends: Ends, kind: NodeKind, devices: number): DesiredHostState {
  return { revision, ...chainOf("", ends, kind, devices) };
}

/** As many separate cloud → device → cloud paths as `ends` has, side by side in one daemon. */
export function parallelChains(revision: number, ends: readonly Ends[], kind: NodeKind): DesiredHostState {
  const paths = ends.map((pathEnds, index) => chainOf(`p${index}-`, pathEnds, kind, 1));
  return { revision, nodes: paths.flatMap((path) => path.nodes), links: paths.flatMap((path) => path.links) };
}

function chainOf(prefix: string, ends: Ends, kind: NodeKind, devices: number): Pick<DesiredHostState, "nodes" | "links"> {
  const nodes = [node(`${prefix}in`, NodeKind.CLOUD, [port(0, udp(ends.daemonIn, ends.generator))]), node(`${prefix}out`, NodeKind.CLOUD, [port(0, udp(ends.daemonOut, ends.receiver))])];
  const links: LinkSpec[] = [];
  let previous: [string, number] = [`${prefix}in`, 0];
  for (let index = 0; index < devices; index++) {
    nodes.push(node(`${prefix}d${index}`, kind, [port(0), port(1)]));
    links.push(link(`${prefix}l${index}`, previous, [`${prefix}d${index}`, 0]));
    previous = [`${prefix}d${index}`, 1];
  }
  links.push(link(`${prefix}l${devices}`, previous, [`${prefix}out`, 0]));
  return { nodes, links };
}

/** `count` links between UDP tunnels that no traffic reaches. */
export function idleLinks(revision: number, count: number, silentPeer: number): DesiredHostState {
  const ports = Array.from({ length: 2 * count }, (_, index) => port(index, udp(0, silentPeer)));
  const links = Array.from({ length: count }, (_, index) => link(`idle${index}`, ["idle", 2 * index], ["idle", 2 * index + 1]));
  return { revision, nodes: [node("idle", NodeKind.CLOUD, ports)], links };
}

export function emptyState(revision: number): DesiredHostState {
  return { revision, nodes: [], links: [] };
}

/**
 * UDP in → a host device → the kernel → another host device → UDP out, every port a cloud's:
 * frames the daemon writes to `out` come back to it from `back` (two TAPs in one bridge, or
 * the two ends of a veth pair), so each frame crosses a device once each way.
 */
export function deviceLoop(revision: number, ends: Ends, out: HostDevice, back: HostDevice): DesiredHostState {
  const device = (portNumber: number, cloudDevice: HostDevice): PortSpec => ({ ...port(portNumber), mode: PortMode.MODE_UNSPECIFIED, vlan: 0, cloudDevice, linked: true });
  const cloud = node("cloud", NodeKind.CLOUD, [port(0, udp(ends.daemonIn, ends.generator)), device(1, out), device(2, back), port(3, udp(ends.daemonOut, ends.receiver))]);
  return { revision, nodes: [cloud], links: [link("l-out", ["cloud", 0], ["cloud", 1]), link("l-back", ["cloud", 2], ["cloud", 3])] };
}
