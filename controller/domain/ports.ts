import type { PortWire } from "@shared/schemas/node";

const ETHERNET_DLT = { Ethernet: "DLT_EN10MB" };
const SERIAL_DLT = { "Frame Relay": "DLT_FRELAY", "Cisco HDLC": "DLT_C_HDLC", "Cisco PPP": "DLT_PPP_SERIAL" };

/** Long port-type words and the prefix GNS3 uses for short names. */
const SHORT_PREFIXES: Array<[string, string]> = [
  ["GigabitEthernet", "g"],
  ["FastEthernet", "f"],
  ["Ethernet", "e"],
  ["Serial", "s"],
  ["ATM", "a"],
  ["POS", "p"],
];

export function shortPortName(name: string): string {
  for (const [long, short] of SHORT_PREFIXES) {
    if (!name.startsWith(long)) continue;
    const rest = name.slice(long.length);
    if (name.includes("/") || /^\d+$/.test(rest)) return `${short}${rest}`;
  }
  return name;
}

export function ethernetPort(name: string, adapter: number, port: number, shortName = shortPortName(name)): PortWire {
  return {
    adapter_number: adapter,
    data_link_types: { ...ETHERNET_DLT },
    link_type: "ethernet",
    name,
    port_number: port,
    short_name: shortName,
  };
}

export function serialPort(name: string, adapter: number, port: number, dataLinkTypes: Record<string, string> = SERIAL_DLT): PortWire {
  return {
    adapter_number: adapter,
    data_link_types: { ...dataLinkTypes },
    link_type: "serial",
    name,
    port_number: port,
    short_name: name.startsWith("Serial") ? shortPortName(name) : name,
  };
}

export interface StandardPortOptions {
  adapters: number;
  portNameFormat: string;
  portSegmentSize: number;
  firstPortName: string | null;
  customAdapters: ReadonlyArray<{ adapter_number: number; port_name?: string; adapter_type?: string; mac_address?: string }>;
  adapterType?: string;
  baseMac?: string;
}

/**
 * One port per adapter for emulators such as QEMU: names from `port_name_format`
 * (`{0}` interface number, `{1}` segment, `{port0}`/`{port1}`, `{segment0}`/`{segment1}`,
 * `{adapter}`), `first_port_name` naming adapter 0 without using up a number, and
 * `custom_adapters` overriding name, type and MAC address.
 */
export function standardPorts(options: StandardPortOptions): PortWire[] {
  const ports: PortWire[] = [];
  let interfaceNumber = 0;
  for (let adapter = 0; adapter < options.adapters; adapter++) {
    const custom = options.customAdapters.find((entry) => entry.adapter_number === adapter);
    let name: string;
    if (custom?.port_name) name = custom.port_name;
    else if (adapter === 0 && options.firstPortName) name = options.firstPortName;
    else name = formatPortName(options.portNameFormat, interfaceNumber++, options.portSegmentSize, adapter);
    const port = ethernetPort(name, adapter, 0);
    const adapterType = custom?.adapter_type ?? options.adapterType;
    const macAddress = custom?.mac_address ?? (options.baseMac ? macPlus(options.baseMac, adapter) : undefined);
    ports.push({
      adapter_number: port.adapter_number,
      ...(adapterType ? { adapter_type: adapterType } : {}),
      data_link_types: port.data_link_types,
      link_type: port.link_type,
      ...(macAddress ? { mac_address: macAddress } : {}),
      name: port.name,
      port_number: port.port_number,
      short_name: port.short_name,
    });
  }
  return ports;
}

export function formatPortName(format: string, interfaceNumber: number, segmentSize: number, adapter: number): string {
  const segment = segmentSize > 0 ? Math.floor(interfaceNumber / segmentSize) : 0;
  const inSegment = segmentSize > 0 ? interfaceNumber % segmentSize : interfaceNumber;
  const fields: Record<string, number> = { "0": interfaceNumber, "1": segment, adapter, port0: inSegment, segment0: segment };
  for (let offset = 1; offset <= 8; offset++) {
    fields[`port${offset}`] = inSegment + offset;
    fields[`segment${offset}`] = segment + offset;
  }
  return format.replace(/\{(\w*)\}/g, (_match, field: string) => {
    const value = fields[field];
    if (value === undefined) throw new InvalidPortNameFormat(format);
    return String(value);
  });
}

export class InvalidPortNameFormat extends Error {
  constructor(readonly format: string) {
    super(`Invalid port name format ${format}`);
  }
}

function macPlus(base: string, offset: number): string {
  const value = BigInt(`0x${base.replace(/:/g, "")}`) + BigInt(offset);
  const hex = value.toString(16).padStart(12, "0").slice(-12);
  return hex.match(/../g)!.join(":");
}
