import type { ProjectCreate, ProjectSettings, ProjectUpdate, ProjectWire } from "@shared/schemas/project";

export interface ProjectRecord extends ProjectSettings {
  project_id: string;
  name: string;
  path: string;
  filename: string;
  status: "opened" | "closed";
  /** Bumped on every change to the record, for guarded updates. */
  revision: number;
}

const DEFAULT_SETTINGS: ProjectSettings = {
  auto_close: true,
  auto_open: false,
  auto_start: false,
  scene_height: 1000,
  scene_width: 2000,
  zoom: 100,
  show_layers: false,
  snap_to_grid: false,
  show_grid: false,
  grid_size: 75,
  drawing_grid_size: 25,
  show_interface_labels: false,
  supplier: null,
  variables: null,
};

export function newProject(input: ProjectCreate, projectId: string, projectsDir: string): ProjectRecord {
  const settings = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof ProjectSettings)[]) {
    if (input[key] !== undefined) (settings as Record<string, unknown>)[key] = input[key];
  }
  return {
    ...settings,
    project_id: projectId,
    name: input.name,
    path: input.path ?? `${projectsDir}/${projectId}`,
    filename: `${input.name}.gns3`,
    status: "opened",
    revision: 1,
  };
}

/** Applies an update; `filename` stays as created, as in GNS3 (renaming does not rename the file). */
export function updatedProject(record: ProjectRecord, input: ProjectUpdate): ProjectRecord {
  const next: ProjectRecord = { ...record };
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (key === "path" && value === null) continue;
    (next as unknown as Record<string, unknown>)[key] = value;
  }
  return next;
}

export function projectChanged(before: ProjectRecord, after: ProjectRecord): boolean {
  return JSON.stringify(projectToWire(before)) !== JSON.stringify(projectToWire(after));
}

export function projectToWire(record: ProjectRecord): ProjectWire {
  return {
    auto_close: record.auto_close,
    auto_open: record.auto_open,
    auto_start: record.auto_start,
    drawing_grid_size: record.drawing_grid_size,
    filename: record.filename,
    grid_size: record.grid_size,
    name: record.name,
    path: record.path,
    project_id: record.project_id,
    scene_height: record.scene_height,
    scene_width: record.scene_width,
    show_grid: record.show_grid,
    show_interface_labels: record.show_interface_labels,
    show_layers: record.show_layers,
    snap_to_grid: record.snap_to_grid,
    status: record.status,
    supplier: record.supplier,
    variables: record.variables,
    zoom: record.zoom,
  };
}
