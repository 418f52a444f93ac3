import { z } from "zod";
import { cloudPortMapping, hubPortMapping, switchPortMapping, type NodeType, type PortWire } from "@shared/schemas/node";
import { ApiError } from "../http/api-error";
import { ethernetPort, serialPort, standardPorts } from "./ports";

/** What a node needs to compute its ports; a subset of the stored record. */
export interface PortSource {
  node_id: string;
  properties: Record<string, unknown>;
  port_name_format: string;
  port_segment_size: number;
  first_port_name: string | null;
  custom_adapters: Array<{ adapter_number: number; port_name?: string; adapter_type?: string; mac_address?: string }>;
}

/** Everything that differs between node types, in one table rather than switches across modules. */
export interface NodeKind {
  consoleType: "telnet" | "vnc" | "none" | null;
  /** Switches, hubs, clouds and NAT run as soon as they exist, as in GNS3. */
  alwaysRunning: boolean;
  symbol: string;
  defaultProperties(context: { nodeId: string; hostInterfaces: string[] }): Record<string, unknown>;
  /** Checks and normalises client-sent properties; throws a 400 with what is wrong. */
  checkProperties(properties: Record<string, unknown>): Record<string, unknown>;
  ports(node: PortSource): PortWire[];
}

/** Node types whose link end applies a link's filters (GNS3's "filter node" types). */
export const FILTERING_NODE_TYPES: ReadonlySet<NodeType> = new Set([
  "vpcs", "traceng", "vmware", "dynamips", "qemu", "iou", "cloud", "nat", "virtualbox", "docker",
]);

const anyProperties = (properties: Record<string, unknown>) => properties;

function checkMapping<S extends z.ZodType>(schema: S, properties: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = properties[key];
  if (value === undefined) return properties;
  const parsed = z.array(schema).safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ApiError(400, `Invalid properties.${key}${issue.path.length ? `[${issue.path.join("].")}` : ""}: ${issue.message}`);
  }
  const numbers = new Set<number>();
  for (const entry of parsed.data as Array<{ port_number: number }>) {
    if (numbers.has(entry.port_number)) throw new ApiError(400, `Invalid properties.${key}: port_number ${entry.port_number} appears twice`);
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

function countProperty(properties: Record<string, unknown>, key: string, fallback: number, maximum: number): number {
  const value = properties[key];
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > maximum) {
    throw new ApiError(400, `properties.${key} must be an integer from 0 to ${maximum}, got ${JSON.stringify(value)}`);
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

/** QEMU's default MAC base `0c:XX:XX:XX:00:00`, derived from the node id like GNS3. */
function qemuBaseMac(nodeId: string): string {
  const hex = nodeId.replace(/-/g, "");
  return `0c:${hex.slice(-6, -4)}:${hex.slice(-4, -2)}:${hex.slice(-2)}:00:00`;
}

function switchMappingPortNumbers(node: PortSource): number[] {
  const mappings = (node.properties.mappings as Record<string, string> | undefined) ?? {};
  const numbers = new Set<number>();
  for (const [source, destination] of Object.entries(mappings)) {
    for (const end of [source, destination]) {
      const number = Number(String(end).split(":")[0]);
      if (Number.isInteger(number)) numbers.add(number);
    }
  }
  return [...numbers].sort((a, b) => a - b);
}

const mappingsSchema = z.record(z.string().regex(/^\d+:\d+(:\d+)?$/), z.string().regex(/^\d+:\d+(:\d+)?$/));

function checkSwitchMappings(properties: Record<string, unknown>): Record<string, unknown> {
  if (properties.mappings !== undefined && !mappingsSchema.safeParse(properties.mappings).success) {
    throw new ApiError(400, "properties.mappings must map 'port:dlci' (or 'port:vpi:vci') strings to the same form");
  }
  return properties;
}

const single = (): PortWire[] => [ethernetPort("Ethernet0", 0, 0, "e0")];

export const NODE_KINDS: Record<NodeType, NodeKind | undefined> = {
  vpcs: {
    consoleType: "telnet",
    alwaysRunning: false,
    symbol: ":/symbols/vpcs_guest.svg",
    defaultProperties: () => ({}),
    checkProperties: anyProperties,
    ports: single,
  },
  traceng: {
    consoleType: "none",
    alwaysRunning: false,
    symbol: ":/symbols/traceng.svg",
    defaultProperties: () => ({}),
    checkProperties: anyProperties,
    ports: single,
  },
  ethernet_switch: {
    consoleType: "none",
    alwaysRunning: true,
    symbol: ":/symbols/ethernet_switch.svg",
    defaultProperties: () => ({
      ports_mapping: eightPorts((index) => ({ ethertype: "", name: `Ethernet${index}`, port_number: index, type: "access", vlan: 1 })),
    }),
    checkProperties: (properties) => checkMapping(switchPortMapping, properties, "ports_mapping"),
    ports: (node) => mappingPorts(node, (_name, index) => `e${index}`),
  },
  ethernet_hub: {
    consoleType: "none",
    alwaysRunning: true,
    symbol: ":/symbols/hub.svg",
    defaultProperties: () => ({ ports_mapping: eightPorts((index) => ({ name: `Ethernet${index}`, port_number: index })) }),
    checkProperties: (properties) => checkMapping(hubPortMapping, properties, "ports_mapping"),
    ports: (node) => mappingPorts(node, (_name, index) => `e${index}`),
  },
  cloud: {
    consoleType: "none",
    alwaysRunning: true,
    symbol: ":/symbols/cloud.svg",
    defaultProperties: ({ hostInterfaces }) => ({
      interfaces: hostInterfaces.map((name) => ({ name, special: false, type: "ethernet" })),
      ports_mapping: hostInterfaces.map((name, index) => ({ interface: name, name, port_number: index, type: "ethernet" })),
    }),
    checkProperties: (properties) => checkMapping(cloudPortMapping, properties, "ports_mapping"),
    ports: (node) => mappingPorts(node, (name) => name),
  },
  nat: {
    consoleType: "none",
    alwaysRunning: true,
    symbol: ":/symbols/cloud.svg",
    defaultProperties: () => ({}),
    checkProperties: anyProperties,
    ports: () => [ethernetPort("nat0", 0, 0, "nat0")],
  },
  qemu: {
    consoleType: "telnet",
    alwaysRunning: false,
    symbol: ":/symbols/qemu_guest.svg",
    defaultProperties: ({ nodeId }) => ({ adapter_type: "e1000", adapters: 1, mac_address: qemuBaseMac(nodeId) }),
    checkProperties: (properties) => (countProperty(properties, "adapters", 1, 275), properties),
    ports: (node) =>
      adapterPorts(node, String(node.properties.adapter_type ?? "e1000"), String(node.properties.mac_address ?? qemuBaseMac(node.node_id))),
  },
  virtualbox: {
    consoleType: "none",
    alwaysRunning: false,
    symbol: ":/symbols/vbox_guest.svg",
    defaultProperties: () => ({ adapter_type: "Intel PRO/1000 MT Desktop (82540EM)", adapters: 1 }),
    checkProperties: (properties) => (countProperty(properties, "adapters", 1, 36), properties),
    ports: (node) => adapterPorts(node, String(node.properties.adapter_type ?? "")),
  },
  vmware: {
    consoleType: "none",
    alwaysRunning: false,
    symbol: ":/symbols/vmware_guest.svg",
    defaultProperties: () => ({ adapter_type: "e1000", adapters: 1 }),
    checkProperties: (properties) => (countProperty(properties, "adapters", 1, 10), properties),
    ports: (node) => adapterPorts(node, String(node.properties.adapter_type ?? "")),
  },
  docker: {
    consoleType: "telnet",
    alwaysRunning: false,
    symbol: ":/symbols/docker_guest.svg",
    defaultProperties: () => ({ adapters: 1 }),
    checkProperties: (properties) => (countProperty(properties, "adapters", 1, 99), properties),
    ports: (node) =>
      Array.from({ length: countProperty(node.properties, "adapters", 1, 99) }, (_, index) =>
        ethernetPort(`eth${index}`, index, 0, `eth${index}`),
      ),
  },
  iou: {
    consoleType: "telnet",
    alwaysRunning: false,
    symbol: ":/symbols/multilayer_switch.svg",
    defaultProperties: () => ({ ethernet_adapters: 2, serial_adapters: 2 }),
    checkProperties: (properties) => (countProperty(properties, "ethernet_adapters", 2, 16), countProperty(properties, "serial_adapters", 2, 16), properties),
    ports: (node) => {
      const ethernet = countProperty(node.properties, "ethernet_adapters", 2, 16);
      const serial = countProperty(node.properties, "serial_adapters", 2, 16);
      const ports: PortWire[] = [];
      for (let adapter = 0; adapter < ethernet + serial; adapter++) {
        for (let port = 0; port < 4; port++) {
          ports.push(
            adapter < ethernet
              ? ethernetPort(`Ethernet${adapter}/${port}`, adapter, port)
              : serialPort(`Serial${adapter}/${port}`, adapter, port),
          );
        }
      }
      return ports;
    },
  },
  frame_relay_switch: {
    consoleType: "none",
    alwaysRunning: true,
    symbol: ":/symbols/frame_relay_switch.svg",
    defaultProperties: () => ({ mappings: {} }),
    checkProperties: checkSwitchMappings,
    ports: (node) => switchMappingPortNumbers(node).map((n) => serialPort(String(n), 0, n, { "Frame Relay": "DLT_FRELAY" })),
  },
  atm_switch: {
    consoleType: "none",
    alwaysRunning: true,
    symbol: ":/symbols/atm_switch.svg",
    defaultProperties: () => ({ mappings: {} }),
    checkProperties: checkSwitchMappings,
    ports: (node) => switchMappingPortNumbers(node).map((n) => serialPort(String(n), 0, n, { ATM: "DLT_ATM_RFC1483" })),
  },
  // Dynamips port lists depend on platform, slot and WIC tables this server does not carry.
  dynamips: undefined,
};

export function nodeKind(type: NodeType): NodeKind {
  const kind = NODE_KINDS[type];
  if (!kind) throw new ApiError(409, `Node type ${type} is not supported by this server; connect the emulator through a cloud node's UDP tunnel port`);
  return kind;
}
