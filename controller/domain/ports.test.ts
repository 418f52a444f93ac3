import { describe, expect, it } from "vitest";
import { InvalidPortNameFormat, ethernetPort, formatPortName, serialPort, standardPorts, type StandardPortOptions } from "./ports";

function ports(options: Partial<StandardPortOptions>) {
  return standardPorts({ adapters: 1, portNameFormat: "Ethernet{0}", portSegmentSize: 0, firstPortName: null, customAdapters: [], ...options });
}

const names = (options: Partial<StandardPortOptions>) => ports(options).map((port) => port.name);
const shortNames = (options: Partial<StandardPortOptions>) => ports(options).map((port) => port.short_name);

function formatRefusal(run: () => unknown): InvalidPortNameFormat {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidPortNameFormat) return error;
    throw error;
  }
  throw new Error("expected the format to be refused");
}

describe("formatPortName", () => {
  it.each([
    ["Ethernet{0}", 3, 0, 3, "Ethernet3"],
    ["eth{port0}", 3, 0, 3, "eth3"],
    ["eth{port1}", 3, 0, 3, "eth4"],
    ["eth{port8}", 0, 0, 0, "eth8"],
    ["nic{adapter}", 0, 0, 7, "nic7"],
    ["Gi{1}/{0}", 1, 2, 5, "Gi2/1"],
    ["Gi{segment0}/{port0}", 1, 2, 9, "Gi2/1"],
    ["Gi{segment1}/{port1}", 1, 2, 5, "Gi3/2"],
    ["e{0}{0}", 2, 0, 2, "e22"],
    ["eth{}", 4, 9, 4, "eth4"],
    ["e{{x}}", 0, 0, 0, "e{x}"],
    ["eth{0:02d}", 7, 0, 7, "eth07"],
    ["mgmt", 4, 0, 4, "mgmt"],
  ])("%s for interface %i, segment %i, adapter %i → %s, as Python's str.format with GNS3's fields", (format, interfaceNumber, segment, adapter, expected) => {
    expect(formatPortName(format, interfaceNumber, segment, adapter)).toBe(expected);
  });

  it.each([
    ["eth{", "Single '{' encountered in format string"],
    ["eth}", "Single '}' encountered in format string"],
    ["eth{x}", "'x'"],
    ["eth{port9}", "'port9'"],
    ["eth{segment9}", "'segment9'"],
    ["eth{2}", "Replacement index 2 out of range for positional args tuple"],
    ["eth{}{}{}", "Replacement index 2 out of range for positional args tuple"],
    ["eth{0}{}", "cannot switch from manual field specification to automatic field numbering"],
    ["eth{0:q}", "Unknown format code 'q' for object of type 'int'"],
  ])("refuses %j with Python's reason, which GNS3 quotes", (format, reason) => {
    const refusal = formatRefusal(() => formatPortName(format, 0, 0, 0));
    expect(refusal).toMatchObject({ format, reason, message: `Invalid port name format ${format}: ${reason}` });
  });
});

describe("standardPorts", () => {
  it("gives one Ethernet port per adapter, named from the format with keys sorted as GNS3 answers", () => {
    const made = ports({ adapters: 3 });
    expect(made).toEqual([0, 1, 2].map((adapter) => ({
      adapter_number: adapter,
      data_link_types: { Ethernet: "DLT_EN10MB" },
      link_type: "ethernet",
      name: `Ethernet${adapter}`,
      port_number: 0,
      short_name: `e${adapter}`,
    })));
    expect(Object.keys(made[0]!)).toEqual(["adapter_number", "data_link_types", "link_type", "name", "port_number", "short_name"]);
  });

  it("has no ports without adapters", () => {
    expect(ports({ adapters: 0 })).toEqual([]);
  });

  it("counts {port0} within a segment and {segment0} per segment of port_segment_size ports", () => {
    expect(names({ adapters: 5, portNameFormat: "Gi{segment0}/{port0}", portSegmentSize: 2 })).toEqual(["Gi0/0", "Gi0/1", "Gi1/0", "Gi1/1", "Gi2/0"]);
    expect(names({ adapters: 3, portNameFormat: "Gi{segment1}/{port1}", portSegmentSize: 2 })).toEqual(["Gi1/1", "Gi1/2", "Gi2/1"]);
  });

  it("restarts {0} (which is {port0}) at each segment and numbers segments with {1}, as GNS3", () => {
    expect(names({ adapters: 4, portNameFormat: "Ethernet{1}/{0}", portSegmentSize: 2 })).toEqual(["Ethernet0/0", "Ethernet0/1", "Ethernet1/0", "Ethernet1/1"]);
    expect(shortNames({ adapters: 4, portNameFormat: "Ethernet{1}/{0}", portSegmentSize: 2 })).toEqual(["e0/0", "e0/1", "e1/0", "e1/1"]);
  });

  it("moves the segment on with every port when port_segment_size is 0, as GNS3", () => {
    expect(names({ adapters: 3, portNameFormat: "eth{1}" })).toEqual(["eth0", "eth1", "eth2"]);
    expect(names({ adapters: 3, portNameFormat: "Gi{segment0}/{port0}" })).toEqual(["Gi0/0", "Gi1/1", "Gi2/2"]);
  });

  it("fills {} with the interface number, as Python's automatic numbering does", () => {
    expect(names({ adapters: 3, portNameFormat: "eth{}" })).toEqual(["eth0", "eth1", "eth2"]);
  });

  it("names adapter 0 with first_port_name without using up a number, as GNS3 does", () => {
    expect(names({ adapters: 3, firstPortName: "mgmt0" })).toEqual(["mgmt0", "Ethernet0", "Ethernet1"]);
    expect(ports({ adapters: 1, firstPortName: "mgmt0" })[0]).toMatchObject({ adapter_number: 0, name: "mgmt0", short_name: "mgmt0" });
  });

  it("lets custom_adapters rename a port, even over first_port_name", () => {
    expect(names({ adapters: 3, customAdapters: [{ adapter_number: 2, port_name: "uplink" }] })).toEqual(["Ethernet0", "Ethernet1", "uplink"]);
    expect(names({ adapters: 2, firstPortName: "mgmt0", customAdapters: [{ adapter_number: 0, port_name: "oob" }] })).toEqual(["oob", "Ethernet0"]);
  });

  it("still uses up the number of a port a custom adapter renames, as GNS3", () => {
    expect(names({ adapters: 3, customAdapters: [{ adapter_number: 1, port_name: "wan" }] })).toEqual(["Ethernet0", "wan", "Ethernet2"]);
    expect(shortNames({ adapters: 3, customAdapters: [{ adapter_number: 1, port_name: "wan" }] })).toEqual(["e0", "wan", "e2"]);
  });

  it("refuses a bad format even where a custom adapter names the port, as GNS3", () => {
    expect(() => ports({ portNameFormat: "eth{", customAdapters: [{ adapter_number: 0, port_name: "wan" }] })).toThrow(InvalidPortNameFormat);
  });

  it("uses first_port_name as its own short name, as given", () => {
    expect(ports({ firstPortName: "Ethernet0/0" })[0]).toMatchObject({ name: "Ethernet0/0", short_name: "Ethernet0/0" });
  });

  it("derives short names as GNS3's Ethernet ports do: long word replaced when there is a slash, else only Ethernet<segment>", () => {
    expect(shortNames({ adapters: 2, portNameFormat: "GigabitEthernet0/{0}" })).toEqual(["Gigabite0/0", "Gigabite0/1"]);
    expect(shortNames({ adapters: 2, portNameFormat: "eth{0}" })).toEqual(["eth0", "eth1"]);
    // {port0} restarts per segment while the short name follows the segment: GNS3 keeps the long name where they differ.
    expect(shortNames({ adapters: 4, portNameFormat: "Ethernet{port0}", portSegmentSize: 2 })).toEqual(["e0", "Ethernet1", "Ethernet0", "e1"]);
  });

  it("gives IOU-style adapters four ports each and serial adapters after them, continuing the segments", () => {
    const made = ports({ adapters: 1, serialAdapters: 1, portsPerAdapter: 4, portNameFormat: "Ethernet{segment0}/{port0}", portSegmentSize: 4 });
    expect(made.map((port) => [port.adapter_number, port.port_number, port.name, port.short_name, port.link_type])).toEqual([
      [0, 0, "Ethernet0/0", "e0/0", "ethernet"],
      [0, 1, "Ethernet0/1", "e0/1", "ethernet"],
      [0, 2, "Ethernet0/2", "e0/2", "ethernet"],
      [0, 3, "Ethernet0/3", "e0/3", "ethernet"],
      [1, 0, "Serial1/0", "s1/0", "serial"],
      [1, 1, "Serial1/1", "s1/1", "serial"],
      [1, 2, "Serial1/2", "s1/2", "serial"],
      [1, 3, "Serial1/3", "s1/3", "serial"],
    ]);
  });

  it("names serial adapters after the segments the Ethernet ports reached, as GNS3 (Ethernet{0} moves one segment a port)", () => {
    expect(names({ adapters: 1, serialAdapters: 1, portsPerAdapter: 4 })).toEqual([
      "Ethernet0", "Ethernet1", "Ethernet2", "Ethernet3", "Serial4/0", "Serial4/1", "Serial4/2", "Serial4/3",
    ]);
  });

  it("ignores custom_adapters entries for adapters the node does not have", () => {
    expect(names({ adapters: 1, customAdapters: [{ adapter_number: 5, port_name: "ghost" }] })).toEqual(["Ethernet0"]);
  });

  it("gives every port the node's adapter type unless a custom adapter sets its own", () => {
    const made = ports({ adapters: 2, adapterType: "e1000", customAdapters: [{ adapter_number: 1, adapter_type: "virtio-net-pci" }] });
    expect(made.map((port) => port.adapter_type)).toEqual(["e1000", "virtio-net-pci"]);
  });

  it("derives each port's MAC address as the base plus the adapter number, as GNS3 does", () => {
    const made = ports({ adapters: 3, baseMac: "0c:12:34:56:00:ff" });
    expect(made.map((port) => port.mac_address)).toEqual(["0c:12:34:56:00:ff", "0c:12:34:56:01:00", "0c:12:34:56:01:01"]);
  });

  it("wraps the MAC address past ff:ff:ff:ff:ff:ff within six bytes", () => {
    expect(ports({ adapters: 2, baseMac: "ff:ff:ff:ff:ff:ff" }).map((port) => port.mac_address)).toEqual(["ff:ff:ff:ff:ff:ff", "00:00:00:00:00:00"]);
  });

  it("lets a custom adapter set its own MAC address; the others keep base plus adapter number", () => {
    const made = ports({ adapters: 3, baseMac: "0c:00:00:00:00:00", customAdapters: [{ adapter_number: 1, mac_address: "02:aa:bb:cc:dd:ee" }] });
    expect(made.map((port) => port.mac_address)).toEqual(["0c:00:00:00:00:00", "02:aa:bb:cc:dd:ee", "0c:00:00:00:00:02"]);
  });

  it("puts adapter_type and mac_address in GNS3's sorted key order when present", () => {
    const [port] = ports({ adapterType: "e1000", baseMac: "0c:00:00:00:00:00" });
    expect(Object.keys(port!)).toEqual(["adapter_number", "adapter_type", "data_link_types", "link_type", "mac_address", "name", "port_number", "short_name"]);
  });

  it("refuses a format with an unknown field", () => {
    expect(() => ports({ portNameFormat: "eth{bogus}" })).toThrow(InvalidPortNameFormat);
  });
});

describe("ethernetPort and serialPort", () => {
  it("makes an Ethernet port with the short name given", () => {
    expect(ethernetPort("Ethernet1/2", 1, 2, "e1/2")).toEqual({
      adapter_number: 1,
      data_link_types: { Ethernet: "DLT_EN10MB" },
      link_type: "ethernet",
      name: "Ethernet1/2",
      port_number: 2,
      short_name: "e1/2",
    });
  });

  it("makes a serial port with GNS3's serial link types", () => {
    expect(serialPort("Serial2/1", 2, 1, "s2/1")).toEqual({
      adapter_number: 2,
      data_link_types: { "Frame Relay": "DLT_FRELAY", "Cisco HDLC": "DLT_C_HDLC", "Cisco PPP": "DLT_PPP_SERIAL" },
      link_type: "serial",
      name: "Serial2/1",
      port_number: 1,
      short_name: "s2/1",
    });
  });

  it("takes a switch's own link types", () => {
    expect(serialPort("7", 0, 7, "7", { "Frame Relay": "DLT_FRELAY" })).toMatchObject({ name: "7", short_name: "7", data_link_types: { "Frame Relay": "DLT_FRELAY" } });
  });

  it("gives each port its own link-type table", () => {
    const first = ethernetPort("Ethernet0", 0, 0, "e0");
    first.data_link_types.Extra = "x";
    expect(ethernetPort("Ethernet0", 0, 0, "e0").data_link_types).toEqual({ Ethernet: "DLT_EN10MB" });
  });
});
