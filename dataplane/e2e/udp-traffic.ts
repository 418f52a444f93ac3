import { createSocket, type Socket } from "node:dgram";
import { readFileSync } from "node:fs";

/**
 * Real-socket traffic for the fault tests: an emulator stand-in bound to the UDP port a cloud
 * node's tunnel sends to, sending numbered frames at a steady rate and recording every
 * numbered frame it receives. A frame is a 64-byte Ethernet frame of the local experimental
 * ethertype carrying a magic word, the sequence number and the send time, so a receiver tells
 * good frames from anything else and knows which ones are missing.
 */
const ETHERTYPE_EXPERIMENTAL = 0x88b5;
const MAGIC = 0x474f4f44; // "GOOD"
const FRAME_LENGTH = 64;

export interface Arrival {
  sequence: number;
  sentAt: number;
  at: number;
}

export function numberedFrame(sequence: number, sentAt: number): Buffer {
  const frame = Buffer.alloc(FRAME_LENGTH);
  frame.set([0x02, 0, 0, 0, 0, 0x02, 0x02, 0, 0, 0, 0, 0x01]);
  frame.writeUInt16BE(ETHERTYPE_EXPERIMENTAL, 12);
  frame.writeUInt32BE(MAGIC, 14);
  frame.writeUInt32BE(sequence, 18);
  frame.writeDoubleBE(sentAt, 22);
  return frame;
}

/** The sequence number and send time of a numbered frame; undefined for anything else. */
export function readNumberedFrame(frame: Buffer): { sequence: number; sentAt: number } | undefined {
  if (frame.length !== FRAME_LENGTH || frame.readUInt16BE(12) !== ETHERTYPE_EXPERIMENTAL || frame.readUInt32BE(14) !== MAGIC) return undefined;
  return { sequence: frame.readUInt32BE(18), sentAt: frame.readDoubleBE(22) };
}

/** One emulator's socket: 127.0.0.1, a port of its own, talking to one daemon tunnel port. */
export class UdpPeer {
  readonly arrivals: Arrival[] = [];
  /** Datagrams received that are not numbered frames (a storm forwarded, say). */
  others = 0;
  /** Sees each datagram that is not a numbered frame. */
  onOther: ((datagram: Buffer) => void) | undefined;
  /** Send errors (ECONNREFUSED while nobody listens on the daemon's port). */
  sendErrors = 0;
  private sent = 0;
  private timer: NodeJS.Timeout | undefined;

  private constructor(
    readonly socket: Socket,
    readonly port: number,
  ) {
    socket.on("message", (frame) => {
      const numbered = readNumberedFrame(frame);
      if (numbered) this.arrivals.push({ ...numbered, at: performance.now() });
      else {
        this.others += 1;
        this.onOther?.(frame);
      }
    });
    socket.on("error", () => (this.sendErrors += 1));
  }

  static async open(address = "127.0.0.1"): Promise<UdpPeer> {
    const socket = createSocket({ type: "udp4", recvBufferSize: 4 << 20, sendBufferSize: 4 << 20 });
    await new Promise<void>((resolve, reject) => {
      socket.once("error", reject);
      socket.bind(0, address, () => (socket.off("error", reject), resolve()));
    });
    return new UdpPeer(socket, socket.address().port);
  }

  /** Frames sent so far; the next frame gets this number. */
  get sentCount(): number {
    return this.sent;
  }

  /**
   * Sends numbered frames to `port` (of `address`) at `perSecond`, catching up after a late timer so the rate
   * holds on a busy machine (at most 50 frames at once, so a stalled loop does not burst).
   */
  startSending(port: number, perSecond: number, address = "127.0.0.1"): void {
    this.stopSending();
    const startedAt = performance.now();
    const first = this.sent;
    this.timer = setInterval(() => {
      const due = Math.min(first + Math.floor(((performance.now() - startedAt) * perSecond) / 1000), this.sent + 50);
      while (this.sent < due) this.sendFrame(port, numberedFrame(this.sent++, performance.now()), address);
    }, 1);
  }

  stopSending(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  sendFrame(port: number, frame: Uint8Array, address = "127.0.0.1"): void {
    this.socket.send(frame, port, address);
  }

  close(): Promise<void> {
    this.stopSending();
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}

/** Sequence numbers in [from, to) that never arrived. */
export function missing(arrivals: readonly Arrival[], from: number, to: number): number[] {
  const seen = new Set(arrivals.map((arrival) => arrival.sequence));
  const gaps: number[] = [];
  for (let sequence = from; sequence < to; sequence++) if (!seen.has(sequence)) gaps.push(sequence);
  return gaps;
}

/**
 * A UDP port for a cloud node's `lport` (which the API asks for), free on every address, as
 * the daemon binds it, and above the kernel's ephemeral range: one picked there by binding
 * port 0 went back to that range when it was closed, and another socket's bind to port 0 took
 * it before the daemon bound it (EADDRINUSE in a CI run).
 */
export async function freeUdpPort(): Promise<number> {
  const [, last] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "latin1").trim().split(/\s+/).map(Number);
  const first = Math.min((last ?? 60999) + 1, 64536);
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = first + Math.floor(Math.random() * (65536 - first));
    const socket = createSocket("udp4");
    const bound = await new Promise<boolean>((resolve) => {
      socket.once("error", () => resolve(false));
      socket.bind(port, "0.0.0.0", () => resolve(true));
    });
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    if (bound) return port;
  }
  throw new Error(`no free UDP port from ${first} to 65535 in 100 tries`);
}

/** Waits until `peer` has received `count` numbered frames more than it had. */
export async function waitForArrivals(peer: UdpPeer, count: number, timeoutMs = 10_000): Promise<void> {
  const target = peer.arrivals.length + count;
  const deadline = performance.now() + timeoutMs;
  while (peer.arrivals.length < target) {
    if (performance.now() > deadline) throw new Error(`${peer.arrivals.length} of ${target} frames arrived within ${timeoutMs} ms`);
    await waitMs(10);
  }
}

export function waitMs(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
