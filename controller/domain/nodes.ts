import type { NodeCreate, NodeType, NodeUpdate, NodeWire, PortWire } from "@shared/schemas/node";
import type { IdlePcReport } from "@shared/proto";
import { escapeHtml } from "./html-escape";
import type { Label } from "@shared/schemas/common";
import { sortKeysDeep } from "./sorted-keys";
import { conflictingRequest, invalidRequest } from "./errors";
import { deepFreeze } from "@shared/deep-freeze";
import { NODE_TYPE_TRAITS, supportedNodeType } from "./node-types";
import { InvalidPortNameFormat } from "./ports";
import { defaultLabelY, knownSymbol, symbolSize } from "./symbols";

export type NodeStatus = "stopped" | "started" | "suspended";

export interface NodeLabel {
  rotation: number;
  style: string | null;
  text: string;
  x: number | null;
  y: number;
}

export interface NodeRecord {
  node_id: string;
  project_id: string;
  compute_id: string;
  node_type: NodeType;
  name: string;
  template_id: string | null;
  status: NodeStatus;
  console: number | null;
  console_type: string | null;
  console_auto_start: boolean;
  properties: Record<string, unknown>;
  label: NodeLabel;
  symbol: string;
  x: number;
  y: number;
  z: number;
  locked: boolean;
  port_name_format: string;
  port_segment_size: number;
  first_port_name: string | null;
  custom_adapters: Array<{ adapter_number: number; port_name?: string; adapter_type?: string; mac_address?: string }>;
  /** How many times the node was reloaded; its host restarts the node when this changes. Kept off the wire. */
  reloads?: number;
  /** The command its host runs it with, as the host last reported it; absent while it runs no process. */
  command_line?: string;
  /** A router's last Idle-PC request (`…/idlepc_proposals`, `…/auto_idlepc`), which its host measures on the running router. */
  idlepc_probe?: { request: number; auto: boolean };
  /** What its host found for a request, as the host reported it. */
  idlepc_result?: IdlePcReport;
  /**
   * The QEMU node this one is a duplicate of: its host makes this node's disks as copies of
   * that node's (GNS3 copies a duplicated node's folder). Kept off the wire, and out of the
   * topology file: an archive carries no VM disks to copy.
   */
  overlay_source?: { project_id: string; node_id: string };
  /** MB `resize_disk` added to each disk of a QEMU linked clone, in all; its host grows the overlay before the next start. */
  disk_growth_mb?: Partial<Record<string, number>>;
  revision: number;
}

/**
 * What a duplicate of `node` records of it: the node its disks are copied from, for a type
 * whose host keeps disks (`copiesDisksOnDuplicate`: QEMU). `projectId`: the project `node` is in, when its record
 * already names the copy's (a duplicated project's topology).
 */
export function duplicateOrigin(node: NodeRecord, projectId = node.project_id): Pick<NodeRecord, "overlay_source"> {
  return NODE_TYPE_TRAITS[node.node_type].copiesDisksOnDuplicate ? { overlay_source: { project_id: projectId, node_id: node.node_id } } : {};
}

export interface NewNodeContext {
  nodeId: string;
  projectId: string;
  name: string;
  console: number | null;
  hostInterfaces: string[];
}

/** A console type the node's host serves, or a 400 naming those it does. */
function checkConsoleType(nodeType: NodeType, consoleType: string | null): void {
  const served = NODE_TYPE_TRAITS[nodeType].consoleTypes;
  if (consoleType === null || served === undefined || served.includes(consoleType)) return;
  throw invalidRequest(`A ${nodeType} node's console here is ${served.join(" or ")}; console_type ${consoleType} is not served`);
}

export function newNode(input: NodeCreate, context: NewNodeContext): NodeRecord {
  const kind = supportedNodeType(input.node_type);
  checkConsoleType(input.node_type, input.console_type ?? null);
  const symbol = knownSymbol(input.symbol ?? kind.symbol);
  const properties = kind.creation.checkProperties({
    ...kind.creation.defaultProperties({ nodeId: context.nodeId, hostInterfaces: context.hostInterfaces }),
    ...(input.properties ?? {}),
  });
  const record: NodeRecord = {
    node_id: context.nodeId,
    project_id: context.projectId,
    compute_id: input.compute_id,
    node_type: input.node_type,
    name: context.name,
    template_id: input.template_id ?? null,
    status: kind.alwaysRunning ? "started" : "stopped",
    console: context.console,
    console_type: input.console_type ?? kind.consoleType,
    console_auto_start: input.console_auto_start ?? false,
    properties,
    label: nodeLabel(input.label, context.name, symbol),
    symbol,
    x: input.x ?? 0,
    y: input.y ?? 0,
    z: input.z ?? 1,
    locked: input.locked ?? false,
    port_name_format: input.port_name_format ?? kind.portNaming.format,
    port_segment_size: input.port_segment_size ?? kind.portNaming.segmentSize,
    first_port_name: input.first_port_name ?? null,
    custom_adapters: input.custom_adapters ?? [],
    revision: 1,
  };
  nodePorts(record);
  return record;
}

/** Whatever label a client sends, its text is the node name (GNS3 overwrites it). */
function nodeLabel(label: Label | undefined, name: string, symbol: string): NodeLabel {
  return {
    rotation: label?.rotation ?? 0,
    style: label?.style ?? null,
    text: name,
    x: label?.x ?? null,
    y: label?.y ?? defaultLabelY(symbolSize(symbol).height),
  };
}

/** The auxiliary console port a node holds (`properties.aux` of a type with one), or null. */
export function auxPort(node: Pick<NodeRecord, "node_type" | "properties">): number | null {
  const aux = node.properties.aux;
  return NODE_TYPE_TRAITS[node.node_type].auxConsole && typeof aux === "number" && Number.isInteger(aux) ? aux : null;
}

/** Every console port a node holds on its host: its console, its aux console. */
export function heldConsolePorts(node: Pick<NodeRecord, "node_type" | "properties" | "console">): number[] {
  return [node.console, auxPort(node)].filter((port): port is number => port !== null);
}

/** Fields a PUT may change; identity and runtime fields are the server's. */
export function updatedNode(record: NodeRecord, input: NodeUpdate, name: string): NodeRecord {
  if (input.node_type !== undefined && input.node_type !== record.node_type) {
    throw invalidRequest(`node_type cannot be changed (the node is a ${record.node_type}); create a new node instead`);
  }
  if (input.compute_id !== undefined && input.compute_id !== record.compute_id) {
    throw invalidRequest(`compute_id cannot be changed (the node runs on ${record.compute_id})`);
  }
  const kind = supportedNodeType(record.node_type);
  const next: NodeRecord = { ...record, name };
  if (input.properties !== undefined) {
    next.properties = kind.creation.checkProperties({ ...record.properties, ...input.properties });
    // The aux port is allocated and claimed by the server, as the console port is.
    if (NODE_TYPE_TRAITS[record.node_type].auxConsole) next.properties.aux = record.properties.aux ?? null;
  }
  if (input.symbol !== undefined) next.symbol = knownSymbol(input.symbol);
  if (input.label !== undefined) next.label = nodeLabel(input.label, name, next.symbol);
  // GNS3's name setter re-centres the label over the renamed node (x null: the client centres it).
  else if (name !== record.name) next.label = { ...next.label, x: null };
  next.label = { ...next.label, text: name };
  if (input.console_type !== undefined) checkConsoleType(record.node_type, input.console_type);
  for (const key of ["console_type", "console_auto_start", "x", "y", "z", "locked", "port_name_format", "port_segment_size", "first_port_name", "custom_adapters"] as const) {
    if (input[key] !== undefined) (next as unknown as Record<string, unknown>)[key] = input[key];
  }
  nodePorts(next);
  return next;
}

/**
 * Stored records are frozen and shared (see store/kv.ts), so a record's port list, which a
 * link creation or a node listing asks for again and again, is computed once per record.
 */
const portsOfRecord = new WeakMap<NodeRecord, PortWire[]>();

export function nodePorts(record: NodeRecord): PortWire[] {
  const known = portsOfRecord.get(record);
  if (known) return known;
  try {
    const ports = supportedNodeType(record.node_type).creation.ports(record);
    if (Object.isFrozen(record)) portsOfRecord.set(record, deepFreeze(ports));
    return ports;
  } catch (error) {
    if (error instanceof InvalidPortNameFormat) throw conflictingRequest(error.message);
    throw error;
  }
}

export function findPort(record: NodeRecord, adapter: number, port: number): PortWire | undefined {
  return nodePorts(record).find((candidate) => candidate.adapter_number === adapter && candidate.port_number === port);
}

export interface NodeWireContext {
  consoleHost: string;
  projectsDir: string;
}

export function nodeToWire(record: NodeRecord, context: NodeWireContext): NodeWire {
  const { width, height } = symbolSize(record.symbol);
  return {
    command_line: record.command_line ?? (NODE_TYPE_TRAITS[record.node_type].reportsCommandLine ? "" : null),
    compute_id: record.compute_id,
    console: record.console,
    console_auto_start: record.console_auto_start,
    console_host: context.consoleHost,
    console_type: record.console_type as NodeWire["console_type"],
    custom_adapters: record.custom_adapters,
    first_port_name: record.first_port_name,
    height,
    label: { rotation: record.label.rotation, style: record.label.style, text: escapeHtml(record.label.text), x: record.label.x, y: record.label.y },
    locked: record.locked,
    name: record.name,
    node_directory: `${context.projectsDir}/${record.project_id}/project-files/${record.node_type}/${record.node_id}`,
    node_id: record.node_id,
    node_type: record.node_type,
    port_name_format: record.port_name_format,
    port_segment_size: record.port_segment_size,
    ports: nodePorts(record),
    project_id: record.project_id,
    properties: sortKeysDeep(record.properties),
    status: record.status,
    symbol: record.symbol,
    template_id: record.template_id,
    width,
    x: record.x,
    y: record.y,
    z: record.z,
  };
}

/** The `.gns3` topology shape, which is also what lists of a closed project show. */
export function nodeToTopology(record: NodeRecord): Record<string, unknown> {
  const { width, height } = symbolSize(record.symbol);
  return {
    compute_id: record.compute_id,
    console: record.console,
    console_auto_start: record.console_auto_start,
    console_type: record.console_type,
    custom_adapters: record.custom_adapters,
    first_port_name: record.first_port_name,
    height,
    label: record.label,
    locked: record.locked,
    name: record.name,
    node_id: record.node_id,
    node_type: record.node_type,
    port_name_format: record.port_name_format,
    port_segment_size: record.port_segment_size,
    properties: sortKeysDeep(record.properties),
    symbol: record.symbol,
    template_id: record.template_id,
    width,
    x: record.x,
    y: record.y,
    z: record.z,
  };
}
