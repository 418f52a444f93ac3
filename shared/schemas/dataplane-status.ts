/**
 * The `dataplane` field of `GET /v2/computes/{id}` (an addition GNS3 clients ignore): what the
 * host's daemon announced, the revision it was sent and the one it applied, and what failed.
 * The controller builds it and the dashboard's host view reads it, from this one type.
 */
export interface DataplaneStatusWire {
  applied_revision: number;
  connected: boolean;
  daemon_version: string;
  /** The newest ack's item errors; `project_id` is empty for an item no longer sent to the host. */
  errors: Array<{ kind: "node" | "link" | "unspecified"; id: string; project_id: string; message: string }>;
  /**
   * Frames the host's links delivered since this controller first heard of them (a running
   * total: two readings give frames/s), and when the host read the counters it comes from;
   * 0 and null before the host's first counters report.
   */
  forwarded_frames: number;
  forwarded_sampled_at: string | null;
  /** Why the host's QEMU guests run under TCG, when its daemon found KVM unusable; empty otherwise. */
  kvm_detail: string;
  left_out: Array<{ id: string; kind: string; project_id: string; reason: string }>;
  revision: number;
  tunnel_address: string;
  udp_port_range: [number, number];
}
