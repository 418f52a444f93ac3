/**
 * A tunnel socket of the batched native addon: datagrams arrive in batches (one recvmmsg, one
 * call into JavaScript per batch) and leave in batches (one sendmmsg per run). A relay may ask
 * it to forward straight into another native tunnel in C (`forwardTo`), after a delay held in
 * C if asked: frames then never enter JavaScript, and the forwarded totals are read back with
 * `forwarded()`.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { beginBatch, endBatch } from "./batch-end";
import { NOTHING_FORWARDED, type FrameHandler, type HeldFrameHandler, type NativeDelay, type NativeTotals } from "./endpoint";
import { STAT_FIELDS, type NativeUdp, type StatField } from "./native-udp";
import type { TunnelSocket, TunnelSocketOptions } from "./tunnel-socket";

// One scratch array for every `stats` read: reads are synchronous.
const scratch = new Float64Array(STAT_FIELDS.length);

/** Names resolve as node:dgram resolves them: one address of the socket's family. */
async function addressOf(host: string, ipv6: boolean): Promise<string> {
  if (isIP(host) !== 0) return host;
  return (await lookup(host, { family: ipv6 ? 6 : 4 })).address;
}

export class NativeTunnel implements TunnelSocket {
  private handler: FrameHandler | null = null;
  /** -1 once closed: ids are reused by the addon. */
  private id: number;
  private closedTotals = NOTHING_FORWARDED;
  private closedErrors = 0;
  readonly localPort: number;

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

  private constructor(
    private readonly addon: NativeUdp,
    options: TunnelSocketOptions,
    localAddress: string,
    remoteAddress: string,
  ) {
    const [id, port] = addon.open(
      options.ipv6,
      localAddress,
      options.localPort,
      remoteAddress,
      options.remotePort,
      options.receiveBufferBytes,
      options.sendBufferBytes,
      this.onBatch,
    );
    this.id = id;
    this.localPort = port;
  }

  /** Binds and connects; throws `bind EADDRINUSE 0.0.0.0:5000`-like errors, as node:dgram does. */
  static async open(addon: NativeUdp, options: TunnelSocketOptions): Promise<NativeTunnel> {
    const [localAddress, remoteAddress] = await Promise.all([addressOf(options.localAddress, options.ipv6), addressOf(options.remoteHost, options.ipv6)]);
    return new NativeTunnel(addon, options, localAddress, remoteAddress);
  }

  get errors(): number {
    return this.id < 0 ? this.closedErrors : this.readStats().errors;
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
  forwardTo(target: TunnelSocket, delay?: NativeDelay): boolean {
    if (!(target instanceof NativeTunnel) || this.id < 0 || target.id < 0 || target.addon !== this.addon) return false;
    if (delay === undefined) this.addon.forward(this.id, target.id);
    else this.addon.forward(this.id, target.id, delay.latencyMs, delay.jitterMs, delay.seed >>> 0, delay.budget.cells);
    return true;
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
      this.closedErrors = this.errors;
      this.addon.close(this.id);
      this.id = -1;
      this.handler = null;
    }
    return Promise.resolve();
  }
}
