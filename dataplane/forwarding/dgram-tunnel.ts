/** A tunnel socket on node:dgram: one system call, one Buffer and one event per datagram. */
import { createSocket, type Socket } from "node:dgram";
import type { FrameHandler } from "./endpoint";
import type { TunnelSocket, TunnelSocketOptions } from "./tunnel-socket";

export class DgramTunnel implements TunnelSocket {
  errors = 0;
  private handler: FrameHandler | null = null;
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly socket: Socket,
    readonly localPort: number,
  ) {
    socket.on("message", (frame) => this.handler?.(frame));
    socket.on("error", () => {
      this.errors += 1;
    });
  }

  /** Binds and connects; rejects (with the socket closed) when the port is taken or the peer invalid. */
  static async open(options: TunnelSocketOptions): Promise<DgramTunnel> {
    const socket = createSocket({
      type: options.ipv6 ? "udp6" : "udp4",
      recvBufferSize: options.receiveBufferBytes,
      sendBufferSize: options.sendBufferBytes,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("error", reject);
        socket.bind(options.localPort, options.localAddress, () => {
          socket.off("error", reject);
          resolve();
        });
      });
      await new Promise<void>((resolve, reject) => {
        socket.connect(options.remotePort, options.remoteHost, (error?: Error) => (error ? reject(error) : resolve()));
      });
    } catch (error) {
      socket.close();
      throw error;
    }
    return new DgramTunnel(socket, socket.address().port);
  }

  send(frame: Uint8Array): void {
    if (this.closing === undefined) this.socket.send(frame);
  }

  receive(handler: FrameHandler | null): void {
    this.handler = handler;
  }

  close(): Promise<void> {
    this.handler = null;
    this.closing ??= new Promise((resolve) => this.socket.close(() => resolve()));
    return this.closing;
  }
}
