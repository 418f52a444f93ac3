import { describe, expect, it } from "vitest";
import { NodeKind } from "@shared/proto";
import { NODE_TYPES, type NodeType } from "@shared/schemas/node";
import { NODE_TYPE_TRAITS, supportedNodeType, type PortSource } from "./node-types";

function typesWhere(trait: (type: NodeType) => boolean): NodeType[] {
  return NODE_TYPES.filter(trait).sort();
}

const NODE_ID = "0f1e2d3c-4b5a-4968-8778-695a4b3c2d1e";

function portSource(nodeType: NodeType, properties: Record<string, unknown> = {}, fields: Partial<PortSource> = {}): PortSource {
  const traits = supportedNodeType(nodeType);
  return {
    node_id: NODE_ID,
    properties: { ...traits.creation.defaultProperties({ nodeId: NODE_ID, hostInterfaces: ["eth0", "lo"] }), ...properties },
    port_name_format: traits.portNaming.format,
    port_segment_size: traits.portNaming.segmentSize,
    first_port_name: null,
    custom_adapters: [],
    ...fields,
  };
}

describe("the node type table", () => {
  it("has a row for every GNS3 node type", () => {
    expect(Object.keys(NODE_TYPE_TRAITS).sort()).toEqual([...NODE_TYPES].sort());
  });

  it("names what a daemon runs each type as, and nothing for the types no daemon runs", () => {
    const run = Object.fromEntries(NODE_TYPES.filter((type) => NODE_TYPE_TRAITS[type].dataplaneKind !== undefined).map((type) => [type, NODE_TYPE_TRAITS[type].dataplaneKind]));
    expect(run).toEqual({
      vpcs: NodeKind.VPCS, ethernet_switch: NodeKind.ETHERNET_SWITCH, ethernet_hub: NodeKind.ETHERNET_HUB, cloud: NodeKind.CLOUD, nat: NodeKind.NAT, qemu: NodeKind.QEMU, docker: NodeKind.DOCKER,
      frame_relay_switch: NodeKind.FRAME_RELAY_SWITCH, atm_switch: NodeKind.ATM_SWITCH, dynamips: NodeKind.DYNAMIPS,
    });
  });

  it("filters links at GNS3's filter node types and at Frame Relay and ATM switches, not at Ethernet switches and hubs", () => {
    expect(typesWhere((type) => NODE_TYPE_TRAITS[type].filtersLinks)).toEqual(
      ["atm_switch", "cloud", "docker", "dynamips", "frame_relay_switch", "iou", "nat", "qemu", "traceng", "virtualbox", "vmware", "vpcs"],
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
    expect(NODE_TYPE_TRAITS.frame_relay_switch.defaultNameFormat).toBe("FRSW{0}");
    expect(NODE_TYPE_TRAITS.atm_switch.defaultNameFormat).toBe("ATMSW{0}");
    expect(NODE_TYPE_TRAITS.nat).toMatchObject({ defaultNameFormat: "NAT{0}", symbol: ":/symbols/nat.svg" });
    for (const type of NODE_TYPES) expect(NODE_TYPE_TRAITS[type].symbol, type).toMatch(/^:\/symbols\/[a-z_]+\.svg$/);
  });
});

describe("supportedNodeType", () => {
  it("gives every GNS3 node type a way to be created", () => {
    for (const type of NODE_TYPES) expect(supportedNodeType(type).creation, type).toBeDefined();
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
    // GNS3: "0c:%s:%s:%s:00:00" % (id[2:4], id[4:6], id[6:8]) of "0f1e2d3c-…".
    expect(portSource("qemu").properties.mac_address).toBe("0c:1e:2d:3c:00:00");
    expect(ports.map((port) => port.mac_address)).toEqual(["0c:1e:2d:3c:00:00", "0c:1e:2d:3c:00:01", "0c:1e:2d:3c:00:02"]);
  });

  it("gives Docker a MAC base derived from the node id as GNS3 (02:42:id[2:4]:id[4:6]:id[6:8]:00), one more per adapter", () => {
    expect(portSource("docker").properties.mac_address).toBe("02:42:1e:2d:3c:00");
    const ports = supportedNodeType("docker").creation.ports(portSource("docker", { adapters: 2 }));
    expect(ports.map((port) => port.mac_address)).toEqual(["02:42:1e:2d:3c:00", "02:42:1e:2d:3c:01"]);
  });

  it("applies a Docker node's custom adapters: port name (also its short name) and MAC address, as GNS3", () => {
    const ports = supportedNodeType("docker").creation.ports(
      portSource("docker", { adapters: 3, mac_address: "02:42:00:00:00:00" }, { custom_adapters: [{ adapter_number: 1, port_name: "wan", mac_address: "02:aa:bb:cc:dd:ee" }] }),
    );
    expect(ports).toEqual([
      { adapter_number: 0, data_link_types: { Ethernet: "DLT_EN10MB" }, link_type: "ethernet", mac_address: "02:42:00:00:00:00", name: "eth0", port_number: 0, short_name: "eth0" },
      { adapter_number: 1, data_link_types: { Ethernet: "DLT_EN10MB" }, link_type: "ethernet", mac_address: "02:aa:bb:cc:dd:ee", name: "wan", port_number: 0, short_name: "wan" },
      { adapter_number: 2, data_link_types: { Ethernet: "DLT_EN10MB" }, link_type: "ethernet", mac_address: "02:42:00:00:00:02", name: "eth2", port_number: 0, short_name: "eth2" },
    ]);
    expect(Object.keys(ports[0]!)).toEqual(["adapter_number", "data_link_types", "link_type", "mac_address", "name", "port_number", "short_name"]);
  });

  it("names new IOU nodes' ports Ethernet{segment0}/{port0} in segments of 4, as GNS3", () => {
    expect(NODE_TYPE_TRAITS.iou.portNaming).toEqual({ format: "Ethernet{segment0}/{port0}", segmentSize: 4 });
    for (const type of NODE_TYPES.filter((type) => type !== "iou")) expect(NODE_TYPE_TRAITS[type].portNaming, type).toEqual({ format: "Ethernet{0}", segmentSize: 0 });
  });

  it("gives IOU four ports per Ethernet and serial adapter, named from its format", () => {
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

  it("names the entry and field of a bad port mapping as a path", () => {
    const check = (mapping: unknown) => () => supportedNodeType("ethernet_hub").creation.checkProperties({ ports_mapping: mapping });
    expect(check([{ name: "a", port_number: -1 }])).toThrow(/^Invalid properties\.ports_mapping\[0\]\.port_number: /);
    expect(check(["x"])).toThrow(/^Invalid properties\.ports_mapping\[0\]: /);
    expect(check("x")).toThrow(/^Invalid properties\.ports_mapping: /);
  });

  it.each(["qemu", "docker"] as const)("refuses a %s base MAC address that is not one, and accepts null (derived from the node id)", (type) => {
    const image = type === "docker" ? { image: "alpine:3.20" } : {};
    const check = (mac_address: unknown) => supportedNodeType(type).creation.checkProperties({ ...image, mac_address });
    expect(() => check("zz:zz")).toThrow('properties.mac_address must be a MAC address such as 0c:00:00:00:00:00, or null, got "zz:zz"');
    expect(() => check(12)).toThrow("got 12");
    expect(check(null)).toEqual({ ...image, mac_address: null });
    expect(supportedNodeType(type).creation.ports(portSource(type, { mac_address: null }))[0]!.mac_address).toMatch(/^(0c|02):/);
  });

  it("refuses an adapter count out of the type's range", () => {
    expect(() => supportedNodeType("qemu").creation.checkProperties({ adapters: 276 })).toThrow(
      "properties.adapters must be an integer from 0 to 275, got 276",
    );
    expect(() => supportedNodeType("docker").creation.checkProperties({ image: "alpine", adapters: 1.5 })).toThrow(
      "properties.adapters must be an integer from 1 to 32 for a Docker node (each is an ethN of the container), got 1.5",
    );
  });

  it("refuses Frame Relay mappings that are not port:dlci pairs, and ATM ones that are not VPI or VPI:VCI", () => {
    expect(() => supportedNodeType("frame_relay_switch").creation.checkProperties({ mappings: { "1:101": "x" } })).toThrow(
      `Invalid properties.mappings: mapping "1:101": "x" is not 'port:dlci'`,
    );
    expect(() => supportedNodeType("atm_switch").creation.checkProperties({ mappings: { "1:0:100": "2:1:2:3" } })).toThrow(
      `Invalid properties.mappings: mapping "1:0:100": "2:1:2:3" is not 'port:vpi' or 'port:vpi:vci'`,
    );
    expect(supportedNodeType("frame_relay_switch").creation.checkProperties({ mappings: { "1:101": "2:202" } })).toEqual({ mappings: { "1:101": "2:202" } });
  });
});
