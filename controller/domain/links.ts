import type { DataLinkType, LinkCreate, LinkUpdate, LinkWire } from "@shared/schemas/link";
import type { Label } from "@shared/schemas/common";
import { availableFiltersWire } from "@shared/filters/catalogue";
import { checkBpfLine } from "@shared/bpf";
import { normaliseFilters, sameFilters, type LinkFilters } from "@shared/filters/normalise";
import { conflictingRequest, invalidRequest, missingRecord } from "./errors";
import { sortKeysDeep } from "./sorted-keys";
import { NODE_TYPE_TRAITS } from "./node-types";
import { findPort, type NodeRecord } from "./nodes";

export const DEFAULT_LINK_LABEL_STYLE =
  "font-family: TypeWriter;font-size: 10.0;font-weight: bold;fill: #000000;fill-opacity: 1.0;";

export interface LinkEnd {
  node_id: string;
  adapter_number: number;
  port_number: number;
  label: Label;
}

export interface LinkRecord {
  link_id: string;
  project_id: string;
  /** In the order given at creation: the first filtering end applies the filters. */
  nodes: LinkEnd[];
  filters: LinkFilters;
  suspend: boolean;
  link_style: Record<string, unknown>;
  link_type: "ethernet" | "serial";
  capturing: boolean;
  capture_file_name: string | null;
  capture_file_path: string | null;
  capture_compute_id: string | null;
  /** What the capture's frames are (GNS3's `data_link_type`), which its pcap file says; absent: Ethernet. */
  capture_data_link_type?: DataLinkType;
  revision: number;
}

/** What link creation must know of the project: the nodes named, and which ports are taken. */
export interface LinkCreationContext {
  linkId: string;
  projectId: string;
  nodes: ReadonlyMap<string, NodeRecord>;
  portTaken: (nodeId: string, adapter: number, port: number) => boolean;
}

/**
 * Validates in GNS3's order (node, port, port free, then against the other end: itself,
 * cloud/nat pair, link type) so clients see the same message for the same mistake.
 */
export function newLink(input: LinkCreate, context: LinkCreationContext): LinkRecord {
  const filters = input.filters === undefined ? {} : checkedFilters(input.filters);
  const ends: LinkEnd[] = [];
  let linkType: "ethernet" | "serial" = "ethernet";
  const attached: Array<{ node: NodeRecord; linkType: "ethernet" | "serial" }> = [];
  for (const entry of input.nodes) {
    const node = context.nodes.get(entry.node_id);
    if (!node) throw missingRecord(`Node ID ${entry.node_id} doesn't exist`);
    const port = findPort(node, entry.adapter_number, entry.port_number);
    if (!port) throw missingRecord(`Port ${entry.adapter_number}/${entry.port_number} for ${node.name} not found`);
    if (context.portTaken(node.node_id, entry.adapter_number, entry.port_number)) throw conflictingRequest("Port is already used");
    for (const other of attached) {
      if (other.node.node_id === node.node_id) throw conflictingRequest("Cannot connect to itself");
      if (NODE_TYPE_TRAITS[node.node_type].cloudLike && NODE_TYPE_TRAITS[other.node.node_type].cloudLike) {
        throw conflictingRequest(`Connecting a ${other.node.node_type} to a ${node.node_type} is not allowed`);
      }
      if (other.linkType !== port.link_type) {
        throw conflictingRequest(`Connecting a ${other.linkType} interface to a ${port.link_type} interface is not allowed`);
      }
    }
    attached.push({ node, linkType: port.link_type });
    linkType = port.link_type;
    ends.push({
      node_id: node.node_id,
      adapter_number: entry.adapter_number,
      port_number: entry.port_number,
      label: entry.label ?? { text: `${entry.adapter_number}/${entry.port_number}`, style: DEFAULT_LINK_LABEL_STYLE },
    });
  }
  return {
    link_id: context.linkId,
    project_id: context.projectId,
    nodes: ends,
    filters,
    suspend: input.suspend ?? false,
    link_style: input.link_style ?? {},
    link_type: linkType,
    capturing: false,
    capture_file_name: null,
    capture_file_path: null,
    capture_compute_id: null,
    revision: 1,
  };
}

/** Every BPF line is compiled now, so a filter the dataplane could not run is refused with a 400. */
function checkedFilters(raw: unknown): LinkFilters {
  const result = normaliseFilters(raw, checkBpfLine);
  if (!result.ok) throw invalidRequest(result.message);
  return result.filters;
}

export interface LinkUpdateResult {
  link: LinkRecord;
  changed: boolean;
}

/**
 * PUT semantics: filters replace the stored set when they differ (order-insensitive compare,
 * so a reordered resend keeps the stored order); style and suspend are replaced; an entry of
 * `nodes` may relabel an end of this link (its adapter and port are ignored: ends never move).
 */
export function updatedLink(
  link: LinkRecord,
  input: LinkUpdate,
  projectNodeIds: ReadonlySet<string>,
): LinkUpdateResult {
  const next: LinkRecord = { ...link, nodes: link.nodes.map((end) => ({ ...end })) };
  let changed = false;
  if (input.filters !== undefined) {
    const filters = checkedFilters(input.filters);
    if (!sameFilters(filters, link.filters)) {
      next.filters = filters;
      changed = true;
    }
  }
  if (input.link_style !== undefined && JSON.stringify(sortKeysDeep(input.link_style)) !== JSON.stringify(sortKeysDeep(link.link_style))) {
    next.link_style = input.link_style;
    changed = true;
  }
  if (input.suspend !== undefined && input.suspend !== link.suspend) {
    next.suspend = input.suspend;
    changed = true;
  }
  for (const entry of input.nodes ?? []) {
    if (!projectNodeIds.has(entry.node_id)) throw missingRecord(`Node ID ${entry.node_id} doesn't exist`);
    const end = next.nodes.find((candidate) => candidate.node_id === entry.node_id);
    if (end && entry.label && entry.label.text !== undefined) {
      end.label = entry.label;
      changed = true;
    }
  }
  if (input.nodes !== undefined) changed = true;
  if (changed) next.revision = link.revision + 1;
  return { link: next, changed };
}

/**
 * GNS3 offers its five filters when an end's node type can filter, none otherwise. With
 * `--extended-filters` every link is offered every filter, switch and hub links included: our
 * relays sit on every link. `ends` are in the link's order (its first is end A).
 */
export function availableFilters(ends: ReadonlyArray<NodeRecord>, extended: boolean): unknown[] {
  if (extended) return availableFiltersWire({ a: ends[0]?.name ?? "A", b: ends[1]?.name ?? "B" });
  return ends.some((node) => NODE_TYPE_TRAITS[node.node_type].filtersLinks) ? availableFiltersWire() : [];
}

export interface CaptureStartContext {
  nodes: ReadonlyMap<string, NodeRecord>;
  capturesDir: string;
  requestedName: string | undefined;
  /** The client's `data_link_type`; undefined: the first the capturing end's port offers (Frame Relay on a serial port, as GNS3's clients pick). */
  dataLinkType?: DataLinkType | undefined;
}

/**
 * Picks the capture side as GNS3 does (a running built-in device on the local compute first,
 * then any running built-in device, then any running end on local, then any running end).
 */
export function startedCapture(link: LinkRecord, context: CaptureStartContext): LinkRecord {
  if (link.capturing) throw conflictingRequest(`Packet capture is already active on link ${link.link_id}`);
  const ends = link.nodes.map((end) => context.nodes.get(end.node_id)).filter((node): node is NodeRecord => node !== undefined);
  const running = ends.filter((node) => node.status === "started");
  const side =
    running.find((node) => node.compute_id === "local" && NODE_TYPE_TRAITS[node.node_type].capturesFirst) ??
    running.find((node) => NODE_TYPE_TRAITS[node.node_type].capturesFirst) ??
    running.find((node) => node.compute_id === "local") ??
    running[0];
  if (!side) throw conflictingRequest("Cannot capture because there is no running device on this link");
  const name = context.requestedName ? checkedCaptureName(context.requestedName) : defaultCaptureName(link, context.nodes);
  const end = link.nodes.find((each) => each.node_id === side.node_id)!;
  const offered = Object.values(findPort(side, end.adapter_number, end.port_number)?.data_link_types ?? {}) as DataLinkType[];
  const dataLinkType = context.dataLinkType ?? offered[0] ?? "DLT_EN10MB";
  return {
    ...link,
    capturing: true,
    capture_file_name: name,
    capture_file_path: `${context.capturesDir}/${name}`,
    capture_compute_id: side.compute_id,
    capture_data_link_type: dataLinkType,
    revision: link.revision + 1,
  };
}

/** Capture names become file names in the captures folder: nothing that could leave it. */
function checkedCaptureName(name: string): string {
  if (name.length > 255 || name === "." || name === ".." || /[/\\\0]/.test(name) || name.startsWith(".")) {
    throw invalidRequest(`capture_file_name '${name}' must be a plain file name (no '/', '\\', leading '.' or NUL, at most 255 characters)`);
  }
  return name;
}

function defaultCaptureName(link: LinkRecord, nodes: ReadonlyMap<string, NodeRecord>): string {
  const parts = link.nodes.map((end) => `${nodes.get(end.node_id)?.name ?? end.node_id}_${end.adapter_number}-${end.port_number}`);
  return `${parts.join("_to_").replace(/[^0-9A-Za-z_-]/g, "")}.pcap`;
}

/** Names stay after a stop, as in GNS3, so clients can still fetch the file. */
export function stoppedCapture(link: LinkRecord): LinkRecord {
  return { ...link, capturing: false, capture_compute_id: null, revision: link.revision + 1 };
}

export function linkToWire(link: LinkRecord): LinkWire {
  return {
    capture_compute_id: link.capture_compute_id,
    capture_file_name: link.capture_file_name,
    capture_file_path: link.capture_file_path,
    capturing: link.capturing,
    filters: sortedFilters(link.filters),
    link_id: link.link_id,
    link_style: sortKeysDeep(link.link_style),
    link_type: link.link_type,
    nodes: link.nodes.map((end) => ({
      adapter_number: end.adapter_number,
      label: sortKeysDeep(end.label),
      node_id: end.node_id,
      port_number: end.port_number,
    })),
    project_id: link.project_id,
    suspend: link.suspend,
  };
}

function sortedFilters(filters: LinkFilters): LinkFilters {
  const keys = Object.keys(filters);
  if (keys.length < 2) return filters;
  const sorted: LinkFilters = {};
  for (const key of keys.sort()) sorted[key] = filters[key]!;
  return sorted;
}

/** The `.gns3` shape of a link. */
export function linkToTopology(link: LinkRecord): Record<string, unknown> {
  return {
    filters: link.filters,
    link_id: link.link_id,
    link_style: sortKeysDeep(link.link_style),
    nodes: link.nodes.map((end) => ({ adapter_number: end.adapter_number, label: sortKeysDeep(end.label), node_id: end.node_id, port_number: end.port_number })),
    suspend: link.suspend,
  };
}
