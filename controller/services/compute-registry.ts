import type { ComputeCreate, ComputeUpdate } from "@shared/schemas/compute";
import { newToken } from "@shared/secrets/secret-hash";
import type { ControllerDeps } from "../deps";
import { LOCAL_COMPUTE_ID, passwordToken, registeredCompute, updatedCompute, type ComputeRecord } from "../domain/computes";
import { conflictingRequest } from "../domain/errors";
import type { ProjectRecord } from "../domain/projects";
import { ownTokenWrite } from "./host-tokens";
import { withConflictRetry } from "../store/conflict-retry";
import { keys } from "../store/keys";
import { computeWire, listComputeRecords, loadComputeRecord } from "./computes";
import { closeProject } from "./projects";

type ComputeWire = Awaited<ReturnType<typeof computeWire>>;

/**
 * GNS3 registers a compute by its HTTP address and connects to it; here hosts are daemons that
 * dial in, so registering one means expecting a daemon under that id, with a token of its own:
 * the password the client sent, or one made here and shown in this answer only
 * (`dataplane_token`, our addition), for the daemon's `--token`.
 */
export async function registerCompute(deps: ControllerDeps, input: ComputeCreate): Promise<ComputeWire & { dataplane_token?: string }> {
  const computeId = input.compute_id ?? deps.newId();
  if (computeId === "vm") {
    throw conflictingRequest("Compute ID vm is GNS3's name for the GNS3 VM, which this server does not run: choose another compute_id");
  }
  const computes = await listComputeRecords(deps);
  // GNS3 answers an id it knows with that compute, unchanged (a PUT changes it).
  const known = computes.find((compute) => compute.compute_id === computeId);
  if (known) {
    const wire = await computeWire(deps, known);
    deps.events.publish({ kind: "controller" }, { action: "compute.updated", event: wire });
    return wire;
  }
  const compute = registeredCompute(input, computeId);
  assertNameFree(computes, compute.name, computeId);
  const given = passwordToken(input.password);
  const token = given ?? newToken();
  const key = keys.compute(computeId);
  await deps.store.commit([{ key, value: compute }, await ownTokenWrite(computeId, token)], [{ key, absent: true }]);
  const wire = await computeWire(deps, compute);
  deps.events.publish({ kind: "controller" }, { action: "compute.created", event: wire });
  return given === undefined ? { ...wire, dataplane_token: token } : wire;
}

/**
 * A new password is the daemon's new token: a daemon connected with the old one is sent away,
 * to dial again with the new. A PUT without a password keeps the token (a host always has one).
 */
export async function updateCompute(deps: ControllerDeps, computeId: string, input: ComputeUpdate): Promise<ComputeWire> {
  if (computeId === LOCAL_COMPUTE_ID) throw localUnchangeable("changed");
  const token = passwordToken(input.password);
  const next = await withConflictRetry(async () => {
    const record = await loadComputeRecord(deps, computeId);
    const updated = updatedCompute(record, input);
    if (updated.name !== record.name) assertNameFree(await listComputeRecords(deps), updated.name, computeId);
    const key = keys.compute(computeId);
    const writes = [{ key, value: updated }, ...(token === undefined ? [] : [await ownTokenWrite(computeId, token)])];
    await deps.store.commit(writes, [{ key, present: true }]);
    return updated;
  });
  if (token !== undefined) await deps.dataplane?.dismiss(computeId, `the token of host '${computeId}' was changed on the controller: restart this daemon with the new one`);
  const wire = await computeWire(deps, (await deps.store.get<ComputeRecord>(keys.compute(computeId))) ?? next);
  deps.events.publish({ kind: "controller" }, { action: "compute.updated", event: wire });
  return wire;
}

/**
 * As GNS3: the projects with nodes on the compute are closed (their nodes keep naming it), the
 * compute is forgotten and `compute.deleted` announced; an unknown id is no error. Its daemon,
 * if connected, is sent away and not admitted again by its token.
 */
export async function deleteCompute(deps: ControllerDeps, computeId: string): Promise<void> {
  if (computeId === LOCAL_COMPUTE_ID) throw localUnchangeable("deleted");
  const compute = (await listComputeRecords(deps)).find((known) => known.compute_id === computeId);
  if (!compute) return;
  for (const project of await projectsOn(deps, computeId)) {
    if (project.status === "opened") await closeProject(deps, project.project_id, `the compute its nodes run on (${computeId}) was deleted`);
  }
  await deps.dataplane?.dismiss(computeId, `host '${computeId}' was deleted from the controller`);
  await deps.store.commit([
    { key: keys.compute(computeId), delete: true },
    { key: keys.computeToken(computeId), delete: true },
    { key: keys.dataplaneHost(computeId), delete: true },
  ]);
  const wire = await computeWire(deps, { ...compute, connected: false });
  deps.events.publish({ kind: "controller" }, { action: "compute.deleted", event: wire });
}

function assertNameFree(computes: readonly ComputeRecord[], name: string, computeId: string): void {
  if (computes.some((compute) => compute.name === name && compute.compute_id !== computeId)) throw conflictingRequest(`Compute name "${name}" already exists`);
}

async function projectsOn(deps: ControllerDeps, computeId: string): Promise<ProjectRecord[]> {
  const prefix = keys.hostProjectsPrefix(computeId);
  const projectIds = (await deps.store.list(prefix)).map(({ key }) => key.slice(prefix.length));
  const projects = await Promise.all(projectIds.map((projectId) => deps.store.get<ProjectRecord>(keys.project(projectId))));
  return projects.filter((project) => project !== undefined);
}

function localUnchangeable(what: "changed" | "deleted") {
  return conflictingRequest(`The local compute is this controller's own host and cannot be ${what}`);
}
