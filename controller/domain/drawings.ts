import type { DrawingInput, DrawingWire } from "@shared/schemas/drawing";

export interface DrawingRecord extends DrawingWire {
  /** Bumped on every change to the record, for guarded updates. */
  revision: number;
}

const DEFAULTS = { x: 0, y: 0, z: 2, locked: false, rotation: 0, svg: "<svg></svg>" };

export function newDrawing(input: DrawingInput, projectId: string, drawingId: string): DrawingRecord {
  return { ...DEFAULTS, ...settableFields(input), drawing_id: drawingId, project_id: projectId, revision: 1 };
}

/** Applies an update; the id in the body is ignored as in GNS3, and locked drawings still move. */
export function updatedDrawing(record: DrawingRecord, input: DrawingInput): DrawingRecord {
  return { ...record, ...settableFields(input), revision: record.revision + 1 };
}

function settableFields(input: DrawingInput): Partial<DrawingWire> {
  const fields: Partial<DrawingWire> = {};
  if (input.x !== undefined) fields.x = input.x;
  if (input.y !== undefined) fields.y = input.y;
  if (input.z !== undefined) fields.z = input.z;
  if (input.locked !== undefined) fields.locked = input.locked;
  if (input.rotation !== undefined) fields.rotation = input.rotation;
  if (input.svg !== undefined) fields.svg = input.svg;
  return fields;
}

export function drawingToWire(record: DrawingRecord): DrawingWire {
  return {
    drawing_id: record.drawing_id,
    locked: record.locked,
    project_id: record.project_id,
    rotation: record.rotation,
    svg: record.svg,
    x: record.x,
    y: record.y,
    z: record.z,
  };
}

/**
 * What `drawing.updated` carries: GNS3 leaves the svg out unless it changed, because clients
 * redraw the picture only when it is present and svgs can be large.
 */
export function drawingUpdatedEvent(before: DrawingRecord, after: DrawingRecord): Partial<DrawingWire> {
  const event: Partial<DrawingWire> = drawingToWire(after);
  if (after.svg === before.svg) delete event.svg;
  return event;
}
