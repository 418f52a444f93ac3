import type { ProjectCreate, ProjectSettings, ProjectUpdate } from "@shared/schemas/project";

/**
 * A project as a compute knows it: a name and the variables pushed by the controller.
 * Nodes and files hang off the project id; the record carries nothing else.
 */
export interface ComputeProjectRecord {
  project_id: string;
  name: string;
  variables: ProjectSettings["variables"];
  /** Bumped on every change to the record, for guarded updates. */
  revision: number;
}

export interface ComputeProjectWire {
  name: string;
  project_id: string;
  variables: ProjectSettings["variables"];
}

/** The controller's create body is accepted whole; a compute keeps only what it uses. */
export function newComputeProject(input: ProjectCreate, projectId: string): ComputeProjectRecord {
  return { project_id: projectId, name: input.name, variables: input.variables ?? null, revision: 1 };
}

/** Only `variables` is read, and leaving it out clears them: the controller always sends them. */
export function updatedComputeProject(record: ComputeProjectRecord, input: ProjectUpdate): ComputeProjectRecord {
  return { ...record, variables: input.variables ?? null };
}

export function computeProjectToWire(record: ComputeProjectRecord): ComputeProjectWire {
  return { name: record.name, project_id: record.project_id, variables: record.variables };
}
