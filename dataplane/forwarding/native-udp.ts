/**
 * Which UDP path the daemon forwards with: the batched addon of `dataplane/native` (built by
 * `npm ci` through scripts/build-native.mjs) when it loads, node:dgram otherwise. The choice is
 * made once per process; the daemon logs it at start-up (`logUdpPath`), with the reason.
 * `GNS3_DATAPLANE_NATIVE=0` forces node:dgram (the tests run both ways). TAP and host-interface
 * ports exist only in the addon: without it they are refused with the same reason.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createLogger } from "@shared/logging/logger";

/** The addon's functions (dataplane/native/udp_batch.c). Port ids are small integers, reused after close. */
export interface NativeAddon {
  /** Binds and connects a non-blocking socket; throws an Error whose `code` is the errno name. */
  open(
    ipv6: boolean,
    localAddress: string,
    localPort: number,
    remoteAddress: string,
    remotePort: number,
    receiveBufferBytes: number,
    sendBufferBytes: number,
    onBatch: (batch: Buffer, count: number) => void,
  ): [id: number, boundPort: number];
  /**
   * Creates the TAP device `name` (a `%d` picks a free number) or attaches to an existing one,
   * without packet information: one read or write is one Ethernet frame. A TAP it created is
   * removed when the port closes. Throws an Error whose `code` is the errno name.
   */
  openTap(name: string, onBatch: (batch: Buffer, count: number) => void): [id: number, name: string];
  /**
   * A promiscuous AF_PACKET socket on host interface `name`: frames as on the wire (VLAN tags
   * put back), the host's own outgoing frames skipped, frames above the MTU dropped (counted in
   * `droppedOversize`). Turns GRO and LRO (which merge received frames) off on the interface
   * and says which were on; closing the port turns those on again.
   */
  openPacket(name: string, onBatch: (batch: Buffer, count: number) => void): [id: number, mtu: number, offloadsOff: string[]];
  /**
   * In one rtnetlink request: moves interface `name` into the network namespace of process
   * `netnsPid` (0: none) or the one at `netnsPath` ("": none), renames it (`newName`, "": keep),
   * sets its MAC ("": keep), enslaves it to bridge `master` ("": none) and brings it up (`up`).
   */
  setLink(name: string, netnsPid: number, netnsPath: string, newName: string, mac: string, master: string, up: boolean): void;
  /** Queues one datagram; it leaves with the next sendmmsg of this loop turn. */
  send(id: number, frame: Uint8Array): void;
  /** Whether received batches reach `onBatch`; when off they are read and dropped. */
  deliver(id: number, on: boolean): void;
  /**
   * Frames read from `id` go straight to `targetId`, counted in C; -1 stops. With a latency or
   * jitter (whole ms) they wait in `id`'s delay line in C first, their room taken from
   * `budget` (a DelayBudget's cells); `seed` seeds the jitter.
   */
  forward(id: number, targetId: number, latencyMs?: number, jitterMs?: number, seed?: number, budget?: Float64Array): void;
  /**
   * Frames read from `id` go to each of `targets` in C (a hub's other ports), counted in their
   * fanned totals; an empty list hands them to JavaScript again. False (nothing changed) when a
   * target is not an open port other than `id`.
   */
  fanOut(id: number, targets: Int32Array): boolean;
  /** Empties `id`'s delay line: the frames back to back, and [length, ms until due] per frame. */
  takeHeld(id: number): [frames: Buffer, lengthsAndWaits: Float64Array] | null;
  /** Writes what `id` forwarded in C into `into`, each field at its `statFields` position. */
  stats(id: number, into: Float64Array): void;
  /** Where `stats` writes each field (udp_batch.c's `enum stat_field`). */
  readonly statFields: Readonly<Record<StatField, number>>;
  close(id: number): void;
  /** Lengths of the frames of the batch being delivered, in order. */
  readonly batchLengths: Uint32Array;
  /**
   * The forwarding threads that read the ports forwarding in C with no delay: how many (one per
   * core, or GNS3_DATAPLANE_THREADS; 0: the main thread reads every port), the niceness they
   * run at (-5, or GNS3_DATAPLANE_THREAD_NICE), and why the one asked for was refused ("" when
   * it was not: it needs CAP_SYS_NICE).
   */
  readonly threads: { readonly count: number; readonly nice: number; readonly niceRefused: string };
}

/**
 * The fields `stats` writes: frames and bytes read and sent on in C, socket errors, frames a
 * full delay budget dropped, frames held now, frames an AF_PACKET port dropped as too long,
 * frames and bytes other ports' `fanOut` sent into this one.
 */
export const STAT_FIELDS = ["framesIn", "bytesIn", "framesOut", "bytesOut", "errors", "droppedDelayFull", "held", "droppedOversize", "fannedFrames", "fannedBytes"] as const;
export type StatField = (typeof STAT_FIELDS)[number];

export type UdpPath = { kind: "native"; addon: NativeAddon } | { kind: "dgram"; reason: string };

const ADDON = join("dataplane", "native", "build", "Release", "udp_batch.node");

/** The project root: this file's folder when run from source, `.build/` when bundled. */
function addonPath(): string | undefined {
  for (let folder = dirname(fileURLToPath(import.meta.url)); ; folder = dirname(folder)) {
    if (existsSync(join(folder, ADDON))) return join(folder, ADDON);
    if (dirname(folder) === folder) return undefined;
  }
}

function choosePath(): UdpPath {
  if (process.env.GNS3_DATAPLANE_NATIVE === "0") return { kind: "dgram", reason: "GNS3_DATAPLANE_NATIVE=0" };
  const path = addonPath();
  if (path === undefined) return { kind: "dgram", reason: `${ADDON} is not built (npm ci builds it; it needs gcc, make and python3)` };
  let addon: NativeAddon;
  try {
    addon = createRequire(import.meta.url)(path) as NativeAddon;
  } catch (error) {
    return { kind: "dgram", reason: `${path} did not load: ${(error as Error).message}` };
  }
  const missing = STAT_FIELDS.filter((field) => typeof addon.statFields?.[field] !== "number");
  if (missing.length > 0) return { kind: "dgram", reason: `${path} was built from older sources (no ${missing.join(", ")} in its stats): npm ci rebuilds it` };
  return { kind: "native", addon };
}

let chosen: UdpPath | undefined;

export function udpPath(): UdpPath {
  chosen ??= choosePath();
  return chosen;
}

/** Says which path this process forwards with, and why when it is the slower one. */
export function logUdpPath(): void {
  const path = udpPath();
  const log = createLogger("dataplane.forwarding");
  if (path.kind !== "native") {
    log.warn("UDP tunnels use node:dgram", { reason: path.reason });
    return;
  }
  const { count, nice, niceRefused } = path.addon.threads;
  log.info("UDP tunnels use the batched native path (recvmmsg/sendmmsg)", { forwardingThreads: count, threadNice: nice });
  if (niceRefused !== "") log.warn("forwarding threads run at the default priority", { reason: `setting their niceness: ${niceRefused} (it needs CAP_SYS_NICE)` });
}
