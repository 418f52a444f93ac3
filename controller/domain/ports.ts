import type { PortWire } from "@shared/schemas/node";
import { PythonFormatError, pythonFormat } from "@shared/python-format/python-format";

const ETHERNET_DLT = { Ethernet: "DLT_EN10MB" };
const SERIAL_DLT = { "Frame Relay": "DLT_FRELAY", "Cisco HDLC": "DLT_C_HDLC", "Cisco PPP": "DLT_PPP_SERIAL" };

/** The long word of a port class and the prefix that replaces it in short names. */
interface PortClass {
  long: string;
  short: string;
}

const ETHERNET: PortClass = { long: "Ethernet", short: "e" };
const SERIAL: PortClass = { long: "Serial", short: "s" };

/**
 * GNS3's short name of a port it did not name explicitly: with a `/`, every long word replaced
 * by the prefix (`Ethernet1/3` → `e1/3`); else `<long><n>` → `<short><n>` where n is the number
 * GNS3 created the port with (its segment number); else the name itself.
 */
function derivedShortName(name: string, portClass: PortClass, number: number): string {
  if (name.includes("/")) return name.replaceAll(portClass.long, portClass.short);
  if (name.startsWith(`${portClass.long}${number}`)) return `${portClass.short}${number}`;
  return name;
}

export function ethernetPort(name: string, adapter: number, port: number, shortName: string): PortWire {
  return {
    adapter_number: adapter,
    data_link_types: { ...ETHERNET_DLT },
    link_type: "ethernet",
    name,
    port_number: port,
    short_name: shortName,
  };
}

export function serialPort(name: string, adapter: number, port: number, shortName: string, dataLinkTypes: Record<string, string> = SERIAL_DLT): PortWire {
  return {
    adapter_number: adapter,
    data_link_types: { ...dataLinkTypes },
    link_type: "serial",
    name,
    port_number: port,
    short_name: shortName,
  };
}

export interface StandardPortOptions {
  /** Ethernet adapters (QEMU's `adapters`, IOU's `ethernet_adapters`). */
  adapters: number;
  /** IOU's serial adapters, after the Ethernet ones. */
  serialAdapters?: number;
  /** Ports on each adapter: 1, or 4 for IOU. */
  portsPerAdapter?: number;
  portNameFormat: string;
  portSegmentSize: number;
  firstPortName: string | null;
  customAdapters: ReadonlyArray<{ adapter_number: number; port_name?: string; adapter_type?: string; mac_address?: string }>;
  adapterType?: string;
  baseMac?: string;
}

/**
 * GNS3's ports of an emulator (its StandardPortFactory). Names come from `port_name_format`
 * through Python's `str.format` with `{0}` the interface number, `{1}` the segment number,
 * `{adapter}`, `{port0}`…`{port8}` and `{segment0}`…`{segment8}`. Each named port moves the
 * interface number on; with `port_segment_size` the interface number restarts at 0 and the
 * segment moves on every that many ports, without it the segment moves on with every port.
 * `first_port_name` names adapter 0 without using a number; a custom adapter's `port_name`
 * replaces a formatted name but still uses its number; serial adapters carry on the segments.
 */
export function standardPorts(options: StandardPortOptions): PortWire[] {
  const ports: PortWire[] = [];
  const perAdapter = options.portsPerAdapter ?? 1;
  let interfaceNumber = 0;
  let segmentNumber = 0;
  for (let adapter = 0; adapter < options.adapters; adapter++) {
    const custom = options.customAdapters.find((entry) => entry.adapter_number === adapter);
    for (let portNumber = 0; portNumber < perAdapter; portNumber++) {
      let name: string;
      let shortName: string;
      if (options.firstPortName && adapter === 0) {
        name = custom?.port_name ?? options.firstPortName;
        shortName = name;
      } else {
        // Formatted even when a custom name replaces it: GNS3 refuses a bad format all the same.
        const formatted = formatPortName(options.portNameFormat, interfaceNumber, segmentNumber, adapter);
        name = custom?.port_name ?? formatted;
        shortName = derivedShortName(name, ETHERNET, segmentNumber);
        interfaceNumber++;
        if (!options.portSegmentSize) segmentNumber++;
        else if (interfaceNumber % options.portSegmentSize === 0) {
          segmentNumber++;
          interfaceNumber = 0;
        }
      }
      const adapterType = custom?.adapter_type ?? options.adapterType;
      const macAddress = custom?.mac_address || (options.baseMac ? macPlus(options.baseMac, adapter) : undefined);
      ports.push({
        adapter_number: adapter,
        ...(adapterType ? { adapter_type: adapterType } : {}),
        data_link_types: { ...ETHERNET_DLT },
        link_type: "ethernet",
        ...(macAddress ? { mac_address: macAddress } : {}),
        name,
        port_number: portNumber,
        short_name: shortName,
      });
    }
  }
  for (let serial = 0; serial < (options.serialAdapters ?? 0); serial++) {
    for (let portNumber = 0; portNumber < perAdapter; portNumber++) {
      const name = `Serial${segmentNumber}/${portNumber}`;
      ports.push(serialPort(name, options.adapters + serial, portNumber, derivedShortName(name, SERIAL, segmentNumber)));
    }
    segmentNumber++;
  }
  return ports;
}

/** One port name: `format.format(interface, segment, adapter=…, port0=…, segment0=…, …)`, as GNS3 calls it. */
export function formatPortName(format: string, interfaceNumber: number, segmentNumber: number, adapter: number): string {
  const named: Record<string, number> = { adapter };
  for (let offset = 0; offset <= 8; offset++) {
    named[`port${offset}`] = interfaceNumber + offset;
    named[`segment${offset}`] = segmentNumber + offset;
  }
  try {
    return pythonFormat(format, [interfaceNumber, segmentNumber], named);
  } catch (error) {
    if (error instanceof PythonFormatError) throw new InvalidPortNameFormat(format, error.pythonText());
    throw error;
  }
}

/** A format Python's `str.format` refuses; `reason` is what Python says, which GNS3 quotes. */
export class InvalidPortNameFormat extends Error {
  constructor(
    readonly format: string,
    readonly reason: string,
  ) {
    super(`Invalid port name format ${format}: ${reason}`);
  }
}

/** GNS3 adds the adapter number to the base MAC; past ff:ff:ff:ff:ff:ff we wrap within six bytes. */
export function macPlus(base: string, offset: number): string {
  const value = BigInt(`0x${base.replace(/:/g, "")}`) + BigInt(offset);
  const hex = value.toString(16).padStart(12, "0").slice(-12);
  return hex.match(/../g)!.join(":");
}
