import type { Hello } from "@shared/proto";
import type { ControllerDeps } from "../deps";
import { computeToWire, LOCAL_COMPUTE_ID, type ComputeRecord } from "../domain/computes";
import { qemuAccelerator } from "../domain/qemu-host";
import { keys } from "../store/keys";
import { loadHostFacts } from "../services/host-facts";
import { computeWire, loadComputeRecord } from "../services/computes";
import { loadHostRecords, type DataplaneHostRecord } from "./host-records";

/**
 * Stores whether a host is connected, from its Hello: its host record, and the compute record
 * clients list (the controller's own `local` always exists, so only its host record changes),
 * announced as `compute.created` or `compute.updated`. A registered compute keeps the name,
 * host and port its client gave.
 */
export async function saveHostPresence(deps: ControllerDeps, hello: Hello, connected: boolean): Promise<void> {
  const host: DataplaneHostRecord = {
    host_id: hello.hostId,
    name: hello.name || hello.hostId,
    tunnel_address: hello.tunnelAddress,
    udp_port_min: hello.udpPortMin,
    udp_port_max: hello.udpPortMax,
    daemon_version: hello.daemonVersion,
    connected,
    ...(connected ? { connected_at: Date.now() } : {}),
  };
  if (hello.hostId === LOCAL_COMPUTE_ID) {
    await deps.store.commit([{ key: keys.dataplaneHost(hello.hostId), value: host }]);
    // Where `local` stands for `npm start`'s own daemon, its `connected` is the daemon's.
    if (deps.config.localDataplane) {
      deps.events.publish({ kind: "controller" }, { action: "compute.updated", event: await computeWire(deps, await loadComputeRecord(deps, LOCAL_COMPUTE_ID)) });
    }
    return;
  }
  const existing = await deps.store.get<ComputeRecord>(keys.compute(hello.hostId));
  // A compute deleted while its daemon was connected is not brought back by its leaving.
  if (!existing && !connected) {
    await deps.store.commit([{ key: keys.dataplaneHost(hello.hostId), delete: true }]);
    return;
  }
  const compute: ComputeRecord = existing?.registered
    ? { ...existing, connected }
    : {
        compute_id: hello.hostId,
        name: host.name,
        protocol: "http",
        host: hello.tunnelAddress,
        // Daemons serve no HTTP API: there is no port a client could reach them on.
        port: 0,
        user: null,
        connected,
        last_error: null,
      };
  await deps.store.commit([
    { key: keys.dataplaneHost(hello.hostId), value: host },
    { key: keys.compute(hello.hostId), value: compute },
  ]);
  const facts = await loadHostFacts(deps, hello.hostId);
  deps.events.publish(
    { kind: "controller" },
    {
      action: existing ? "compute.updated" : "compute.created",
      event: computeToWire(compute, deps.config.version, deps.usage(), { qemuAccelerator: qemuAccelerator(facts) }),
    },
  );
}

/** Hosts marked connected by a controller that stopped are not connected to this one. */
export async function markEveryHostDisconnected(deps: ControllerDeps): Promise<void> {
  for (const host of (await loadHostRecords(deps)).values()) {
    if (!host.connected) continue;
    const writes = [{ key: keys.dataplaneHost(host.host_id), value: { ...host, connected: false } }];
    const compute = await deps.store.get<ComputeRecord>(keys.compute(host.host_id));
    if (compute) writes.push({ key: keys.compute(host.host_id), value: { ...compute, connected: false } as never });
    await deps.store.commit(writes);
  }
}
