import type { Endpoint, FrameHandler } from "../forwarding/endpoint";
import type { UdpEndpoint } from "../forwarding/udp-endpoint";

/**
 * A stable endpoint in front of the tunnel socket of whichever process runs the node now (VPCS,
 * QEMU): a link stays attached while the node is stopped and started again, and frames sent
 * meanwhile are lost, as on an unplugged wire.
 */
export class SwitchablePort implements Endpoint {
  private handler: FrameHandler | null = null;
  private tunnel: UdpEndpoint | undefined;

  attach(tunnel: UdpEndpoint): void {
    this.tunnel = tunnel;
    tunnel.onFrame((frame) => this.handler?.(frame));
  }

  detach(): void {
    this.tunnel?.onFrame(null);
    this.tunnel = undefined;
  }

  send(frame: Uint8Array): void {
    this.tunnel?.send(frame);
  }

  onFrame(handler: FrameHandler | null): void {
    this.handler = handler;
  }

  /** Detaches the link; the node's process and socket belong to its runtime. */
  close(): Promise<void> {
    this.handler = null;
    return Promise.resolve();
  }
}
