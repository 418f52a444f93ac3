/**
 * A UDP tunnel end in GNS3's nio_udp format (one datagram = one raw Ethernet frame, no
 * header): a socket bound to a local port and connected to the peer, so, as with ubridge's
 * connected sockets, only the peer's datagrams are received and sends need no address.
 */
import { createSocket, type Socket } from "node:dgram";
import { isIPv6 } from "node:net";
import type { Endpoint, FrameHandler } from "./endpoint";

export interface UdpEndpointOptions {
  /** 0 picks a free port (read it back from `localPort`). */
  readonly localPort: number;
  /** Default: every IPv4 address (IPv6 when the peer is IPv6), like ubridge. */
  readonly localAddress?: string;
  readonly remoteHost: string;
  readonly remotePort: number;
  /** Kernel buffer sizes; larger receive buffers absorb bursts while the event loop is busy. */
  readonly receiveBufferBytes?: number;
  readonly sendBufferBytes?: number;
}

const DEFAULT_BUFFER_BYTES = 1 << 20;

export class UdpEndpoint implements Endpoint {
  /** Socket errors seen (e.g. ECONNREFUSED while the peer is not listening yet); forwarding goes on. */
  errors = 0;
  private handler: FrameHandler | null = null;
  private closed = false;
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
  static async open(options: UdpEndpointOptions): Promise<UdpEndpoint> {
    const ipv6 = isIPv6(options.remoteHost);
    const socket = createSocket({
      type: ipv6 ? "udp6" : "udp4",
      recvBufferSize: options.receiveBufferBytes ?? DEFAULT_BUFFER_BYTES,
      sendBufferSize: options.sendBufferBytes ?? DEFAULT_BUFFER_BYTES,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("error", reject);
        socket.bind(options.localPort, options.localAddress ?? (ipv6 ? "::" : "0.0.0.0"), () => {
          socket.off("error", reject);
          resolve();
        });
      });
      await new Promise<void>((resolve, reject) => {
        socket.connect(options.remotePort, options.remoteHost, (error?: Error) => (error ? reject(error) : resolve()));
      });
    } catch (error) {
      socket.close();
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `Cannot open UDP tunnel from port ${options.localPort} to ${options.remoteHost}:${options.remotePort}: ${reason}`,
        { cause: error },
      );
    }
    return new UdpEndpoint(socket, socket.address().port);
  }

  send(frame: Uint8Array): void {
    if (!this.closed) this.socket.send(frame);
  }

  onFrame(handler: FrameHandler | null): void {
    this.handler = handler;
  }

  close(): Promise<void> {
    this.closed = true;
    this.handler = null;
    this.closing ??= new Promise((resolve) => this.socket.close(() => resolve()));
    return this.closing;
  }
}
