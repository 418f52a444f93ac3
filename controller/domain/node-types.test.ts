import { describe, expect, it } from "vitest";
import { NodeKind } from "@shared/proto";
import { NODE_TYPES, type NodeType } from "@shared/schemas/node";
import { DomainError } from "./errors";
import { NODE_TYPE_TRAITS, supportedNodeType, type PortSource } from "./node-types";

function typesWhere(trait: (type: NodeType) => boolean): NodeType[] {
  return NODE_TYPES.filter(trait).sort();
}

function portSource(nodeType: NodeType, properties: Record<string, unknown> = {}): PortSource {
  const creation = supportedNodeType(nodeType).creation;
  return {
    node_id: "0f1e2d3c-4b5a-4968-8778-695a4b3c2d1e",
    properties: { ...creation.defaultProperties({ nodeId: "0f1e2d3c-4b5a-4968-8778-695a4b3c2d1e", hostInterfaces: ["eth0", "lo"] }), ...properties },
    port_name_format: "Ethernet{0}",
    port_segment_size: 0,
    first_port_name: null,
    custom_adapters: [],
  };
}

describe("the node type table", () => {
  it("has a row for every GNS3 node type", () => {
    expect(Object.keys(NODE_TYPE_TRAITS).sort()).toEqual([...NODE_TYPES].sort());
  });

  it("names what a daemon runs each type as, and nothing for the types no daemon runs", () => {
    const run = Object.fromEntries(NODE_TYPES.filter((type) => NODE_TYPE_TRAITS[type].dataplaneKind !== undefined).map((type) => [type, NODE_TYPE_TRAITS[type].dataplaneKind]));
    expect(run).toEqual({ vpcs: NodeKind.VPCS, ethernet_switch: NodeKind.ETHERNET_SWITCH, ethernet_hub: NodeKind.ETHERNET_HUB, cloud: NodeKind.CLOUD });
  });

  it("filters links at GNS3's filter node types, not at switches and hubs", () => {
    expect(typesWhere((type) => NODE_TYPE_TRAITS[type].filtersLinks)).toEqual(
      ["cloud", "docker", "dynamips", "iou", "nat", "qemu", "traceng", "virtualbox", "vmware", "vpcs"],
    );
  });

  it("prefers GNS3's built-in devices as the capturing end", () => {
    expect(typesWhere((type) => NODE_TYPE_TRAITS[type].capturesFirst)).toEqual(
      ["atm_switch", "cloud", "ethernet_hub", "ethernet_switch", "frame_relay_switch", "nat"],
    );
  });

  it("treats clouds and NAT as the types that bridge to the host", () => {
    expect(typesWhere((type) => NODE_TYPE_TRAITS[type].cloudLike)).toEqual(["cloud", "nat"]);
  });

  it("runs built-in devices as soon as they exist, emulators only when started", () => {
    expect(typesWhere((type) => NODE_TYPE_TRAITS[type].alwaysRunning)).toEqual(
      ["atm_switch", "cloud", "ethernet_hub", "ethernet_switch", "frame_relay_switch", "nat"],
    );
  });

  it("names and draws new nodes as GNS3's templates do", () => {
    expect(NODE_TYPE_TRAITS.vpcs).toMatchObject({ defaultNameFormat: "PC{0}", symbol: ":/symbols/vpcs_guest.svg", consoleType: "telnet" });
    expect(NODE_TYPE_TRAITS.ethernet_switch).toMatchObject({ defaultNameFormat: "Switch{0}", symbol: ":/symbols/ethernet_switch.svg", consoleType: "none" });
    expect(NODE_TYPE_TRAITS.frame_relay_switch.defaultNameFormat).toBe("FR{0}");
    expect(NODE_TYPE_TRAITS.atm_switch.defaultNameFormat).toBe("ATM{0}");
    for (const type of NODE_TYPES) expect(NODE_TYPE_TRAITS[type].symbol, type).toMatch(/^:\/symbols\/[a-z_]+\.svg$/);
  });
});

describe("supportedNodeType", () => {
  it("refuses a type this server cannot create with a conflict saying what to do instead", () => {
    expect(() => supportedNodeType("dynamips")).toThrow(DomainError);
    expect(() => supportedNodeType("dynamips")).toThrow(
      "Node type dynamips is not supported by this server; connect the emulator through a cloud node's UDP tunnel port",
    );
    try {
      supportedNodeType("dynamips");
    } catch (error) {
      expect((error as DomainError).violation).toBe("conflict");
    }
  });

  it("gives every other type a way to be created", () => {
    for (const type of NODE_TYPES.filter((type) => type !== "dynamips")) expect(supportedNodeType(type).creation, type).toBeDefined();
  });
});

describe("ports of each type", () => {
  it("gives a switch and a hub eight ports on adapter 0, a VPCS one", () => {
    expect(supportedNodeType("ethernet_switch").creation.ports(portSource("ethernet_switch")).map((port) => port.short_name)).toEqual(
      ["e0", "e1", "e2", "e3", "e4", "e5", "e6", "e7"],
    );
    expect(supportedNodeType("ethernet_hub").creation.ports(portSource("ethernet_hub"))).toHaveLength(8);
    expect(supportedNodeType("vpcs").creation.ports(portSource("vpcs"))).toMatchObject([{ name: "Ethernet0", adapter_number: 0, port_number: 0 }]);
  });

  it("gives a cloud one port per host interface, named after it", () => {
    expect(supportedNodeType("cloud").creation.ports(portSource("cloud")).map((port) => port.name)).toEqual(["eth0", "lo"]);
  });

  it("numbers emulator ports by adapter, with the MAC base derived from the node id for QEMU", () => {
    const ports = supportedNodeType("qemu").creation.ports(portSource("qemu", { adapters: 3 }));
    expect(ports.map((port) => [port.name, port.adapter_number, port.port_number])).toEqual([
      ["Ethernet0", 0, 0],
      ["Ethernet1", 1, 0],
      ["Ethernet2", 2, 0],
    ]);
    expect(portSource("qemu").properties.mac_address).toBe("0c:3c:2d:1e:00:00");
  });

  it("gives IOU four ports per Ethernet and serial adapter", () => {
    const ports = supportedNodeType("iou").creation.ports(portSource("iou", { ethernet_adapters: 1, serial_adapters: 1 }));
    expect(ports.map((port) => `${port.name}:${port.link_type}`)).toEqual([
      "Ethernet0/0:ethernet", "Ethernet0/1:ethernet", "Ethernet0/2:ethernet", "Ethernet0/3:ethernet",
      "Serial1/0:serial", "Serial1/1:serial", "Serial1/2:serial", "Serial1/3:serial",
    ]);
  });
});

describe("property checks", () => {
  it("refuses a switch port mapping that repeats a port number", () => {
    const mapping = [
      { name: "Ethernet0", port_number: 0, type: "access", vlan: 1, ethertype: "" },
      { name: "Ethernet1", port_number: 0, type: "access", vlan: 1, ethertype: "" },
    ];
    expect(() => supportedNodeType("ethernet_switch").creation.checkProperties({ ports_mapping: mapping })).toThrow(
      "Invalid properties.ports_mapping: port_number 0 appears twice",
    );
  });

  it("refuses an adapter count out of the type's range", () => {
    expect(() => supportedNodeType("qemu").creation.checkProperties({ adapters: 276 })).toThrow(
      "properties.adapters must be an integer from 0 to 275, got 276",
    );
    expect(() => supportedNodeType("docker").creation.checkProperties({ adapters: 1.5 })).toThrow("properties.adapters must be an integer from 0 to 99, got 1.5");
  });

  it("refuses Frame Relay mappings that are not port:dlci pairs", () => {
    expect(() => supportedNodeType("frame_relay_switch").creation.checkProperties({ mappings: { "1:101": "x" } })).toThrow(
      "properties.mappings must map 'port:dlci' (or 'port:vpi:vci') strings to the same form",
    );
    expect(supportedNodeType("frame_relay_switch").creation.checkProperties({ mappings: { "1:101": "2:202" } })).toEqual({ mappings: { "1:101": "2:202" } });
  });
});
