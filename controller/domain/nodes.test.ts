import { describe, expect, it } from "vitest";
import type { NodeCreate, NodeType } from "@shared/schemas/node";
import { refusal } from "./testing";
import { duplicateOrigin, findPort, newNode, nodePorts, updatedNode, type NewNodeContext, type NodeRecord } from "./nodes";

const PROJECT = "11111111-1111-4111-8111-111111111111";
const NODE = "0f1e2d3c-4b5a-4968-8778-695a4b3c2d1e";
const TEMPLATE = "19021f99-e36f-394d-b4a1-8aaa902ab9cc";


const context = (overrides: Partial<NewNodeContext> = {}): NewNodeContext => ({
  nodeId: NODE,
  projectId: PROJECT,
  name: "N1",
  console: null,
  hostInterfaces: ["eth0", "virbr0"],
  ...overrides,
});

function make(node_type: NodeType, extra: Partial<NodeCreate> = {}): NodeRecord {
  return newNode({ name: "N1", compute_id: "local", node_type, ...extra }, context());
}

const portNames = (record: NodeRecord) => nodePorts(record).map((port) => port.name);

describe("newNode", () => {
  it("gives a VPCS node GNS3's defaults", () => {
    expect(newNode({ name: "PC 1", node_type: "vpcs", compute_id: "local" }, context({ name: "PC1", console: 5000 }))).toEqual({
      node_id: NODE,
      project_id: PROJECT,
      compute_id: "local",
      node_type: "vpcs",
      name: "PC1",
      template_id: null,
      status: "stopped",
      console: 5000,
      console_type: "telnet",
      console_auto_start: false,
      properties: {},
      label: { rotation: 0, style: null, text: "PC1", x: null, y: -40 },
      symbol: ":/symbols/vpcs_guest.svg",
      x: 0,
      y: 0,
      z: 1,
      locked: false,
      port_name_format: "Ethernet{0}",
      port_segment_size: 0,
      first_port_name: null,
      custom_adapters: [],
      revision: 1,
    });
  });

  it("starts built-in devices at once (GNS3's always-running types), emulators stopped", () => {
    const statuses = (["ethernet_switch", "ethernet_hub", "cloud", "nat", "frame_relay_switch", "atm_switch", "vpcs", "qemu", "docker", "iou"] as const).map(
      (type) => [type, make(type, type === "docker" ? { properties: { image: "alpine" } } : {}).status],
    );
    expect(Object.fromEntries(statuses)).toEqual({
      ethernet_switch: "started", ethernet_hub: "started", cloud: "started", nat: "started", frame_relay_switch: "started", atm_switch: "started",
      vpcs: "stopped", qemu: "stopped", docker: "stopped", iou: "stopped",
    });
  });

  it("gives a switch eight access ports on VLAN 1, as GNS3's built-in template", () => {
    const node = make("ethernet_switch");
    expect(node).toMatchObject({ console_type: "none", symbol: ":/symbols/ethernet_switch.svg", label: { y: -26 } });
    const mapping = node.properties.ports_mapping as unknown[];
    expect(mapping).toHaveLength(8);
    expect(mapping[3]).toEqual({ ethertype: "", name: "Ethernet3", port_number: 3, type: "access", vlan: 1 });
  });

  it("gives a cloud one port per host interface", () => {
    expect(make("cloud").properties).toEqual({
      interfaces: [{ name: "eth0", special: false, type: "ethernet" }, { name: "virbr0", special: false, type: "ethernet" }],
      ports_mapping: [
        { interface: "eth0", name: "eth0", port_number: 0, type: "ethernet" },
        { interface: "virbr0", name: "virbr0", port_number: 1, type: "ethernet" },
      ],
    });
  });

  it("merges the client's properties over the type's defaults", () => {
    expect(make("qemu", { properties: { adapters: 3, ram: 512 } }).properties).toMatchObject({ adapter_type: "e1000", adapters: 3, ram: 512 });
    expect(make("iou", { properties: { serial_adapters: 0 } }).properties).toEqual({ ethernet_adapters: 2, serial_adapters: 0 });
  });

  it("keeps the fields the client sends", () => {
    const node = make("vpcs", {
      x: -10, y: 20, z: 3, locked: true, console_type: "none", console_auto_start: true, template_id: TEMPLATE,
      port_name_format: "eth{0}", port_segment_size: 2, first_port_name: "mgmt", custom_adapters: [{ adapter_number: 0, port_name: "p" }],
    });
    expect(node).toMatchObject({
      x: -10, y: 20, z: 3, locked: true, console_type: "none", console_auto_start: true, template_id: TEMPLATE,
      port_name_format: "eth{0}", port_segment_size: 2, first_port_name: "mgmt", custom_adapters: [{ adapter_number: 0, port_name: "p" }],
    });
  });

  it("labels the node with its name whatever text the client sends, as GNS3 does", () => {
    const node = make("vpcs", { label: { text: "something else", style: "fill: #000;", x: 12, y: -7, rotation: 90 } });
    expect(node.label).toEqual({ rotation: 90, style: "fill: #000;", text: "N1", x: 12, y: -7 });
  });

  it.each([
    [":/symbols/vpcs_guest.svg", -40], // height 59: 39.5 rounds to even 40
    [":/symbols/ethernet_switch.svg", -26], // height 32: 26 exactly
    [":/symbols/multilayer_switch.svg", -34], // height 48: 34 exactly
    [":/symbols/cloud.svg", -46], // height 71: 45.5 rounds to even 46
    [":/symbols/router.svg", -32], // height 45: 32.5 rounds to even 32
  ])("places the label of %s at y %i, above the symbol with Python's rounding", (symbol, y) => {
    expect(make("vpcs", { symbol }).label.y).toBe(y);
  });

  it("replaces an unknown built-in symbol with the computer, keeps a custom symbol file", () => {
    expect(make("vpcs", { symbol: ":/symbols/nope.svg" }).symbol).toBe(":/symbols/computer.svg");
    expect(make("vpcs", { symbol: "my-router.svg" }).symbol).toBe("my-router.svg");
  });

  it("refuses a Dynamips router without its platform (400)", () => {
    expect(refusal(() => make("dynamips"))).toEqual({
      violation: "invalid",
      message: 'properties.platform must be one of c7200, c3745, c3725, c2691, c3600, c2600, c1700, got undefined',
    });
  });

  describe("property checks (400)", () => {
    it("refuses a switch port number that appears twice", () => {
      const entry = (name: string, port_number: number) => ({ name, port_number, type: "access", vlan: 1 });
      expect(refusal(() => make("ethernet_switch", { properties: { ports_mapping: [entry("a", 0), entry("b", 1), entry("c", 1)] } }))).toEqual({
        violation: "invalid",
        message: "Invalid properties.ports_mapping: port_number 1 appears twice",
      });
    });

    it("names the bad field of a port mapping", () => {
      const { violation, message } = refusal(() =>
        make("ethernet_switch", { properties: { ports_mapping: [{ name: "a", port_number: 0, type: "access", vlan: 0 }] } }),
      );
      expect(violation).toBe("invalid");
      expect(message).toMatch(/^Invalid properties\.ports_mapping\[0\]\.vlan: /);
    });

    it("refuses a port mapping that is not a list", () => {
      expect(refusal(() => make("ethernet_hub", { properties: { ports_mapping: "x" } })).message).toMatch(/^Invalid properties\.ports_mapping: /);
    });

    it("refuses a cloud UDP port without a valid local port", () => {
      const udp = { name: "tunnel", port_number: 0, type: "udp", lport: 0, rhost: "10.0.0.2", rport: 4000 };
      expect(refusal(() => make("cloud", { properties: { ports_mapping: [udp] } })).message).toMatch(/^Invalid properties\.ports_mapping\[0\]\.lport: /);
    });

    it.each([
      ["qemu", "adapters", 276, "properties.adapters must be an integer from 0 to 275, got 276"],
      ["qemu", "adapters", -1, "properties.adapters must be an integer from 0 to 275, got -1"],
      ["qemu", "adapters", 1.5, "properties.adapters must be an integer from 0 to 275, got 1.5"],
      ["qemu", "adapters", "2", 'properties.adapters must be an integer from 0 to 275, got "2"'],
      ["virtualbox", "adapters", 37, "properties.adapters must be an integer from 0 to 36, got 37"],
      ["vmware", "adapters", 11, "properties.adapters must be an integer from 0 to 10, got 11"],
      ["iou", "ethernet_adapters", 17, "properties.ethernet_adapters must be an integer from 0 to 16, got 17"],
      ["iou", "serial_adapters", null, "properties.serial_adapters must be an integer from 0 to 16, got null"],
    ] as const)("refuses %s %s = %j", (type, key, value, message) => {
      expect(refusal(() => make(type, { properties: { [key]: value } }))).toEqual({ violation: "invalid", message });
    });

    it("accepts the bounds themselves", () => {
      expect(nodePorts(make("qemu", { properties: { adapters: 275 } }))).toHaveLength(275);
      expect(nodePorts(make("qemu", { properties: { adapters: 0 } }))).toEqual([]);
    });

    it.each([
      [{ "1": "2:202" }, `mapping "1": "1" is not 'port:dlci'`],
      [{ "1:101": "x" }, `mapping "1:101": "x" is not 'port:dlci'`],
      [["1:101"], "mappings must be an object of 'source': 'destination' strings"],
      [{ "1:101": "2:202", "3:301": "2:202" }, `port 2 DLCI 202 is in two mappings ("1:101" and "3:301")`],
    ])("refuses Frame Relay mappings %j, saying why", (mappings, why) => {
      expect(refusal(() => make("frame_relay_switch", { properties: { mappings } }))).toEqual({ violation: "invalid", message: `Invalid properties.mappings: ${why}` });
    });
  });

  it.each([
    ["eth{x}", "Invalid port name format eth{x}: 'x'"],
    ["eth{", "Invalid port name format eth{: Single '{' encountered in format string"],
    ["eth{3}", "Invalid port name format eth{3}: Replacement index 3 out of range for positional args tuple"],
  ])("refuses the port name format %j with GNS3's message quoting Python's (409)", (format, message) => {
    expect(refusal(() => make("qemu", { port_name_format: format }))).toEqual({ violation: "conflict", message });
  });

  it("gives a new IOU node GNS3's IOU port naming, Ethernet{segment0}/{port0} in segments of 4, unless the client sends its own", () => {
    expect(make("iou")).toMatchObject({ port_name_format: "Ethernet{segment0}/{port0}", port_segment_size: 4 });
    expect(make("qemu")).toMatchObject({ port_name_format: "Ethernet{0}", port_segment_size: 0 });
    const own = make("iou", { port_name_format: "e{segment0}/{port0}", port_segment_size: 2, properties: { ethernet_adapters: 1, serial_adapters: 0 } });
    expect(portNames(own)).toEqual(["e0/0", "e0/1", "e1/0", "e1/1"]);
  });
});

describe("duplicateOrigin", () => {
  it("names a QEMU node as the source of its duplicate's disks, in its project or the one given", () => {
    expect(duplicateOrigin(make("qemu"))).toEqual({ overlay_source: { project_id: PROJECT, node_id: NODE } });
    expect(duplicateOrigin(make("qemu"), "original-project")).toEqual({ overlay_source: { project_id: "original-project", node_id: NODE } });
  });

  it("records nothing for nodes without disks", () => {
    for (const type of ["vpcs", "ethernet_switch", "iou"] as const) expect(duplicateOrigin(make(type))).toEqual({});
    expect(duplicateOrigin(make("docker", { properties: { image: "alpine" } }))).toEqual({});
  });
});

describe("updatedNode", () => {
  const stored = () => make("qemu", { x: 5, properties: { adapters: 2, ram: 256 } });

  it.each([
    [{ node_type: "vpcs" as const }, "node_type cannot be changed (the node is a qemu); create a new node instead"],
    [{ compute_id: "host-b" }, "compute_id cannot be changed (the node runs on local)"],
  ])("refuses to change %j (400)", (input, message) => {
    expect(refusal(() => updatedNode(stored(), input, "N1"))).toEqual({ violation: "invalid", message });
  });

  it("accepts node_type and compute_id sent back unchanged, as clients echo whole nodes", () => {
    expect(updatedNode(stored(), { node_type: "qemu", compute_id: "local", x: 9 }, "N1").x).toBe(9);
  });

  it("ignores read-only fields a client echoes", () => {
    const before = stored();
    const after = updatedNode(before, { node_id: "aaaaaaaa-0000-4000-8000-000000000009", project_id: "22222222-2222-4222-8222-222222222222", status: "started", width: 1, ports: [] }, "N1");
    expect(after).toEqual(before);
  });

  it("merges properties over the stored ones and checks the result", () => {
    expect(updatedNode(stored(), { properties: { adapters: 3 } }, "N1").properties).toMatchObject({ adapters: 3, ram: 256, adapter_type: "e1000" });
    expect(refusal(() => updatedNode(stored(), { properties: { adapters: 999 } }, "N1"))).toEqual({
      violation: "invalid",
      message: "properties.adapters must be an integer from 0 to 275, got 999",
    });
  });

  it("checks a switch's new port mapping for duplicates", () => {
    const entry = { name: "a", port_number: 4, type: "access", vlan: 1 };
    expect(refusal(() => updatedNode(make("ethernet_switch"), { properties: { ports_mapping: [entry, entry] } }, "N1")).message).toBe(
      "Invalid properties.ports_mapping: port_number 4 appears twice",
    );
  });

  it("refuses a new port name format with an unknown field (409)", () => {
    expect(refusal(() => updatedNode(stored(), { port_name_format: "{bogus}" }, "N1"))).toEqual({
      violation: "conflict",
      message: "Invalid port name format {bogus}: 'bogus'",
    });
  });

  it("re-centres the label of a renamed node (x null, y kept), as GNS3's name setter does", () => {
    const placed = updatedNode(stored(), { label: { text: "N1", x: 12, y: -30 } }, "N1");
    expect(updatedNode(placed, {}, "VM7").label).toEqual({ rotation: 0, style: null, text: "VM7", x: null, y: -30 });
    expect(updatedNode(placed, { x: 3 }, "N1").label.x).toBe(12);
  });

  it("keeps the label a rename sends along with the new name", () => {
    const placed = updatedNode(stored(), { label: { text: "N1", x: 12, y: -30 } }, "N1");
    expect(updatedNode(placed, { label: { text: "x", x: 5, y: -9 } }, "VM7").label).toEqual({ rotation: 0, style: null, text: "VM7", x: 5, y: -9 });
  });

  it("takes the given name and keeps the label's text equal to it, as GNS3 does", () => {
    const renamed = updatedNode(stored(), {}, "VM7");
    expect(renamed.name).toBe("VM7");
    expect(renamed.label.text).toBe("VM7");
    const relabelled = updatedNode(stored(), { label: { text: "ignored", x: 3, y: 4, rotation: 10 } }, "N1");
    expect(relabelled.label).toEqual({ rotation: 10, style: null, text: "N1", x: 3, y: 4 });
  });

  it("replaces the fields a client may change", () => {
    const after = updatedNode(stored(), {
      x: -1, y: -2, z: 7, locked: true, console_type: "vnc", console_auto_start: true,
      port_name_format: "eth{0}", port_segment_size: 0, first_port_name: "mgmt0", custom_adapters: [{ adapter_number: 1, port_name: "wan" }],
      symbol: ":/symbols/router.svg",
    }, "N1");
    expect(after).toMatchObject({
      x: -1, y: -2, z: 7, locked: true, console_type: "vnc", console_auto_start: true,
      port_name_format: "eth{0}", first_port_name: "mgmt0", custom_adapters: [{ adapter_number: 1, port_name: "wan" }],
      symbol: ":/symbols/router.svg",
    });
    expect(portNames(after)).toEqual(["mgmt0", "wan"]);
  });

  it("leaves the stored record untouched", () => {
    const before = stored();
    const copy = structuredClone(before);
    updatedNode(before, { properties: { adapters: 4 }, x: 100, label: { text: "x", x: 1 } }, "Other");
    expect(before).toEqual(copy);
  });

  it("checks an imported router's properties when a client changes them (400)", () => {
    const imported: NodeRecord = { ...make("vpcs"), node_type: "dynamips", properties: { platform: "c7200", image: "c7200.bin", slot1: "NM-4T" } };
    expect(refusal(() => updatedNode(imported, { properties: { ram: 512 } }, "R1"))).toEqual({
      violation: "invalid",
      message: 'properties.slot1: a c7200\'s slot 1 takes PA-FE-TX, PA-2FE-TX, PA-GE, PA-4E, PA-8E, PA-4T+, PA-8T, PA-A1, PA-POS-OC3, not "NM-4T"',
    });
  });
});

describe("nodePorts", () => {
  it("gives VPCS one Ethernet0 port, short name e0, as GNS3", () => {
    expect(nodePorts(make("vpcs"))).toEqual([
      { adapter_number: 0, data_link_types: { Ethernet: "DLT_EN10MB" }, link_type: "ethernet", name: "Ethernet0", port_number: 0, short_name: "e0" },
    ]);
  });

  it("numbers a switch's ports in mapping order with short names e0, e1…, as GNS3 does", () => {
    const entry = (name: string, port_number: number) => ({ name, port_number, type: "access", vlan: 1 });
    const ports = nodePorts(make("ethernet_switch", { properties: { ports_mapping: [entry("Gi0/5", 5), entry("uplink", 2)] } }));
    expect(ports.map((port) => [port.adapter_number, port.port_number, port.name, port.short_name])).toEqual([
      [0, 0, "Gi0/5", "e0"],
      [0, 1, "uplink", "e1"],
    ]);
  });

  it("names a cloud's ports after its mapping, short names included", () => {
    expect(nodePorts(make("cloud")).map((port) => [port.port_number, port.name, port.short_name])).toEqual([
      [0, "eth0", "eth0"],
      [1, "virbr0", "virbr0"],
    ]);
  });

  it("gives NAT its single nat0 port", () => {
    expect(portNames(make("nat"))).toEqual(["nat0"]);
  });

  it("gives Docker one ethN port per adapter", () => {
    expect(nodePorts(make("docker", { properties: { image: "alpine", adapters: 3 } })).map((port) => [port.adapter_number, port.name, port.short_name])).toEqual([
      [0, "eth0", "eth0"],
      [1, "eth1", "eth1"],
      [2, "eth2", "eth2"],
    ]);
  });

  it("gives IOU four ports per adapter, Ethernet adapters before serial ones, as GNS3", () => {
    const ports = nodePorts(make("iou", { properties: { ethernet_adapters: 1, serial_adapters: 1 } }));
    expect(ports.map((port) => [port.adapter_number, port.port_number, port.name, port.short_name, port.link_type])).toEqual([
      [0, 0, "Ethernet0/0", "e0/0", "ethernet"],
      [0, 1, "Ethernet0/1", "e0/1", "ethernet"],
      [0, 2, "Ethernet0/2", "e0/2", "ethernet"],
      [0, 3, "Ethernet0/3", "e0/3", "ethernet"],
      [1, 0, "Serial1/0", "s1/0", "serial"],
      [1, 1, "Serial1/1", "s1/1", "serial"],
      [1, 2, "Serial1/2", "s1/2", "serial"],
      [1, 3, "Serial1/3", "s1/3", "serial"],
    ]);
    expect(nodePorts(make("iou"))).toHaveLength(16);
  });

  it("gives a Frame Relay switch one serial port per port number in its mappings, sorted, as GNS3", () => {
    const ports = nodePorts(make("frame_relay_switch", { properties: { mappings: { "10:101": "2:202", "2:203": "10:102" } } }));
    expect(ports).toEqual([2, 10].map((n) => ({
      adapter_number: 0, data_link_types: { "Frame Relay": "DLT_FRELAY" }, link_type: "serial", name: String(n), port_number: n, short_name: String(n),
    })));
    expect(nodePorts(make("frame_relay_switch"))).toEqual([]);
  });

  it("gives an ATM switch its ports with the ATM link type", () => {
    const ports = nodePorts(make("atm_switch", { properties: { mappings: { "1:0:100": "10:0:200" } } }));
    expect(ports.map((port) => [port.port_number, port.link_type, port.data_link_types])).toEqual([
      [1, "serial", { ATM: "DLT_ATM_RFC1483" }],
      [10, "serial", { ATM: "DLT_ATM_RFC1483" }],
    ]);
  });

  it("names QEMU ports from the node's format, first port name and custom adapters, MACs from its mac_address", () => {
    const node = make("qemu", {
      properties: { adapters: 3, mac_address: "0c:aa:bb:cc:00:00" },
      first_port_name: "mgmt0",
      port_name_format: "Gi0/{0}",
      custom_adapters: [{ adapter_number: 2, port_name: "uplink", adapter_type: "virtio-net-pci" }],
    });
    expect(nodePorts(node).map((port) => [port.name, port.adapter_type, port.mac_address])).toEqual([
      ["mgmt0", "e1000", "0c:aa:bb:cc:00:00"],
      ["Gi0/0", "e1000", "0c:aa:bb:cc:00:01"],
      ["uplink", "virtio-net-pci", "0c:aa:bb:cc:00:02"],
    ]);
  });

  it("computes a stored (frozen) record's ports once and hands out the same frozen list", () => {
    const node = Object.freeze(make("ethernet_switch"));
    const first = nodePorts(node);
    expect(nodePorts(node)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true);
  });

  it("finds a port by adapter and port number", () => {
    const node = make("iou");
    expect(findPort(node, 3, 2)?.name).toBe("Serial3/2");
    expect(findPort(node, 4, 0)).toBeUndefined();
  });
});
