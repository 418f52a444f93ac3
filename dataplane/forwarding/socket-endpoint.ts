/**
 * An endpoint over one frame socket: a UDP tunnel (`UdpEndpoint`) or a host device
 * (`DeviceEndpoint`). Two of them forward into each other in C when both are the addon's.
 */
import { NOTHING_FORWARDED, type Endpoint, type FrameHandler, type HeldFrameHandler, type NativeDelay, type NativeTotals } from "./endpoint";
import type { FrameSocket } from "./tunnel-socket";

export abstract class SocketEndpoint implements Endpoint {
  private closed = false;

  protected constructor(protected readonly socket: FrameSocket) {}

  /** Socket errors seen (e.g. ECONNREFUSED while the peer is not listening yet); forwarding goes on. */
  get errors(): number {
    return this.socket.errors;
  }

  send(frame: Uint8Array): void {
    if (!this.closed) this.socket.send(frame);
  }

  /** Also ends forwarding in C (`forwardNatively`): from now on frames go to `handler`. */
  onFrame(handler: FrameHandler | null): void {
    this.socket.receive(handler);
  }

  forwardNatively(target: Endpoint, delay?: NativeDelay): boolean {
    const carrier = target.nativeEndpoint?.() ?? target;
    return !this.closed && carrier instanceof SocketEndpoint && (this.socket.forwardTo?.(carrier.socket, delay) ?? false);
  }

  nativeForwarded(): NativeTotals {
    return this.socket.forwarded?.() ?? NOTHING_FORWARDED;
  }

  takeNativeHeld(receive: HeldFrameHandler): void {
    this.socket.takeHeld?.(receive);
  }

  close(): Promise<void> {
    this.closed = true;
    return this.socket.close();
  }
}
