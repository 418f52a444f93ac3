/**
 * The socket under a UdpEndpoint: bound, connected to the peer, and read for as long as it is
 * open. Two implementations, picked once per process by `udpPath()`: node:dgram
 * (`dgram-tunnel.ts`) and the batched native addon (`native-tunnel.ts`).
 */
import type { FrameHandler, HeldFrameHandler, NativeDelay, NativeTotals } from "./endpoint";

export interface TunnelSocketOptions {
  readonly ipv6: boolean;
  readonly localAddress: string;
  readonly localPort: number;
  readonly remoteHost: string;
  readonly remotePort: number;
  readonly receiveBufferBytes: number;
  readonly sendBufferBytes: number;
}

export interface TunnelSocket {
  readonly localPort: number;
  /** Socket errors so far (ICMP refusals, a full send buffer). */
  readonly errors: number;
  send(frame: Uint8Array): void;
  /** Where received frames go; null reads and discards them, as a detached port does. */
  receive(handler: FrameHandler | null): void;
  close(): Promise<void>;
  /**
   * Optional, for the addon's sockets: forwards every frame received into `target` in C, after
   * `delay` if given, until the next `receive`; false when `target` is no socket of the addon.
   */
  forwardTo?(target: TunnelSocket, delay?: NativeDelay): boolean;
  /** What was forwarded in C since the socket opened, and what its C delay line holds. */
  forwarded?(): NativeTotals;
  /** Empties the C delay line into `receive`, oldest first. */
  takeHeld?(receive: HeldFrameHandler): void;
}
