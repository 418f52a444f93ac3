/**
 * Test harness: two "emulator" sockets on 127.0.0.1, each the peer of a UdpEndpoint, joined
 * by a LinkRelay. Frames carry a sequence number at bytes 14–17 (outside the corrupted
 * slice of a 60-byte frame) so tests can tell which frames got through.
 */
import { createSocket, type Socket } from "node:dgram";
import { setTimeout as sleep } from "node:timers/promises";
import { Sfc32 } from "../filters/random";
import { LinkRelay, type DirectionCounters, type LinkRelayOptions } from "./link-relay";
import { UdpEndpoint } from "./udp-endpoint";

export const ETHERTYPE_IPV4 = 0x0800;
export const ETHERTYPE_ARP = 0x0806;

export function makeFrame(sequence: number, length = 60, ethertype = ETHERTYPE_IPV4): Buffer {
  const frame = Buffer.alloc(length);
  frame.set([0x02, 0, 0, 0, 0, 0x02, 0x02, 0, 0, 0, 0, 0x01]);
  frame.writeUInt16BE(ethertype, 12);
  frame.writeUInt32BE(sequence, 14);
  return frame;
}

export function sequenceOf(frame: Uint8Array): number {
  return Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength).readUInt32BE(14);
}

export interface Arrival {
  readonly frame: Buffer;
  readonly at: number;
}

/** A socket standing for an emulator: sends to its endpoint, records what it receives. */
export class Peer {
  readonly arrivals: Arrival[] = [];

  private constructor(
    readonly socket: Socket,
    readonly port: number,
    private readonly endpointPort: () => number,
  ) {
    socket.on("message", (frame) => this.arrivals.push({ frame, at: performance.now() }));
  }

  static async open(endpointPort: () => number): Promise<Peer> {
    const socket = createSocket({ type: "udp4", recvBufferSize: 4 << 20, sendBufferSize: 4 << 20 });
    await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
    return new Peer(socket, socket.address().port, endpointPort);
  }

  send(frame: Uint8Array): void {
    this.socket.send(frame, this.endpointPort(), "127.0.0.1");
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}

export interface LinkHarness {
  readonly peerA: Peer;
  readonly peerB: Peer;
  readonly endpointA: UdpEndpoint;
  readonly endpointB: UdpEndpoint;
  readonly relay: LinkRelay;
  close(): Promise<void>;
}

export async function openLinkHarness(options: LinkRelayOptions = {}): Promise<LinkHarness> {
  let endpointA: UdpEndpoint | undefined;
  let endpointB: UdpEndpoint | undefined;
  const peerA = await Peer.open(() => endpointA!.localPort);
  const peerB = await Peer.open(() => endpointB!.localPort);
  endpointA = await UdpEndpoint.open({ localPort: 0, localAddress: "127.0.0.1", remoteHost: "127.0.0.1", remotePort: peerA.port });
  endpointB = await UdpEndpoint.open({ localPort: 0, localAddress: "127.0.0.1", remoteHost: "127.0.0.1", remotePort: peerB.port });
  const relay = new LinkRelay(endpointA, endpointB, { random: seededSources(), ...options });
  const a = endpointA;
  const b = endpointB;
  return {
    peerA,
    peerB,
    endpointA: a,
    endpointB: b,
    relay,
    async close() {
      relay.close();
      await Promise.all([a.close(), b.close(), peerA.close(), peerB.close()]);
    },
  };
}

/** A fresh deterministic generator for every chain instance, so a run replays. */
export function seededSources(seed = 1): () => Sfc32 {
  let next = seed;
  return () => new Sfc32(next++);
}

/**
 * Sends `count` frames from `peer`, never more than `window` ahead of what the relay has
 * received (read from `received`), so the kernel buffers cannot overflow and every loss is
 * the filters' doing. Gives up after `timeoutMs`.
 */
export async function sendPaced(
  peer: Peer,
  count: number,
  frameOf: (index: number) => Uint8Array,
  received: () => number,
  { window = 256, timeoutMs = 10_000 } = {},
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  const start = received();
  let sent = 0;
  while (sent < count) {
    while (sent < count && sent - (received() - start) < window) peer.send(frameOf(sent++));
    if (performance.now() > deadline) throw new Error(`sendPaced: relay received ${received() - start} of ${sent} frames`);
    await sleep(1);
  }
}

/** Waits until `condition` holds, polling every millisecond, or throws after `timeoutMs`. */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(1);
  }
}

/** Frames counted in (+ duplicates made) = out + dropped (+ still queued): nothing is lost unaccounted. */
export function accountedFor(counters: DirectionCounters): boolean {
  const dropped =
    counters.droppedFrequency + counters.droppedLoss + counters.droppedLossBurst + counters.droppedBpf + counters.droppedSuspended +
    counters.droppedDelayFull + counters.droppedRateQueueFull;
  return counters.framesIn + counters.duplicated === counters.framesOut + dropped + counters.delayedQueued + counters.rateQueued;
}
