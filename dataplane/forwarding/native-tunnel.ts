/**
 * A tunnel socket of the batched native addon: datagrams arrive in batches (one recvmmsg, one
 * call into JavaScript per batch) and leave in batches (one sendmmsg per run). A relay may ask
 * it to forward straight into another native tunnel in C (`forwardTo`): frames then never
 * enter JavaScript, and the forwarded totals are read back with `forwarded()`.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { beginBatch, endBatch } from "./batch-end";
import type { FrameHandler } from "./endpoint";
import type { NativeUdp } from "./native-udp";
import type { TunnelSocket, TunnelSocketOptions } from "./tunnel-socket";

/** Totals read back from C: frames forwarded in C, their bytes, socket errors. */
export interface NativeTotals {
  readonly frames: number;
  readonly bytes: number;
}

// One scratch array for every `stats` read: reads are synchronous.
const scratch = new Float64Array(3);

/** Names resolve as node:dgram resolves them: one address of the socket's family. */
async function addressOf(host: string, ipv6: boolean): Promise<string> {
  if (isIP(host) !== 0) return host;
  return (await lookup(host, { family: ipv6 ? 6 : 4 })).address;
}

export class NativeTunnel implements TunnelSocket {
  private handler: FrameHandler | null = null;
  /** -1 once closed: ids are reused by the addon. */
  private id: number;
  private closedTotals = { frames: 0, bytes: 0, errors: 0 };
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
    return this.read().errors;
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

  /** Forwards every frame received into `target` in C, until the next `receive`. */
  forwardTo(target: NativeTunnel): boolean {
    if (this.id < 0 || target.id < 0 || target.addon !== this.addon) return false;
    this.addon.forward(this.id, target.id);
    return true;
  }

  /** Frames and bytes forwarded in C since the socket opened. */
  forwarded(): NativeTotals {
    return this.read();
  }

  close(): Promise<void> {
    if (this.id >= 0) {
      this.closedTotals = this.read();
      this.addon.close(this.id);
      this.id = -1;
      this.handler = null;
    }
    return Promise.resolve();
  }

  private read(): { frames: number; bytes: number; errors: number } {
    if (this.id < 0) return this.closedTotals;
    this.addon.stats(this.id, scratch);
    return { frames: scratch[0]!, bytes: scratch[1]!, errors: scratch[2]! };
  }
}
