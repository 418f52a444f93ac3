import { z } from "zod";
import { circuitPorts, readCircuits, type SwitchFamily } from "@shared/dynamips/virtual-circuits";
import { NodeKind } from "@shared/proto";
import { QEMU_DEFAULTS, QEMU_IMAGE_PROPERTIES, QEMU_SHUTDOWN_MS, QEMU_START_MS } from "@shared/qemu/defaults";
import { MAC_ADDRESS_PATTERN, cloudPortMapping, hubPortMapping, switchPortMapping, type NodeType, type PortWire } from "@shared/schemas/node";
import { DOCKER_NETWORK_CONFIG, checkDockerProperties, sampleNetworkConfig } from "./docker-properties";
import { checkRouterProperties, routerPorts } from "./dynamips-properties";
import { conflictingRequest, invalidRequest } from "./errors";
import { ethernetPort, macPlus, serialPort, standardPorts } from "./ports";
import { VPCS_STARTUP_SCRIPT, renamedStartupScript } from "./vpcs-script";

/** What a node needs to compute its ports; a subset of the stored record. */
export interface PortSource {
  node_id: string;
  properties: Record<string, unknown>;
  port_name_format: string;
  port_segment_size: number;
  first_port_name: string | null;
  custom_adapters: Array<{ adapter_number: number; port_name?: string; adapter_type?: string; mac_address?: string }>;
}

/** How the controller makes nodes of a type it can create, and checks what clients send for them. */
export interface NodeCreation {
  defaultProperties(context: { nodeId: string; hostInterfaces: string[] }): Record<string, unknown>;
  /** Checks and normalises client-sent properties; throws a 400 with what is wrong. */
  checkProperties(properties: Record<string, unknown>): Record<string, unknown>;
  ports(node: PortSource): PortWire[];
}

/**
 * Everything that differs between node types, in one table (`NODE_TYPE_TRAITS`) that every
 * module reads instead of keeping its own list of types. Adding a node type: a row here, then
 * the steps in dataplane/nodes/README.md.
 */
export interface NodeTypeTraits {
  /** Absent for types this server cannot create; they may still arrive in an imported project. */
  creation: NodeCreation | undefined;
  consoleType: "telnet" | "vnc" | "none" | null;
  /** Switches, hubs, clouds and NAT run as soon as they exist, as in GNS3. */
  alwaysRunning: boolean;
  symbol: string;
  /** The name a new node gets (`{0}`: the lowest free number), as GNS3's built-in templates. */
  defaultNameFormat: string;
  /** A new node's `port_name_format` and `port_segment_size`, as GNS3 sets them. */
  portNaming: { format: string; segmentSize: number };
  /** What a dataplane daemon runs it as; absent when no daemon runs this type. */
  dataplaneKind: NodeKind | undefined;
  /** Whether a link with an end on it applies filters (GNS3's "filter node" types). */
  filtersLinks: boolean;
  /** A built-in device: preferred over an emulator as the side that captures a link, as GNS3 picks it. */
  capturesFirst: boolean;
  /** Clouds and NAT bridge to the host's network: two of them cannot be linked together. */
  cloudLike: boolean;
  /**
   * A process whose command GNS3 reports as the node's `command_line` ("" until it runs); the
   * other types show null, as in GNS3.
   */
  reportsCommandLine?: true;
  /** The properties that name images of the store its host needs (fetched, checked, exported with the project). */
  imageProperties?: readonly string[];
  /** Work a host takes long over, given to a change on top of the ack timeout: a start, a graceful stop. */
  slowWork?: { startMs: number; gracefulStopMs: number };
  /** Its host keeps disks for it, which a duplicate gets a copy of. */
  copiesDisksOnDuplicate?: true;
  /** GNS3's compute serves `…/resize_disk` for it: its disks can grow. */
  resizesDisks?: true;
  /** A Frame Relay or ATM switch: its `mappings` are virtual circuits of that family, which Dynamips switches. */
  virtualCircuits?: SwitchFamily;
  /** GNS3's compute serves `…/auto_idlepc` and `…/idlepc_proposals` for it. */
  idlePc?: true;
  /**
   * It also gets an auxiliary console port (`properties.aux`), from the same range and claims
   * as console ports: "always", as GNS3 gives Docker nodes one; "asked", only when the client
   * names one at creation, as GNS3's Dynamips routers.
   */
  auxConsole?: "always" | "asked";
  /** The console types its host serves; absent: every type GNS3 names. Another is refused with a 400. */
  consoleTypes?: readonly string[];
  /**
   * The node file its host is given with the state while the node runs (VPCS's startup.vpc, a
   * container's etc/network/interfaces, a router's startup config, named by its instance id):
   * clients edit it through `…/files/…`, the host uses it. Read through `carriedFileOf`.
   */
  carriedFile?: string | ((properties: Record<string, unknown>) => string);
  /** How its carried file names the node, rewritten when the node is renamed or duplicated (VPCS's `set pcname`, a router's `hostname`). */
  namedInCarriedFile?(text: string, name: string): string;
  /** Its project gives it a `dynamips_id` (the lowest free from 1 to 4096), which names its files, as GNS3's Dynamips routers. */
  instanceIds?: true;
  /** The node files a new node starts with, by path in its folder (besides a VPCS script). */
  initialFiles?(node: { name: string; properties: Record<string, unknown> }): Record<string, string>;
}

const anyProperties = (properties: Record<string, unknown>) => properties;

function checkMapping<S extends z.ZodType>(schema: S, properties: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = properties[key];
  if (value === undefined) return properties;
  const parsed = z.array(schema).safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`)).join("");
    throw invalidRequest(`Invalid properties.${key}${where}: ${issue.message}`);
  }
  const numbers = new Set<number>();
  for (const entry of parsed.data as Array<{ port_number: number }>) {
    if (numbers.has(entry.port_number)) throw invalidRequest(`Invalid properties.${key}: port_number ${entry.port_number} appears twice`);
    numbers.add(entry.port_number);
  }
  return properties;
}

function mappingPorts(node: PortSource, shortName: (name: string, index: number) => string): PortWire[] {
  const mapping = (node.properties.ports_mapping as Array<{ name: string }> | undefined) ?? [];
  return mapping.map((entry, index) => ethernetPort(entry.name, 0, index, shortName(entry.name, index)));
}

function eightPorts<T>(entry: (index: number) => T): T[] {
  return Array.from({ length: 8 }, (_, index) => entry(index));
}

/** A new Ethernet switch's ports, as GNS3 makes them: eight access ports in VLAN 1. */
export function defaultSwitchPorts(): Array<z.output<typeof switchPortMapping>> {
  return eightPorts((index) => ({ ethertype: "", name: `Ethernet${index}`, port_number: index, type: "access", vlan: 1 }));
}

/** A new Ethernet hub's ports, as GNS3 makes them: eight. */
export function defaultHubPorts(): Array<z.output<typeof hubPortMapping>> {
  return eightPorts((index) => ({ name: `Ethernet${index}`, port_number: index }));
}

function countProperty(properties: Record<string, unknown>, key: string, fallback: number, maximum: number): number {
  const value = properties[key];
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > maximum) {
    throw invalidRequest(`properties.${key} must be an integer from 0 to ${maximum}, got ${JSON.stringify(value)}`);
  }
  return value;
}

function adapterPorts(node: PortSource, adapterType?: string, baseMac?: string): PortWire[] {
  return standardPorts({
    adapters: countProperty(node.properties, "adapters", 1, 275),
    portNameFormat: node.port_name_format,
    portSegmentSize: node.port_segment_size,
    firstPortName: node.first_port_name,
    customAdapters: node.custom_adapters,
    ...(adapterType ? { adapterType } : {}),
    ...(baseMac ? { baseMac } : {}),
  });
}

/** GNS3's emulators take a base MAC or null (null: one derived from the node id). */
function checkMacAddress(properties: Record<string, unknown>): Record<string, unknown> {
  const value = properties.mac_address;
  if (value === undefined || value === null || (typeof value === "string" && MAC_ADDRESS_PATTERN.test(value))) return properties;
  throw invalidRequest(`properties.mac_address must be a MAC address such as 0c:00:00:00:00:00, or null, got ${JSON.stringify(value)}`);
}

/** The node's base MAC when it has one, else the default its emulator derives from the node id. */
function baseMac(node: PortSource, fallback: (nodeId: string) => string): string {
  const value = node.properties.mac_address;
  return typeof value === "string" && MAC_ADDRESS_PATTERN.test(value) ? value : fallback(node.node_id);
}

/** QEMU's default MAC base: `"0c:%s:%s:%s:00:00" % (id[2:4], id[4:6], id[6:8])` of the node id, as GNS3. */
function qemuBaseMac(nodeId: string): string {
  return `0c:${nodeId.slice(2, 4)}:${nodeId.slice(4, 6)}:${nodeId.slice(6, 8)}:00:00`;
}

/** A container's start: its image pulled when missing, then the init waiting for its adapters. */
const DOCKER_START_MS = 120_000;
/** Docker's stop gives the container GNS3's 5 s before killing it; removing it takes a moment more. */
const DOCKER_STOP_MS = 15_000;

/** Docker's default MAC base: `"02:42:%s:%s:%s:00"` of the same characters, as GNS3. */
function dockerBaseMac(nodeId: string): string {
  return `02:42:${nodeId.slice(2, 4)}:${nodeId.slice(4, 6)}:${nodeId.slice(6, 8)}:00`;
}

/** Docker names its ports ethN (short name the same); a custom adapter may rename one or set its MAC. */
function dockerPorts(node: PortSource): PortWire[] {
  const base = baseMac(node, dockerBaseMac);
  return Array.from({ length: countProperty(node.properties, "adapters", 1, 99) }, (_, adapter) => {
    const custom = node.custom_adapters.find((entry) => entry.adapter_number === adapter);
    const name = custom?.port_name ?? `eth${adapter}`;
    const { adapter_number, data_link_types, link_type, port_number, short_name } = ethernetPort(name, adapter, 0, name);
    const mac_address = custom?.mac_address || macPlus(base, adapter);
    return { adapter_number, data_link_types, link_type, mac_address, name, port_number, short_name };
  });
}

/** IOU: four ports an adapter, Ethernet adapters then serial ones, named from the node's format. */
function iouPorts(node: PortSource): PortWire[] {
  return standardPorts({
    adapters: countProperty(node.properties, "ethernet_adapters", 2, 16),
    serialAdapters: countProperty(node.properties, "serial_adapters", 2, 16),
    portsPerAdapter: 4,
    portNameFormat: node.port_name_format,
    portSegmentSize: node.port_segment_size,
    firstPortName: node.first_port_name,
    customAdapters: node.custom_adapters,
  });
}

/** A switch's circuits from its stored mappings; none when they cannot be read (an imported project's host says why). */
function storedCircuits(family: SwitchFamily, properties: Record<string, unknown>) {
  const circuits = readCircuits(family, properties.mappings);
  return typeof circuits === "string" ? [] : circuits;
}

function checkCircuits(family: SwitchFamily): (properties: Record<string, unknown>) => Record<string, unknown> {
  return (properties) => {
    const circuits = readCircuits(family, properties.mappings);
    if (typeof circuits === "string") throw invalidRequest(`Invalid properties.mappings: ${circuits}`);
    return properties;
  };
}

/** A Frame Relay or ATM switch has a serial port for every port its mappings use, named by its number (GNS3). */
function circuitSwitchPorts(family: SwitchFamily, dataLinkTypes: Record<string, string>): (node: PortSource) => PortWire[] {
  return (node) => circuitPorts(storedCircuits(family, node.properties)).map((n) => serialPort(String(n), 0, n, String(n), dataLinkTypes));
}

/** A router boots its IOS image in Dynamips: a few seconds, more on a busy host. */
const DYNAMIPS_START_MS = 60_000;

/** A router's startup config, as GNS3 names it in the node's folder (configs/i1_startup-config.cfg). */
function routerStartupConfig(properties: Record<string, unknown>): string {
  return `configs/i${Number(properties.dynamips_id ?? 0)}_startup-config.cfg`;
}

const single = (): PortWire[] => [ethernetPort("Ethernet0", 0, 0, "e0")];

/** GNS3's port naming for every type but IOU. */
const ETHERNET_NAMING = { format: "Ethernet{0}", segmentSize: 0 };

export const NODE_TYPE_TRAITS: Record<NodeType, NodeTypeTraits> = {
  vpcs: {
    consoleType: "telnet",
    alwaysRunning: false,
    symbol: ":/symbols/vpcs_guest.svg",
    defaultNameFormat: "PC{0}",
    reportsCommandLine: true,
    portNaming: ETHERNET_NAMING,
    dataplaneKind: NodeKind.VPCS,
    carriedFile: VPCS_STARTUP_SCRIPT,
    namedInCarriedFile: renamedStartupScript,
    filtersLinks: true,
    capturesFirst: false,
    cloudLike: false,
    creation: {
      defaultProperties: () => ({}),
      checkProperties: anyProperties,
      ports: single,
    },
  },
  traceng: {
    consoleType: "none",
    alwaysRunning: false,
    symbol: ":/symbols/traceng.svg",
    defaultNameFormat: "TraceNG{0}",
    reportsCommandLine: true,
    portNaming: ETHERNET_NAMING,
    dataplaneKind: undefined,
    filtersLinks: true,
    capturesFirst: false,
    cloudLike: false,
    creation: {
      defaultProperties: () => ({}),
      checkProperties: anyProperties,
      ports: single,
    },
  },
  ethernet_switch: {
    consoleType: "none",
    alwaysRunning: true,
    symbol: ":/symbols/ethernet_switch.svg",
    defaultNameFormat: "Switch{0}",
    portNaming: ETHERNET_NAMING,
    dataplaneKind: NodeKind.ETHERNET_SWITCH,
    filtersLinks: false,
    capturesFirst: true,
    cloudLike: false,
    creation: {
      defaultProperties: () => ({ ports_mapping: defaultSwitchPorts() }),
      checkProperties: (properties) => checkMapping(switchPortMapping, properties, "ports_mapping"),
      ports: (node) => mappingPorts(node, (_name, index) => `e${index}`),
    },
  },
  ethernet_hub: {
    consoleType: "none",
    alwaysRunning: true,
    symbol: ":/symbols/hub.svg",
    defaultNameFormat: "Hub{0}",
    portNaming: ETHERNET_NAMING,
    dataplaneKind: NodeKind.ETHERNET_HUB,
    filtersLinks: false,
    capturesFirst: true,
    cloudLike: false,
    creation: {
      defaultProperties: () => ({ ports_mapping: defaultHubPorts() }),
      checkProperties: (properties) => checkMapping(hubPortMapping, properties, "ports_mapping"),
      ports: (node) => mappingPorts(node, (_name, index) => `e${index}`),
    },
  },
  cloud: {
    consoleType: "none",
    alwaysRunning: true,
    symbol: ":/symbols/cloud.svg",
    defaultNameFormat: "Cloud{0}",
    portNaming: ETHERNET_NAMING,
    dataplaneKind: NodeKind.CLOUD,
    filtersLinks: true,
    capturesFirst: true,
    cloudLike: true,
    creation: {
      defaultProperties: ({ hostInterfaces }) => ({
        interfaces: hostInterfaces.map((name) => ({ name, special: false, type: "ethernet" })),
        ports_mapping: hostInterfaces.map((name, index) => ({ interface: name, name, port_number: index, type: "ethernet" })),
      }),
      checkProperties: (properties) => checkMapping(cloudPortMapping, properties, "ports_mapping"),
      ports: (node) => mappingPorts(node, (name) => name),
    },
  },
  nat: {
    consoleType: "none",
    alwaysRunning: true,
    symbol: ":/symbols/nat.svg",
    defaultNameFormat: "NAT{0}",
    portNaming: ETHERNET_NAMING,
    dataplaneKind: NodeKind.NAT,
    filtersLinks: true,
    capturesFirst: true,
    cloudLike: true,
    creation: {
      defaultProperties: () => ({}),
      checkProperties: anyProperties,
      ports: () => [ethernetPort("nat0", 0, 0, "nat0")],
    },
  },
  qemu: {
    consoleType: "telnet",
    alwaysRunning: false,
    symbol: ":/symbols/qemu_guest.svg",
    reportsCommandLine: true,
    imageProperties: QEMU_IMAGE_PROPERTIES,
    slowWork: { startMs: QEMU_START_MS, gracefulStopMs: QEMU_SHUTDOWN_MS },
    copiesDisksOnDuplicate: true,
    resizesDisks: true,
    defaultNameFormat: "{name}-{0}",
    portNaming: ETHERNET_NAMING,
    dataplaneKind: NodeKind.QEMU,
    filtersLinks: true,
    capturesFirst: false,
    cloudLike: false,
    creation: {
      defaultProperties: ({ nodeId }) => ({ adapter_type: QEMU_DEFAULTS.adapterType, adapters: QEMU_DEFAULTS.adapters, mac_address: qemuBaseMac(nodeId) }),
      checkProperties: (properties) => (countProperty(properties, "adapters", 1, 275), checkMacAddress(properties)),
      ports: (node) => adapterPorts(node, String(node.properties.adapter_type ?? QEMU_DEFAULTS.adapterType), baseMac(node, qemuBaseMac)),
    },
  },
  virtualbox: {
    consoleType: "none",
    alwaysRunning: false,
    symbol: ":/symbols/vbox_guest.svg",
    defaultNameFormat: "{name}-{0}",
    portNaming: ETHERNET_NAMING,
    dataplaneKind: undefined,
    filtersLinks: true,
    capturesFirst: false,
    cloudLike: false,
    creation: {
      defaultProperties: () => ({ adapter_type: "Intel PRO/1000 MT Desktop (82540EM)", adapters: 1 }),
      checkProperties: (properties) => (countProperty(properties, "adapters", 1, 36), properties),
      ports: (node) => adapterPorts(node, String(node.properties.adapter_type ?? "")),
    },
  },
  vmware: {
    consoleType: "none",
    alwaysRunning: false,
    symbol: ":/symbols/vmware_guest.svg",
    defaultNameFormat: "{name}-{0}",
    portNaming: ETHERNET_NAMING,
    dataplaneKind: undefined,
    filtersLinks: true,
    capturesFirst: false,
    cloudLike: false,
    creation: {
      defaultProperties: () => ({ adapter_type: "e1000", adapters: 1 }),
      checkProperties: (properties) => (countProperty(properties, "adapters", 1, 10), properties),
      ports: (node) => adapterPorts(node, String(node.properties.adapter_type ?? "")),
    },
  },
  docker: {
    consoleType: "telnet",
    consoleTypes: ["telnet", "none"],
    auxConsole: "always",
    alwaysRunning: false,
    symbol: ":/symbols/docker_guest.svg",
    defaultNameFormat: "{name}-{0}",
    portNaming: ETHERNET_NAMING,
    dataplaneKind: NodeKind.DOCKER,
    filtersLinks: true,
    capturesFirst: false,
    cloudLike: false,
    slowWork: { startMs: DOCKER_START_MS, gracefulStopMs: DOCKER_STOP_MS },
    carriedFile: DOCKER_NETWORK_CONFIG,
    initialFiles: (node) => ({ [DOCKER_NETWORK_CONFIG]: sampleNetworkConfig(countProperty(node.properties, "adapters", 1, 99), node.name) }),
    creation: {
      defaultProperties: ({ nodeId }) => ({ adapters: 1, mac_address: dockerBaseMac(nodeId) }),
      checkProperties: (properties) => checkMacAddress(checkDockerProperties(properties)),
      ports: dockerPorts,
    },
  },
  iou: {
    consoleType: "telnet",
    alwaysRunning: false,
    symbol: ":/symbols/multilayer_switch.svg",
    defaultNameFormat: "IOU{0}",
    reportsCommandLine: true,
    portNaming: { format: "Ethernet{segment0}/{port0}", segmentSize: 4 },
    dataplaneKind: undefined,
    filtersLinks: true,
    capturesFirst: false,
    cloudLike: false,
    creation: {
      defaultProperties: () => ({ ethernet_adapters: 2, serial_adapters: 2 }),
      checkProperties: (properties) => (countProperty(properties, "ethernet_adapters", 2, 16), countProperty(properties, "serial_adapters", 2, 16), properties),
      ports: iouPorts,
    },
  },
  frame_relay_switch: {
    consoleType: "none",
    alwaysRunning: true,
    symbol: ":/symbols/frame_relay_switch.svg",
    defaultNameFormat: "FRSW{0}",
    portNaming: ETHERNET_NAMING,
    dataplaneKind: NodeKind.FRAME_RELAY_SWITCH,
    virtualCircuits: "frame_relay",
    // GNS3 filters at the router end of a serial link; here the host filters any link, and a
    // link between two switches is the one place a lab can degrade a circuit's path.
    filtersLinks: true,
    capturesFirst: true,
    cloudLike: false,
    creation: {
      defaultProperties: () => ({ mappings: {} }),
      checkProperties: checkCircuits("frame_relay"),
      ports: circuitSwitchPorts("frame_relay", { "Frame Relay": "DLT_FRELAY" }),
    },
  },
  atm_switch: {
    consoleType: "none",
    alwaysRunning: true,
    symbol: ":/symbols/atm_switch.svg",
    defaultNameFormat: "ATMSW{0}",
    portNaming: ETHERNET_NAMING,
    dataplaneKind: NodeKind.ATM_SWITCH,
    virtualCircuits: "atm",
    // GNS3 filters at the router end of a serial link; here the host filters any link, and a
    // link between two switches is the one place a lab can degrade a circuit's path.
    filtersLinks: true,
    capturesFirst: true,
    cloudLike: false,
    creation: {
      defaultProperties: () => ({ mappings: {} }),
      checkProperties: checkCircuits("atm"),
      ports: circuitSwitchPorts("atm", { ATM: "DLT_ATM_RFC1483" }),
    },
  },
  dynamips: {
    consoleType: "telnet",
    consoleTypes: ["telnet", "none"],
    alwaysRunning: false,
    symbol: ":/symbols/router.svg",
    defaultNameFormat: "R{0}",
    reportsCommandLine: true,
    portNaming: ETHERNET_NAMING,
    dataplaneKind: NodeKind.DYNAMIPS,
    imageProperties: ["image"],
    slowWork: { startMs: DYNAMIPS_START_MS, gracefulStopMs: 0 },
    filtersLinks: true,
    capturesFirst: false,
    cloudLike: false,
    idlePc: true,
    instanceIds: true,
    auxConsole: "asked",
    carriedFile: routerStartupConfig,
    namedInCarriedFile: (config, name) => config.replace(/^hostname [^\r\n]*/gm, `hostname ${name}`),
    initialFiles: (node) => ({ [routerStartupConfig(node.properties)]: `!\nhostname ${node.name}\n!\nend\n` }),
    creation: {
      defaultProperties: () => ({}),
      checkProperties: checkRouterProperties,
      ports: (node) => routerPorts(node.properties),
    },
  },
};

/** The node file its host is given while it runs (`carriedFile`), for this node; undefined for types without one. */
export function carriedFileOf(node: { node_type: NodeType; properties: Record<string, unknown> }): string | undefined {
  const carried = NODE_TYPE_TRAITS[node.node_type].carriedFile;
  return typeof carried === "function" ? carried(node.properties) : carried;
}

/** The traits of a type this server can create and run, or a 409 saying what to do instead. */
/** The images of the store a node's properties name, by its type's `imageProperties` (none for most types). */
export function nodeImageNames(node: { node_type: NodeType; properties: Record<string, unknown> }): string[] {
  return (NODE_TYPE_TRAITS[node.node_type].imageProperties ?? []).flatMap((property) => {
    const name = node.properties[property];
    return typeof name === "string" && name !== "" ? [name] : [];
  });
}

export function supportedNodeType(type: NodeType): SupportedNodeType {
  const traits = NODE_TYPE_TRAITS[type];
  if (!isSupported(traits)) throw conflictingRequest(`Node type ${type} is not supported by this server; connect the emulator through a cloud node's UDP tunnel port`);
  return traits;
}

export type SupportedNodeType = NodeTypeTraits & { creation: NodeCreation };

function isSupported(traits: NodeTypeTraits): traits is SupportedNodeType {
  return traits.creation !== undefined;
}
