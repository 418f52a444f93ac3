import type { ControllerDeps } from "../deps";
import { missingRecord } from "../domain/errors";
import { loadEveryHostFacts, loadHostFacts } from "./host-facts";
import { loadDataplaneStatus } from "./dataplane-status";
import { computeEndpoint, computeToWire, connectedNow, GNS3_DEFAULT_PORT, LOCAL_COMPUTE_ID, localCompute, type ComputeRecord } from "../domain/computes";
import { qemuAccelerator } from "../domain/qemu-host";
import { keys } from "../store/keys";
import type { DataplaneHostRecord } from "../dataplane/host-records";

/** `local` always exists; dataplane hosts that join are stored under `computes/`. */
export async function listComputeRecords(deps: ControllerDeps): Promise<ComputeRecord[]> {
  const joined = (await deps.store.list<ComputeRecord>("computes/")).map((entry) => entry.value);
  return [await localComputeOf(deps), ...joined.filter((compute) => compute.compute_id !== LOCAL_COMPUTE_ID)];
}

export async function loadComputeRecord(deps: ControllerDeps, computeId: string): Promise<ComputeRecord> {
  if (computeId === LOCAL_COMPUTE_ID) return localComputeOf(deps);
  if (computeId === "vm") throw missingRecord("Cannot use a node on the GNS3 VM server with the GNS3 VM not configured");
  const compute = await deps.store.get<ComputeRecord>(keys.compute(computeId));
  if (!compute) throw missingRecord(`Compute ID ${computeId} doesn't exist`);
  return compute;
}

/** Every compute as clients see it, with what its host reported of QEMU. */
export async function listComputes(deps: ControllerDeps): Promise<Array<ReturnType<typeof computeToWire>>> {
  const [computes, facts] = await Promise.all([listComputeRecords(deps), loadEveryHostFacts(deps)]);
  return computes.map((compute) => computeToWire(compute, deps.config.version, deps.usage(), { qemuAccelerator: qemuAccelerator(facts.get(compute.compute_id)) }));
}

/** One compute as clients see it, with its dataplane host's status when a daemon connected as it. */
export async function getCompute(deps: ControllerDeps, computeId: string): Promise<ReturnType<typeof computeToWire>> {
  const compute = await loadComputeRecord(deps, computeId);
  const [dataplane, facts] = await Promise.all([loadDataplaneStatus(deps, computeId), loadHostFacts(deps, computeId)]);
  return computeToWire(compute, deps.config.version, deps.usage(), { dataplane, qemuAccelerator: qemuAccelerator(facts) });
}

/** The URL of a compute's own API for `emulator`'s `action`, as GNS3 tells it; 404 for an unknown compute. */
export async function computeEndpointOf(deps: ControllerDeps, computeId: string, emulator: string, action: string): Promise<string> {
  return computeEndpoint(await loadComputeRecord(deps, computeId), emulator, action);
}

/** A compute as clients see it in an answer or an event, without the dataplane status `GET` adds. */
export async function computeWire(deps: ControllerDeps, compute: ComputeRecord): Promise<ReturnType<typeof computeToWire>> {
  const facts = await loadHostFacts(deps, compute.compute_id);
  return computeToWire(compute, deps.config.version, deps.usage(), { qemuAccelerator: qemuAccelerator(facts) });
}

/**
 * `local`, connected once `npm start`'s own daemon said Hello to this controller (GNS3's local
 * compute too connects a moment after the server starts); always, where no daemon is run beside
 * the controller (records only, or hosts that dial in by themselves).
 */
async function localComputeOf(deps: ControllerDeps): Promise<ComputeRecord> {
  const compute = localCompute(deps.config.consoleHost, deps.localHost?.port ?? GNS3_DEFAULT_PORT);
  if (!deps.config.localDataplane) return compute;
  return { ...compute, connected: connectedNow(deps.config.startedAtMs, await deps.store.get<DataplaneHostRecord>(keys.dataplaneHost(LOCAL_COMPUTE_ID))) };
}
