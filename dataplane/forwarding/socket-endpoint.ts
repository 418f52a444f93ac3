/**
 * An endpoint over one frame socket: a UDP tunnel (`UdpEndpoint`) or a host device
 * (`DeviceEndpoint`). Two of them forward into each other in C when both are the addon's; one
 * forwarding into a hub's port is handed to the hub, which repeats in C when it can.
 */
import {
  NOTHING_FANNED,
  NOTHING_FORWARDED,
  type Endpoint,
  type FannedTotals,
  type FanOutSource,
  type FrameHandler,
  type HeldFrameHandler,
  type NativeDelay,
  type NativeTotals,
} from "./endpoint";
import type { FrameSocket } from "./tunnel-socket";

export abstract class SocketEndpoint implements Endpoint, FanOutSource {
  private closed = false;
  /** The hub port this endpoint feeds in C, if any (`forwardNatively` into an adopting port). */
  private adoptedBy: Endpoint | null = null;

  protected constructor(protected readonly socket: FrameSocket) {}

  /** Socket errors seen (e.g. ECONNREFUSED while the peer is not listening yet); forwarding goes on. */
  get errors(): number {
    return this.socket.errors;
  }

  send(frame: Uint8Array): void {
    if (!this.closed) this.socket.send(frame);
  }

  /** Also ends forwarding in C (`forwardNatively`, a hub's fan-out): from now on frames go to `handler`. */
  onFrame(handler: FrameHandler | null): void {
    this.leaveHub();
    this.socket.receive(handler);
  }

  forwardNatively(target: Endpoint, delay?: NativeDelay): boolean {
    if (this.closed) return false;
    if (target.adoptNativeSource !== undefined) {
      // A hub repeats in C only frames that need no delay, and only between the addon's sockets.
      if (delay !== undefined || this.socket.fanOutTo === undefined) return false;
      this.leaveHub();
      if (!target.adoptNativeSource(this)) return false;
      this.adoptedBy = target;
      return true;
    }
    const carrier = target.nativeEndpoint?.() ?? target;
    return carrier instanceof SocketEndpoint && (this.socket.forwardTo?.(carrier.socket, delay) ?? false);
  }

  fanOut(targets: readonly Endpoint[]): boolean {
    if (this.closed || this.socket.fanOutTo === undefined) return false;
    const sockets: FrameSocket[] = [];
    for (const target of targets) {
      const carrier = target.nativeEndpoint?.() ?? target;
      if (!(carrier instanceof SocketEndpoint) || carrier.closed) return false;
      sockets.push(carrier.socket);
    }
    return this.socket.fanOutTo(sockets);
  }

  nativeForwarded(): NativeTotals {
    return this.socket.forwarded?.() ?? NOTHING_FORWARDED;
  }

  nativeFannedIn(): FannedTotals {
    return this.socket.fannedIn?.() ?? NOTHING_FANNED;
  }

  takeNativeHeld(receive: HeldFrameHandler): void {
    this.socket.takeHeld?.(receive);
  }

  close(): Promise<void> {
    this.leaveHub();
    this.closed = true;
    return this.socket.close();
  }

  private leaveHub(): void {
    const hubPort = this.adoptedBy;
    if (hubPort === null) return;
    this.adoptedBy = null;
    hubPort.releaseNativeSource?.(this);
  }
}
