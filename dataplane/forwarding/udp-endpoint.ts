/**
 * A UDP tunnel end in GNS3's nio_udp format (one datagram = one raw Ethernet frame, no
 * header): a socket bound to a local port and connected to the peer, so, as with ubridge's
 * connected sockets, only the peer's datagrams are received and sends need no address.
 * The socket is the batched native addon's when it is built, node:dgram's otherwise.
 */
import { isIPv6 } from "node:net";
import { DgramTunnel } from "./dgram-tunnel";
import { NativeTunnel } from "./native-port";
import { udpPath } from "./native-udp";
import { SocketEndpoint } from "./socket-endpoint";
import type { TunnelSocket } from "./tunnel-socket";

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

export class UdpEndpoint extends SocketEndpoint {
  private constructor(private readonly tunnel: TunnelSocket) {
    super(tunnel);
  }

  /** Binds and connects; rejects (with the socket closed) when the port is taken or the peer invalid. */
  static async open(options: UdpEndpointOptions): Promise<UdpEndpoint> {
    const ipv6 = isIPv6(options.remoteHost);
    const socketOptions = {
      ipv6,
      localAddress: options.localAddress ?? (ipv6 ? "::" : "0.0.0.0"),
      localPort: options.localPort,
      remoteHost: options.remoteHost,
      remotePort: options.remotePort,
      receiveBufferBytes: options.receiveBufferBytes ?? DEFAULT_BUFFER_BYTES,
      sendBufferBytes: options.sendBufferBytes ?? DEFAULT_BUFFER_BYTES,
    };
    const path = udpPath();
    // The addon takes plain addresses; a scoped IPv6 one (fe80::1%eth0) stays on node:dgram.
    const scoped = socketOptions.localAddress.includes("%") || socketOptions.remoteHost.includes("%");
    try {
      const socket = path.kind === "native" && !scoped ? await NativeTunnel.open(path.addon, socketOptions) : await DgramTunnel.open(socketOptions);
      return new UdpEndpoint(socket);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `Cannot open UDP tunnel from port ${options.localPort} to ${options.remoteHost}:${options.remotePort}: ${reason}`,
        { cause: error },
      );
    }
  }

  get localPort(): number {
    return this.tunnel.localPort;
  }
}
