import { UUID_PATTERN } from "@shared/schemas/common";
import { invalidRequest, missingRecord } from "../domain/errors";
import type { ProjectCreate, ProjectUpdate } from "@shared/schemas/project";
import type { ControllerDeps } from "../deps";
import { newComputeProject, updatedComputeProject, type ComputeProjectRecord } from "../domain/compute-projects";
import { fileLayout } from "../files/layout";
import { keys } from "../store/keys";
import { applyChange } from "./change";
import { withConflictRetry } from "../store/conflict-retry";

/** Compute routes check the id's shape first, so a typo is told apart from an unknown project. */
export async function loadComputeProject(deps: ControllerDeps, projectId: string): Promise<ComputeProjectRecord> {
  if (!UUID_PATTERN.test(projectId)) throw invalidRequest(`Project ID ${projectId} is not a valid UUID`);
  const record = await deps.store.get<ComputeProjectRecord>(keys.computeProject(projectId));
  if (!record) throw missingRecord(`Project ID ${projectId} doesn't exist`);
  return record;
}

export async function listComputeProjects(deps: ControllerDeps): Promise<ComputeProjectRecord[]> {
  return (await deps.store.list<ComputeProjectRecord>(keys.computeProjectsPrefix())).map((entry) => entry.value);
}

/** A known `project_id` answers with that project unchanged, as GNS3 does. */
export async function createComputeProject(deps: ControllerDeps, input: ProjectCreate): Promise<ComputeProjectRecord> {
  return withConflictRetry(async () => {
    if (input.project_id) {
      const existing = await deps.store.get<ComputeProjectRecord>(keys.computeProject(input.project_id));
      if (existing) return existing;
    }
    const record = newComputeProject(input, input.project_id ?? deps.newId());
    const key = keys.computeProject(record.project_id);
    await applyChange(deps, { writes: [{ key, value: record }], guards: [{ key, absent: true }], events: [] });
    return record;
  });
}

export async function updateComputeProject(
  deps: ControllerDeps,
  projectId: string,
  input: ProjectUpdate,
): Promise<ComputeProjectRecord> {
  return withConflictRetry(async () => {
    const record = await loadComputeProject(deps, projectId);
    const next = { ...updatedComputeProject(record, input), revision: record.revision + 1 };
    const key = keys.computeProject(projectId);
    await applyChange(deps, { writes: [{ key, value: next }], guards: [{ key, revision: record.revision }], events: [] });
    return next;
  });
}

/** The compute forgets the project; its files stay for the next time it is created. */
export async function closeComputeProject(deps: ControllerDeps, projectId: string): Promise<void> {
  await forget(deps, projectId);
}

export async function deleteComputeProject(deps: ControllerDeps, projectId: string): Promise<void> {
  await forget(deps, projectId);
  await deps.files.remove(fileLayout.projectFolder(projectId));
}

async function forget(deps: ControllerDeps, projectId: string): Promise<void> {
  await withConflictRetry(async () => {
    const record = await loadComputeProject(deps, projectId);
    const key = keys.computeProject(projectId);
    await applyChange(deps, { writes: [{ key, delete: true }], guards: [{ key, revision: record.revision }], events: [] });
  });
}
