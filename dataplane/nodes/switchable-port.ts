import type { Endpoint, FrameHandler } from "../forwarding/endpoint";
import type { UdpEndpoint } from "../forwarding/udp-endpoint";

interface Totals {
  readonly frames: number;
  readonly bytes: number;
}

/**
 * A stable endpoint in front of the tunnel socket of whichever process runs the node now (VPCS,
 * QEMU): a link stays attached while the node is stopped and started again, and frames sent
 * meanwhile are lost, as on an unplugged wire. A relay's request to forward this port's frames
 * in C (`forwardNatively`) outlives the tunnel: the next tunnel attached forwards in C too.
 */
export class SwitchablePort implements Endpoint {
  private handler: FrameHandler | null = null;
  private tunnel: UdpEndpoint | undefined;
  private nativeTarget: Endpoint | null = null;
  /** Forwarded in C by tunnels detached since, and the attached tunnel's totals when it came. */
  private retired: Totals = { frames: 0, bytes: 0 };
  private attachedAt: Totals = { frames: 0, bytes: 0 };
  private readonly relayFrame: FrameHandler = (frame) => this.handler?.(frame);

  attach(tunnel: UdpEndpoint): void {
    this.tunnel = tunnel;
    this.attachedAt = tunnel.nativeForwarded();
    tunnel.onFrame(this.relayFrame);
    // Refused (not a native pair): frames reach the relay's handler, which forwards them itself.
    if (this.nativeTarget !== null) tunnel.forwardNatively(this.nativeTarget);
  }

  detach(): void {
    this.retired = this.nativeForwarded();
    this.tunnel?.onFrame(null);
    this.tunnel = undefined;
  }

  send(frame: Uint8Array): void {
    this.tunnel?.send(frame);
  }

  onFrame(handler: FrameHandler | null): void {
    this.handler = handler;
    this.nativeTarget = null;
    this.tunnel?.onFrame(this.relayFrame);
  }

  forwardNatively(target: Endpoint): boolean {
    if (this.tunnel === undefined || !this.tunnel.forwardNatively(target)) return false;
    this.nativeTarget = target;
    return true;
  }

  nativeForwarded(): Totals {
    if (this.tunnel === undefined) return this.retired;
    const now = this.tunnel.nativeForwarded();
    return { frames: this.retired.frames + now.frames - this.attachedAt.frames, bytes: this.retired.bytes + now.bytes - this.attachedAt.bytes };
  }

  /** The tunnel carrying this port's frames now: where another port forwarding here in C sends. */
  nativeEndpoint(): Endpoint | undefined {
    return this.tunnel;
  }

  /** Detaches the link; the node's process and socket belong to its runtime. */
  close(): Promise<void> {
    this.handler = null;
    this.nativeTarget = null;
    this.tunnel?.onFrame(this.relayFrame);
    return Promise.resolve();
  }
}
