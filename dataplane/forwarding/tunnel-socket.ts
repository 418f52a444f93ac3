/**
 * The socket under a UdpEndpoint: bound, connected to the peer, and read for as long as it is
 * open. Two implementations, picked once per process by `udpPath()`: node:dgram
 * (`dgram-tunnel.ts`) and the batched native addon (`native-port.ts`), whose TAP and AF_PACKET
 * ports are frame sockets too.
 */
import type { FannedTotals, FrameHandler, HeldFrameHandler, NativeDelay, NativeTotals } from "./endpoint";

export interface TunnelSocketOptions {
  readonly ipv6: boolean;
  readonly localAddress: string;
  readonly localPort: number;
  readonly remoteHost: string;
  readonly remotePort: number;
  readonly receiveBufferBytes: number;
  readonly sendBufferBytes: number;
}

/** Where an endpoint's frames are read and written: a UDP tunnel, a TAP device, a host interface. */
export interface FrameSocket {
  /** Socket errors so far (ICMP refusals, a full send buffer, a TAP that was down). */
  readonly errors: number;
  send(frame: Uint8Array): void;
  /** Where received frames go; null reads and discards them, as a detached port does. */
  receive(handler: FrameHandler | null): void;
  close(): Promise<void>;
  /**
   * Optional, for the addon's sockets: forwards every frame received into `target` in C, after
   * `delay` if given, until the next `receive`; false when `target` is no socket of the addon.
   */
  forwardTo?(target: FrameSocket, delay?: NativeDelay): boolean;
  /** What was forwarded in C since the socket opened, and what its C delay line holds. */
  forwarded?(): NativeTotals;
  /** Empties the C delay line into `receive`, oldest first. */
  takeHeld?(receive: HeldFrameHandler): void;
  /**
   * Optional, for the addon's sockets: every frame received goes to each of `targets` in C
   * until the next `receive` or `fanOutTo` (an empty list: to the handler again); false when a
   * target is no open socket of the addon.
   */
  fanOutTo?(targets: readonly FrameSocket[]): boolean;
  /** What other sockets' `fanOutTo` sent into this one since it opened. */
  fannedIn?(): FannedTotals;
}

export interface TunnelSocket extends FrameSocket {
  readonly localPort: number;
}
