import type { ControllerDeps } from "../deps";
import { keys } from "../store/keys";
import { loadHostFacts } from "./host-facts";
import type { DataplaneStatusWire } from "@shared/schemas/dataplane-status";
import type { DataplaneAckRecord, DataplaneHostRecord, DataplaneRevisionRecord } from "../dataplane/host-records";
import { connectedNow } from "../domain/computes";

export type { DataplaneStatusWire } from "@shared/schemas/dataplane-status";

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
    connected: connectedNow(deps.config.startedAtMs, host),
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
