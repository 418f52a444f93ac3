import { describe, expect, it } from "vitest";
import { InvalidPortNameFormat, ethernetPort, formatPortName, serialPort, shortPortName, standardPorts, type StandardPortOptions } from "./ports";

function ports(options: Partial<StandardPortOptions>) {
  return standardPorts({ adapters: 1, portNameFormat: "Ethernet{0}", portSegmentSize: 0, firstPortName: null, customAdapters: [], ...options });
}

const names = (options: Partial<StandardPortOptions>) => ports(options).map((port) => port.name);

describe("formatPortName", () => {
  it.each([
    ["Ethernet{0}", 3, 0, 3, "Ethernet3"],
    ["eth{port0}", 3, 0, 3, "eth3"],
    ["eth{port1}", 3, 0, 3, "eth4"],
    ["eth{port8}", 0, 0, 0, "eth8"],
    ["nic{adapter}", 0, 0, 7, "nic7"],
    ["Gi{1}/{port0}", 5, 4, 5, "Gi1/1"],
    ["Gi{segment0}/{port0}", 9, 4, 9, "Gi2/1"],
    ["Gi{segment1}/{port1}", 5, 4, 5, "Gi2/2"],
    ["e{0}{0}", 2, 0, 2, "e22"],
    ["mgmt", 4, 0, 4, "mgmt"],
  ])("%s for interface %i (segment size %i, adapter %i) → %s, GNS3's replacement fields", (format, interfaceNumber, segmentSize, adapter, expected) => {
    expect(formatPortName(format, interfaceNumber, segmentSize, adapter)).toBe(expected);
  });

  it.each([["eth{9}"], ["eth{port9}"], ["eth{segment9}"], ["eth{foo}"], ["eth{2}"]])("refuses the unknown field in %j", (format) => {
    let thrown: unknown;
    try {
      formatPortName(format, 0, 0, 0);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidPortNameFormat);
    expect(thrown).toMatchObject({ format, message: `Invalid port name format ${format}` });
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

  it("names adapter 0 with first_port_name without using up a number, as GNS3 does", () => {
    expect(names({ adapters: 3, firstPortName: "mgmt0" })).toEqual(["mgmt0", "Ethernet0", "Ethernet1"]);
    expect(ports({ adapters: 1, firstPortName: "mgmt0" })[0]).toMatchObject({ adapter_number: 0, name: "mgmt0", short_name: "mgmt0" });
  });

  it("lets custom_adapters rename a port, even over first_port_name", () => {
    expect(names({ adapters: 3, customAdapters: [{ adapter_number: 2, port_name: "uplink" }] })).toEqual(["Ethernet0", "Ethernet1", "uplink"]);
    expect(names({ adapters: 2, firstPortName: "mgmt0", customAdapters: [{ adapter_number: 0, port_name: "oob" }] })).toEqual(["oob", "Ethernet0"]);
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

describe("shortPortName", () => {
  it.each([
    ["Ethernet0", "e0"],
    ["Ethernet12", "e12"],
    ["Ethernet1/3", "e1/3"],
    ["FastEthernet0/1", "f0/1"],
    ["GigabitEthernet0/2", "g0/2"],
    ["Serial1/0", "s1/0"],
    ["ATM1/0", "a1/0"],
    ["POS2/0", "p2/0"],
    ["eth0", "eth0"],
    ["Gi0/1", "Gi0/1"],
    ["Ethernet", "Ethernet"],
    ["EthernetX", "EthernetX"],
    ["nat0", "nat0"],
  ])("%s → %s", (name, short) => {
    expect(shortPortName(name)).toBe(short);
  });
});

describe("ethernetPort and serialPort", () => {
  it("makes an Ethernet port, with its short name derived or given", () => {
    expect(ethernetPort("Ethernet1/2", 1, 2)).toEqual({
      adapter_number: 1,
      data_link_types: { Ethernet: "DLT_EN10MB" },
      link_type: "ethernet",
      name: "Ethernet1/2",
      port_number: 2,
      short_name: "e1/2",
    });
    expect(ethernetPort("eth3", 3, 0, "eth3").short_name).toBe("eth3");
  });

  it("makes a serial port with GNS3's serial link types", () => {
    expect(serialPort("Serial2/1", 2, 1)).toEqual({
      adapter_number: 2,
      data_link_types: { "Frame Relay": "DLT_FRELAY", "Cisco HDLC": "DLT_C_HDLC", "Cisco PPP": "DLT_PPP_SERIAL" },
      link_type: "serial",
      name: "Serial2/1",
      port_number: 1,
      short_name: "s2/1",
    });
  });

  it("keeps a switch's numbered serial port name as its short name", () => {
    expect(serialPort("7", 0, 7, { "Frame Relay": "DLT_FRELAY" })).toMatchObject({ name: "7", short_name: "7", data_link_types: { "Frame Relay": "DLT_FRELAY" } });
  });

  it("gives each port its own link-type table", () => {
    const first = ethernetPort("Ethernet0", 0, 0);
    first.data_link_types.Extra = "x";
    expect(ethernetPort("Ethernet0", 0, 0).data_link_types).toEqual({ Ethernet: "DLT_EN10MB" });
  });
});
