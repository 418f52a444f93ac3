import { NOTHING_FORWARDED, type Endpoint, type FrameHandler, type HeldFrameHandler, type NativeDelay, type NativeTotals } from "../forwarding/endpoint";
import type { SocketEndpoint } from "../forwarding/socket-endpoint";

/** `retired` plus what the attached tunnel forwarded since `attachedAt`; frames held are the tunnel's. */
function totalsSince(retired: NativeTotals, now: NativeTotals, attachedAt: NativeTotals): NativeTotals {
  return {
    framesIn: retired.framesIn + now.framesIn - attachedAt.framesIn,
    bytesIn: retired.bytesIn + now.bytesIn - attachedAt.bytesIn,
    framesOut: retired.framesOut + now.framesOut - attachedAt.framesOut,
    bytesOut: retired.bytesOut + now.bytesOut - attachedAt.bytesOut,
    droppedDelayFull: retired.droppedDelayFull + now.droppedDelayFull - attachedAt.droppedDelayFull,
    held: now.held,
  };
}

/**
 * A stable endpoint in front of the socket of whichever process runs the node now (VPCS's and
 * QEMU's UDP tunnel, a container's TAP): a link stays attached while the node is stopped and started again, and frames sent
 * meanwhile are lost, as on an unplugged wire. A relay's request to forward this port's frames
 * in C (`forwardNatively`) outlives the tunnel: the next tunnel attached forwards in C too,
 * with the same delay. Frames the old tunnel held in C are lost with it.
 */
export class SwitchablePort implements Endpoint {
  private handler: FrameHandler | null = null;
  private tunnel: SocketEndpoint | undefined;
  private nativeTarget: Endpoint | null = null;
  private nativeDelay: NativeDelay | undefined;
  /** Forwarded in C by tunnels detached since, and the attached tunnel's totals when it came. */
  private retired: NativeTotals = NOTHING_FORWARDED;
  private attachedAt: NativeTotals = NOTHING_FORWARDED;
  private readonly relayFrame: FrameHandler = (frame) => this.handler?.(frame);
  /** Who sends here in C (a hub) and must know when the tunnel changes. */
  private readonly watchers = new Set<() => void>();

  attach(tunnel: SocketEndpoint): void {
    this.tunnel = tunnel;
    this.attachedAt = tunnel.nativeForwarded();
    tunnel.onFrame(this.relayFrame);
    // Refused (not a native pair): frames reach the relay's handler, which forwards them itself.
    if (this.nativeTarget !== null) tunnel.forwardNatively(this.nativeTarget, this.nativeDelay);
    for (const changed of this.watchers) changed();
  }

  detach(): void {
    this.retired = { ...this.nativeForwarded(), held: 0 };
    this.tunnel?.onFrame(null);
    this.tunnel = undefined;
    for (const changed of this.watchers) changed();
  }

  send(frame: Uint8Array): void {
    this.tunnel?.send(frame);
  }

  onFrame(handler: FrameHandler | null): void {
    this.handler = handler;
    this.nativeTarget = null;
    this.nativeDelay = undefined;
    this.tunnel?.onFrame(this.relayFrame);
  }

  forwardNatively(target: Endpoint, delay?: NativeDelay): boolean {
    if (this.tunnel === undefined || !this.tunnel.forwardNatively(target, delay)) return false;
    this.nativeTarget = target;
    this.nativeDelay = delay;
    return true;
  }

  nativeForwarded(): NativeTotals {
    if (this.tunnel === undefined) return this.retired;
    return totalsSince(this.retired, this.tunnel.nativeForwarded(), this.attachedAt);
  }

  takeNativeHeld(receive: HeldFrameHandler): void {
    this.tunnel?.takeNativeHeld(receive);
  }

  /** The tunnel carrying this port's frames now: where another port forwarding here in C sends. */
  nativeEndpoint(): Endpoint | undefined {
    return this.tunnel;
  }

  watchNativeEndpoint(changed: () => void): () => void {
    this.watchers.add(changed);
    return () => this.watchers.delete(changed);
  }

  /** Detaches the link; the node's process and socket belong to its runtime. */
  close(): Promise<void> {
    this.handler = null;
    this.nativeTarget = null;
    this.nativeDelay = undefined;
    this.tunnel?.onFrame(this.relayFrame);
    return Promise.resolve();
  }
}
