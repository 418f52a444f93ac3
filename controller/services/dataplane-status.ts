import type { ControllerDeps } from "../deps";
import { keys } from "../store/keys";
import { loadHostFacts } from "./host-facts";
import type { DataplaneAckRecord, DataplaneHostRecord, DataplaneRevisionRecord, StoredItemError } from "../dataplane/host-records";

/**
 * The `dataplane` field of `GET /v2/computes/{id}` (an addition GNS3 clients ignore): what the
 * host's daemon announced, the revision it was sent and the one it applied, and what failed.
 */
export interface DataplaneStatusWire {
  applied_revision: number;
  connected: boolean;
  daemon_version: string;
  errors: StoredItemError[];
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

/** Undefined for a compute no dataplane daemon ever connected as. */
export async function loadDataplaneStatus(deps: ControllerDeps, hostId: string): Promise<DataplaneStatusWire | undefined> {
  const [host, sent, ack, facts] = await Promise.all([
    deps.store.get<DataplaneHostRecord>(keys.dataplaneHost(hostId)),
    deps.store.get<DataplaneRevisionRecord>(keys.dataplaneRevision(hostId)),
    deps.store.get<DataplaneAckRecord>(keys.dataplaneAck(hostId)),
    loadHostFacts(deps, hostId),
  ]);
  if (!host) return undefined;
  const forwarded = await deps.dataplane?.hostForwarded(hostId);
  return {
    applied_revision: ack?.revision ?? 0,
    connected: host.connected,
    daemon_version: host.daemon_version,
    errors: (ack?.errors ?? []).map((error) => ({ id: error.id, kind: error.kind, message: error.message, project_id: error.project_id })),
    forwarded_frames: forwarded?.frames ?? 0,
    forwarded_sampled_at: forwarded ? new Date(forwarded.sampledAtMs).toISOString() : null,
    kvm_detail: facts?.kvm_detail ?? "",
    left_out: (sent?.left_out ?? []).map((item) => ({ id: item.id, kind: item.kind, project_id: item.projectId, reason: item.reason })),
    revision: sent?.revision ?? 0,
    tunnel_address: host.tunnel_address,
    udp_port_range: [host.udp_port_min, host.udp_port_max],
  };
}
