import { projectEvent } from "./project-events";
import { conflictingRequest, missingRecord } from "../domain/errors";
import type { DrawingInput } from "@shared/schemas/drawing";
import type { ControllerDeps } from "../deps";
import { drawingToWire, drawingUpdatedEvent, newDrawing, updatedDrawing, type DrawingRecord } from "../domain/drawings";
import type { ProjectRecord } from "../domain/projects";
import { keys } from "../store/keys";
import type { KvGuard } from "../store/kv";
import { applyChange, combineChanges } from "./change";
import { withConflictRetry } from "../store/conflict-retry";
import { loadOpenedProject, loadProject } from "./projects";
import { countAddition, countRemoval, inCountTurn } from "./record-limits";

/** A closed project still lists its stored drawings, as GNS3 does. */
export async function listDrawings(deps: ControllerDeps, projectId: string): Promise<DrawingRecord[]> {
  await loadProject(deps, projectId);
  return (await deps.store.list<DrawingRecord>(keys.drawingsPrefix(projectId))).map((entry) => entry.value);
}

export async function loadDrawing(deps: ControllerDeps, projectId: string, drawingId: string): Promise<DrawingRecord> {
  await loadOpenedProject(deps, projectId);
  return findDrawing(deps, projectId, drawingId);
}

/** A `drawing_id` that already exists gives back that drawing, unchanged and unannounced (GNS3). */
export async function createDrawing(deps: ControllerDeps, projectId: string, input: DrawingInput): Promise<DrawingRecord> {
  const drawingId = input.drawing_id ?? deps.newId();
  return inCountTurn(deps, projectId, "drawings", drawingId, () =>
    withConflictRetry(async () => {
      const project = await loadOpenedProject(deps, projectId);
      if (input.drawing_id) {
        const existing = await deps.store.get<DrawingRecord>(keys.drawing(projectId, input.drawing_id));
        if (existing) return existing;
      }
      const record = newDrawing(input, projectId, drawingId);
      const key = keys.drawing(projectId, record.drawing_id);
      const change = {
        writes: [{ key, value: record }],
        guards: [{ key, absent: true as const }, projectStillOpened(project)],
        events: [projectEvent(projectId, "drawing.created", drawingToWire(record))],
      };
      await applyChange(deps, combineChanges(change, await countAddition(deps, projectId, "drawings", drawingId)));
      return record;
    }),
  );
}

/** Always saved and announced, even when nothing changed: clients expect the event (GNS3). */
export async function updateDrawing(
  deps: ControllerDeps,
  projectId: string,
  drawingId: string,
  input: DrawingInput,
): Promise<DrawingRecord> {
  return withConflictRetry(async () => {
    const project = await loadOpenedProject(deps, projectId);
    const record = await findDrawing(deps, projectId, drawingId);
    const next = updatedDrawing(record, input);
    const key = keys.drawing(projectId, drawingId);
    await applyChange(deps, {
      writes: [{ key, value: next }],
      guards: [{ key, revision: record.revision }, projectStillOpened(project)],
      events: [projectEvent(projectId, "drawing.updated", drawingUpdatedEvent(record, next))],
    });
    return next;
  });
}

export async function deleteDrawing(deps: ControllerDeps, projectId: string, drawingId: string): Promise<void> {
  await inCountTurn(deps, projectId, "drawings", drawingId, () =>
    withConflictRetry(async () => {
      const project = await loadOpenedProject(deps, projectId);
      const record = await findDrawing(deps, projectId, drawingId);
      if (record.locked) throw conflictingRequest(`Drawing ID ${drawingId} cannot be deleted because it is locked`);
      const key = keys.drawing(projectId, drawingId);
      const change = {
        writes: [{ key, delete: true as const }],
        guards: [{ key, revision: record.revision }, projectStillOpened(project)],
        events: [projectEvent(projectId, "drawing.deleted", drawingToWire(record))],
      };
      await applyChange(deps, combineChanges(change, await countRemoval(deps, projectId, "drawings", [drawingId])));
    }),
  );
}

async function findDrawing(deps: ControllerDeps, projectId: string, drawingId: string): Promise<DrawingRecord> {
  const record = await deps.store.get<DrawingRecord>(keys.drawing(projectId, drawingId));
  if (!record) throw missingRecord(`Drawing ID ${drawingId} doesn't exist`);
  return record;
}

/** A project closed or deleted between our read and our commit must not gain or lose drawings. */
function projectStillOpened(project: ProjectRecord): KvGuard {
  return { key: keys.project(project.project_id), revision: project.revision };
}

