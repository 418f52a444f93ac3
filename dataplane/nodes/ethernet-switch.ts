/**
 * GNS3's built-in Ethernet switch: a learning bridge with per-VLAN MAC tables.
 *
 * Port modes, as GNS3's switch (Dynamips ethsw) treats them:
 * - `access`: untagged frames belong to the port's VLAN; tagged frames are dropped on entry;
 *   frames leave untagged.
 * - `dot1q` (trunk): carries every VLAN; `vlan` is the native VLAN, whose frames travel
 *   untagged (untagged or VID-0 frames arriving belong to it); other VLANs leave tagged with
 *   the port's `ethertype` (default 0x8100).
 * - `qinq`: every frame entering, tagged or not, belongs to the port's VLAN (the outer VLAN)
 *   and is carried whole, so on a trunk it gains an outer tag (the qinq port's `ethertype`)
 *   over the customer's own; leaving the qinq port the outer tag is gone again.
 *
 * Inside the switch a frame is (VLAN, frame without that VLAN's tag). Unknown unicast,
 * broadcast and multicast destinations flood to every other port of the VLAN; learned
 * addresses age out after `ageingMs` without traffic from them.
 */
import { frameClock } from "../forwarding/batch-end";
import type { Endpoint } from "../forwarding/endpoint";
import { DeviceInbox, InProcessPort } from "./in-process-port";
import { ETHERNET_HEADER_BYTES, destinationOf, hasOuterTag, isGroupAddress, outerTag, popTag, pushTag, sourceOf } from "./ethernet-frame";

export type SwitchPortMode = "access" | "dot1q" | "qinq";

export interface SwitchPortConfig {
  readonly portNumber: number;
  readonly mode: SwitchPortMode;
  /** Access VLAN, native VLAN (dot1q) or outer VLAN (qinq), 1–4094. */
  readonly vlan: number;
  /** Tag protocol this port adds (dot1q, qinq); 0 or absent: 0x8100. */
  readonly ethertype?: number;
}

export interface EthernetSwitchOptions {
  /** Default 300 s, as Dynamips and most switches. */
  readonly ageingMs?: number;
  /** Milliseconds clock; tests pass a fake one. */
  readonly now?: () => number;
}

export interface MacTableEntry {
  readonly vlan: number;
  /** Lower-case, colon-separated. */
  readonly mac: string;
  readonly portNumber: number;
}

interface Learned {
  port: SwitchPort;
  seenAt: number;
}

interface SwitchPort {
  readonly endpoint: InProcessPort;
  config: SwitchPortConfig;
}

/** One switch's view of the frame it is forwarding; one object per switch, overwritten per frame (forwarding never nests: the inbox queues). */
interface Classified {
  vlan: number;
  frame: Uint8Array;
  priority: number;
  /** Set by qinq ports: the tag protocol of the outer tag this frame gains on a trunk. */
  protocol: number | undefined;
}

const DEFAULT_TAG_PROTOCOL = 0x8100;

export class EthernetSwitch {
  private readonly ports = new Map<number, SwitchPort>();
  private readonly tables = new Map<number, Map<number, Learned>>();
  private readonly inbox = new DeviceInbox((from, frame) => this.forward(from, frame));
  private readonly classified: Classified = { vlan: 0, frame: new Uint8Array(0), priority: 0, protocol: undefined };
  private readonly ageingMs: number;
  private readonly now: () => number;
  private lastSweep: number;

  constructor(ports: readonly SwitchPortConfig[], options: EthernetSwitchOptions = {}) {
    this.ageingMs = options.ageingMs ?? 300_000;
    this.now = options.now ?? frameClock;
    this.lastSweep = this.now();
    this.configure(ports);
  }

  /**
   * Applies a new port list. Ports that remain keep their endpoint (and the link attached to
   * it); addresses learned on a port whose settings changed or that went away are forgotten.
   */
  configure(ports: readonly SwitchPortConfig[]): void {
    for (const config of ports) {
      if (!Number.isInteger(config.vlan) || config.vlan < 1 || config.vlan > 4094) {
        throw new Error(`Switch port ${config.portNumber}: VLAN ${config.vlan} is outside 1-4094`);
      }
    }
    const wanted = new Map(ports.map((config) => [config.portNumber, config]));
    for (const [portNumber, port] of this.ports) {
      const config = wanted.get(portNumber);
      if (config === undefined) {
        this.forget(port);
        port.endpoint.onFrame(null);
        this.ports.delete(portNumber);
      } else if (!sameConfig(config, port.config)) {
        this.forget(port);
        port.config = config;
      }
    }
    for (const [portNumber, config] of wanted) {
      if (this.ports.has(portNumber)) continue;
      const endpoint = new InProcessPort(
        portNumber,
        this.inbox,
        (from) => {
          const port = this.ports.get(from.portNumber);
          if (port !== undefined) this.forget(port);
        },
      );
      this.ports.set(portNumber, { endpoint, config });
    }
  }

  /** The endpoint of a port; throws when the switch has no such port. */
  port(portNumber: number): Endpoint {
    const port = this.ports.get(portNumber);
    if (port === undefined) throw new Error(`The switch has no port ${portNumber}`);
    return port.endpoint;
  }

  macTable(): MacTableEntry[] {
    const now = this.now();
    const entries: MacTableEntry[] = [];
    for (const [vlan, table] of this.tables) {
      for (const [mac, learned] of table) {
        if (now - learned.seenAt < this.ageingMs) entries.push({ vlan, mac: formatMac(mac), portNumber: learned.port.config.portNumber });
      }
    }
    return entries;
  }

  /** Detaches every link and forgets every address. */
  close(): void {
    for (const port of this.ports.values()) port.endpoint.onFrame(null);
    this.tables.clear();
  }

  private forward(from: InProcessPort, frame: Uint8Array): void {
    const ingress = this.ports.get(from.portNumber);
    // A port removed by `configure` may still have a link sending into it.
    if (ingress?.endpoint !== from || frame.length < ETHERNET_HEADER_BYTES) return;
    const classified = this.classified;
    if (!classify(ingress.config, frame, classified)) return;
    const now = this.now();
    this.sweep(now);
    const table = this.tableOf(classified.vlan);
    if (!isGroupAddress(frame, 6)) this.learn(table, sourceOf(frame), ingress, now);
    const known = isGroupAddress(frame, 0) ? undefined : table.get(destinationOf(frame));
    if (known !== undefined && now - known.seenAt < this.ageingMs && this.ports.get(known.port.config.portNumber) === known.port) {
      if (known.port !== ingress) this.emit(known.port, classified);
      return;
    }
    for (const port of this.ports.values()) {
      if (port !== ingress) this.emit(port, classified);
    }
  }

  private emit(port: SwitchPort, classified: Classified): void {
    const { mode, vlan, ethertype } = port.config;
    if (mode === "dot1q") {
      if (classified.vlan === vlan) port.endpoint.deliver(classified.frame);
      else {
        const protocol = classified.protocol ?? (ethertype || DEFAULT_TAG_PROTOCOL);
        port.endpoint.deliver(pushTag(classified.frame, { protocol, vid: classified.vlan, priority: classified.priority }));
      }
    } else if (classified.vlan === vlan) {
      port.endpoint.deliver(classified.frame);
    }
  }

  /** Updates a known address in place: a steady flow allocates nothing. */
  private learn(table: Map<number, Learned>, mac: number, port: SwitchPort, now: number): void {
    const learned = table.get(mac);
    if (learned === undefined) table.set(mac, { port, seenAt: now });
    else {
      learned.port = port;
      learned.seenAt = now;
    }
  }

  private tableOf(vlan: number): Map<number, Learned> {
    let table = this.tables.get(vlan);
    if (table === undefined) {
      table = new Map();
      this.tables.set(vlan, table);
    }
    return table;
  }

  /** Drops aged entries at most once per ageing period, so the tables stay bounded by live hosts. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.ageingMs) return;
    this.lastSweep = now;
    for (const [vlan, table] of this.tables) {
      for (const [mac, learned] of table) if (now - learned.seenAt >= this.ageingMs) table.delete(mac);
      if (table.size === 0) this.tables.delete(vlan);
    }
  }

  private forget(port: SwitchPort): void {
    for (const table of this.tables.values()) {
      for (const [mac, learned] of table) if (learned.port === port) table.delete(mac);
    }
  }
}

/** Fills `into` with the frame's VLAN and inner frame as the ingress port sees them; false: the port drops it. */
function classify(config: SwitchPortConfig, frame: Uint8Array, into: Classified): boolean {
  into.vlan = config.vlan;
  into.frame = frame;
  into.priority = 0;
  into.protocol = undefined;
  switch (config.mode) {
    case "access":
      return !hasOuterTag(frame);
    case "qinq":
      into.protocol = config.ethertype || DEFAULT_TAG_PROTOCOL;
      return true;
    case "dot1q": {
      if (!hasOuterTag(frame)) return true;
      const tag = outerTag(frame)!;
      if (tag.vid !== 0) into.vlan = tag.vid;
      into.frame = popTag(frame);
      into.priority = tag.priority;
      return true;
    }
  }
}

function sameConfig(a: SwitchPortConfig, b: SwitchPortConfig): boolean {
  return a.mode === b.mode && a.vlan === b.vlan && (a.ethertype || 0) === (b.ethertype || 0);
}

function formatMac(mac: number): string {
  return mac.toString(16).padStart(12, "0").replace(/(..)(?!$)/g, "$1:");
}
