/**
 * Frame Relay and ATM switches' `mappings` as GNS3 stores them, read into circuits. GNS3 keys a
 * switch's mappings by their source and maps each one both ways (compute/dynamips/nodes/
 * frame_relay_switch.py, atm_switch.py):
 *
 * - Frame Relay: `"1:101": "2:202"`, port 1 DLCI 101 ↔ port 2 DLCI 202;
 * - ATM: `"1:10:100": "2:20:200"`, a virtual channel (port:VPI:VCI), or `"1:10": "2:20"`, a
 *   virtual path (port:VPI), whose every channel is switched with its VCI kept.
 *
 * GNS3's `set_mappings` skips a mapping whose ends are already mapped, so a project or a script
 * that lists a circuit in both directions (`"1:101": "2:202", "2:202": "1:101"`) works there:
 * a mirror of an earlier mapping is the same circuit here too. An end mapped to two different
 * places is a conflict.
 */

import type { CircuitEnd, VirtualCircuit } from "@shared/proto";

export type SwitchFamily = "frame_relay" | "atm";

/** Q.922 two-byte addresses carry 10 bits of DLCI; the cell headers Dynamips switches (NNI) 12 bits of VPI and 16 of VCI. */
const LIMITS: Record<SwitchFamily, { names: string[]; maxima: number[][] }> = {
  frame_relay: { names: ["port:dlci"], maxima: [[1023]] },
  atm: { names: ["port:vpi", "port:vpi:vci"], maxima: [[4095], [4095, 65535]] },
};

/** The circuits of a switch's mappings, or what is wrong with them, in words for a 400. */
export function readCircuits(family: SwitchFamily, mappings: unknown): VirtualCircuit[] | string {
  if (mappings === undefined || mappings === null) return [];
  if (typeof mappings !== "object" || Array.isArray(mappings)) return "mappings must be an object of 'source': 'destination' strings";
  const circuits: VirtualCircuit[] = [];
  /** Each end in a circuit: the mapping that named it, and the end it is joined to. */
  const used = new Map<string, { source: string; partner: string }>();
  for (const [source, destination] of Object.entries(mappings as Record<string, unknown>)) {
    const a = readEnd(family, source);
    const b = typeof destination === "string" ? readEnd(family, destination) : `${JSON.stringify(destination)} is not a string`;
    if (typeof a === "string") return `mapping ${JSON.stringify(source)}: ${a}`;
    if (typeof b === "string") return `mapping ${JSON.stringify(source)}: ${b}`;
    if (a.ids.length !== b.ids.length) return `mapping ${JSON.stringify(source)} joins a virtual path to a virtual channel (${source} → ${destination})`;
    if (a.port === b.port && a.ids.join(":") === b.ids.join(":")) return `mapping ${JSON.stringify(source)} maps a circuit onto itself`;
    const [keyA, keyB] = [endKey(a), endKey(b)];
    if (used.get(keyA)?.partner === keyB && used.get(keyB)?.partner === keyA) continue;
    for (const [end, key, partner] of [[a, keyA, keyB], [b, keyB, keyA]] as const) {
      const earlier = used.get(key);
      if (earlier !== undefined) return `${describeEnd(family, end)} is in two mappings (${JSON.stringify(earlier.source)} and ${JSON.stringify(source)})`;
      used.set(key, { source, partner });
    }
    circuits.push({ a, b });
  }
  return circuits;
}

/** The switch's ports: every port a circuit uses, in order. */
export function circuitPorts(circuits: readonly VirtualCircuit[]): number[] {
  return [...new Set(circuits.flatMap(({ a, b }) => [a.port, b.port]))].sort((x, y) => x - y);
}

function readEnd(family: SwitchFamily, text: string): CircuitEnd | string {
  const { names, maxima } = LIMITS[family];
  const parts = text.split(":");
  const shape = maxima.findIndex((limits) => limits.length === parts.length - 1);
  if (shape < 0 || !parts.every((part) => /^\d{1,9}$/.test(part))) return `${JSON.stringify(text)} is not ${names.map((name) => `'${name}'`).join(" or ")}`;
  const [port, ...ids] = parts.map(Number) as [number, ...number[]];
  if (port > 65535) return `port ${port} is out of range (0 to 65535)`;
  for (const [index, id] of ids.entries()) {
    const limit = maxima[shape]![index]!;
    if (id > limit) return `${names[shape]!.split(":")[index + 1]!.toUpperCase()} ${id} is out of range (0 to ${limit})`;
  }
  return { port, ids };
}

function endKey(end: CircuitEnd): string {
  // A virtual path claims every channel of its VPI on that port: keyed by port and VPI alone.
  return `${end.port}:${end.ids[0]}${end.ids.length > 1 ? `:${end.ids[1]}` : ":*"}`;
}

function describeEnd(family: SwitchFamily, end: CircuitEnd): string {
  if (family === "frame_relay") return `port ${end.port} DLCI ${end.ids[0]}`;
  return end.ids.length === 1 ? `port ${end.port} VPI ${end.ids[0]}` : `port ${end.port} VPI ${end.ids[0]} VCI ${end.ids[1]}`;
}
