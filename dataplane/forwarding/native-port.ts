/**
 * A port of the batched native addon: a UDP tunnel socket, a TAP device or an AF_PACKET socket
 * on a host interface. Frames arrive in batches (one recvmmsg, one call into JavaScript per
 * batch) and leave in batches (one sendmmsg per run; a TAP takes one write per frame). A relay
 * may ask one port to forward straight into another in C (`forwardTo`), whatever their kinds,
 * after a delay held in C if asked: frames then never enter JavaScript, and the forwarded
 * totals are read back with `forwarded()`.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { beginBatch, endBatch } from "./batch-end";
import { NOTHING_FANNED, NOTHING_FORWARDED, type FannedTotals, type FrameHandler, type HeldFrameHandler, type NativeDelay, type NativeTotals } from "./endpoint";
import { STAT_FIELDS, type NativeAddon, type StatField } from "./native-udp";
import type { FrameSocket, TunnelSocket, TunnelSocketOptions } from "./tunnel-socket";

// One scratch array for every `stats` read: reads are synchronous.
const scratch = new Float64Array(STAT_FIELDS.length);

/** Names resolve as node:dgram resolves them: one address of the socket's family. */
async function addressOf(host: string, ipv6: boolean): Promise<string> {
  if (isIP(host) !== 0) return host;
  return (await lookup(host, { family: ipv6 ? 6 : 4 })).address;
}

export class NativePort implements FrameSocket {
  private handler: FrameHandler | null = null;
  /** -1 once closed: ids are reused by the addon. */
  private id = -1;
  private closedTotals = NOTHING_FORWARDED;
  private closedFanned = NOTHING_FANNED;
  private closedErrors = 0;
  private closedOversize = 0;

  private readonly onBatch = (batch: Buffer, count: number): void => {
    const lengths = this.addon.batchLengths;
    let offset = 0;
    beginBatch();
    try {
      for (let index = 0; index < count; index++) {
        const handler = this.handler;
        if (handler === null) return;
        const end = offset + lengths[index]!;
        // A view into this batch's own buffer: frames may be kept (delay line) without copying.
        handler(batch.subarray(offset, end));
        offset = end;
      }
    } finally {
      endBatch();
    }
  };

  /** `open` registers the port with the addon, handing it this port's batch handler; it returns the id. */
  protected constructor(
    protected readonly addon: NativeAddon,
    open: (onBatch: (batch: Buffer, count: number) => void) => number,
  ) {
    this.id = open(this.onBatch);
  }

  /** Creates the TAP `name` or attaches to an existing one; its name is in `created.name`. */
  static openTap(addon: NativeAddon, name: string): { port: NativePort; name: string } {
    let actual = name;
    const port = new NativePort(addon, (onBatch) => {
      const [id, opened] = addon.openTap(name, onBatch);
      actual = opened;
      return id;
    });
    return { port, name: actual };
  }

  /** An AF_PACKET socket on host interface `name`; with its MTU and the offloads it turned off there. */
  static openPacket(addon: NativeAddon, name: string): { port: NativePort; mtu: number; offloadsOff: string[] } {
    let mtu = 0;
    let offloadsOff: string[] = [];
    const port = new NativePort(addon, (onBatch) => {
      const [id, interfaceMtu, turnedOff] = addon.openPacket(name, onBatch);
      [mtu, offloadsOff] = [interfaceMtu, turnedOff];
      return id;
    });
    return { port, mtu, offloadsOff };
  }

  get errors(): number {
    return this.id < 0 ? this.closedErrors : this.readStats().errors;
  }

  /** Frames an AF_PACKET port dropped as longer than its interface's MTU allows. */
  get droppedOversize(): number {
    return this.id < 0 ? this.closedOversize : this.readStats().droppedOversize;
  }

  send(frame: Uint8Array): void {
    if (this.id >= 0) this.addon.send(this.id, frame);
  }

  receive(handler: FrameHandler | null): void {
    this.handler = handler;
    if (this.id < 0) return;
    this.addon.forward(this.id, -1);
    this.addon.deliver(this.id, handler !== null);
  }

  /** Forwards every frame received into `target` in C, after `delay` if given, until the next `receive`. */
  forwardTo(target: FrameSocket, delay?: NativeDelay): boolean {
    if (!(target instanceof NativePort) || this.id < 0 || target.id < 0 || target.addon !== this.addon) return false;
    if (delay === undefined) this.addon.forward(this.id, target.id);
    else this.addon.forward(this.id, target.id, delay.latencyMs, delay.jitterMs, delay.seed >>> 0, delay.budget.cells);
    return true;
  }

  fanOutTo(targets: readonly FrameSocket[]): boolean {
    if (this.id < 0) return false;
    const ids = new Int32Array(targets.length);
    for (const [index, target] of targets.entries()) {
      if (!(target instanceof NativePort) || target.id < 0 || target.addon !== this.addon) return false;
      ids[index] = target.id;
    }
    return this.addon.fanOut(this.id, ids);
  }

  fannedIn(): FannedTotals {
    if (this.id < 0) return this.closedFanned;
    const { fannedFrames, fannedBytes } = this.readStats();
    return { frames: fannedFrames, bytes: fannedBytes };
  }

  /** What was forwarded in C since the socket opened, and what its delay line holds. */
  forwarded(): NativeTotals {
    if (this.id < 0) return this.closedTotals;
    const { framesIn, bytesIn, framesOut, bytesOut, droppedDelayFull, held } = this.readStats();
    return { framesIn, bytesIn, framesOut, bytesOut, droppedDelayFull, held };
  }

  private readStats(): Record<StatField, number> {
    this.addon.stats(this.id, scratch);
    const at = this.addon.statFields;
    const stats = {} as Record<StatField, number>;
    for (const field of STAT_FIELDS) stats[field] = scratch[at[field]]!;
    return stats;
  }

  /** Empties the C delay line into `receive`, oldest first. */
  takeHeld(receive: HeldFrameHandler): void {
    const taken = this.id < 0 ? null : this.addon.takeHeld(this.id);
    if (taken === null) return;
    const [frames, lengthsAndWaits] = taken;
    let offset = 0;
    for (let index = 0; index < lengthsAndWaits.length; index += 2) {
      const end = offset + lengthsAndWaits[index]!;
      receive(frames.subarray(offset, end), lengthsAndWaits[index + 1]!);
      offset = end;
    }
  }

  close(): Promise<void> {
    if (this.id >= 0) {
      this.closedTotals = { ...this.forwarded(), held: 0 };
      this.closedFanned = this.fannedIn();
      this.closedErrors = this.errors;
      this.closedOversize = this.droppedOversize;
      this.addon.close(this.id);
      this.id = -1;
      this.handler = null;
    }
    return Promise.resolve();
  }
}

/** A UDP tunnel socket of the addon: bound, connected to its peer. */
export class NativeTunnel extends NativePort implements TunnelSocket {
  readonly localPort: number;

  private constructor(addon: NativeAddon, options: TunnelSocketOptions, localAddress: string, remoteAddress: string) {
    let port = 0;
    super(addon, (onBatch) => {
      const [id, boundPort] = addon.open(
        options.ipv6,
        localAddress,
        options.localPort,
        remoteAddress,
        options.remotePort,
        options.receiveBufferBytes,
        options.sendBufferBytes,
        onBatch,
      );
      port = boundPort;
      return id;
    });
    this.localPort = port;
  }

  /** Binds and connects; throws `bind EADDRINUSE 0.0.0.0:5000`-like errors, as node:dgram does. */
  static async open(addon: NativeAddon, options: TunnelSocketOptions): Promise<NativeTunnel> {
    const [localAddress, remoteAddress] = await Promise.all([addressOf(options.localAddress, options.ipv6), addressOf(options.remoteHost, options.ipv6)]);
    return new NativeTunnel(addon, options, localAddress, remoteAddress);
  }
}
