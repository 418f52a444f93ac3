import type { ControllerDeps } from "../deps";
import { GNS3_DEFAULT_PORT, LOCAL_COMPUTE_ID, localCompute, type ComputeRecord } from "../domain/computes";
import { notFound } from "../http/api-error";
import { keys } from "../store/keys";

/** `local` always exists; dataplane hosts that join are stored under `computes/`. */
export async function listComputeRecords(deps: ControllerDeps): Promise<ComputeRecord[]> {
  const joined = (await deps.store.list<ComputeRecord>("computes/")).map((entry) => entry.value);
  return [localComputeOf(deps), ...joined.filter((compute) => compute.compute_id !== LOCAL_COMPUTE_ID)];
}

export async function loadComputeRecord(deps: ControllerDeps, computeId: string): Promise<ComputeRecord> {
  if (computeId === LOCAL_COMPUTE_ID) return localComputeOf(deps);
  if (computeId === "vm") throw notFound("Cannot use a node on the GNS3 VM server with the GNS3 VM not configured");
  const compute = await deps.store.get<ComputeRecord>(keys.compute(computeId));
  if (!compute) throw notFound(`Compute ID ${computeId} doesn't exist`);
  return compute;
}

function localComputeOf(deps: ControllerDeps): ComputeRecord {
  return localCompute(deps.config.consoleHost, deps.localHost?.port ?? GNS3_DEFAULT_PORT);
}
