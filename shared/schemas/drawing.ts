import { z } from "zod";
import { uuid } from "./common";

/**
 * GNS3 would fail with a 500 on a `project_id` in the body (an unexpected argument); a drawing
 * belongs to the project in its URL, so we say that instead.
 */
const projectIdInBody = z.custom<never>(() => false, {
  message: "'project_id' cannot be set: a drawing belongs to the project in the URL",
});

/** Create and update share one schema, as in GNS3: nothing required, no other keys. */
export const drawingInput = z
  .strictObject({
    drawing_id: uuid,
    project_id: projectIdInBody,
    x: z.int(),
    y: z.int(),
    z: z.int(),
    locked: z.boolean(),
    rotation: z.int().min(-359).max(360),
    svg: z.string(),
  })
  .partial();
export type DrawingInput = z.infer<typeof drawingInput>;

export const drawingWire = z.object({
  drawing_id: uuid,
  locked: z.boolean(),
  project_id: uuid,
  rotation: z.int(),
  svg: z.string(),
  x: z.int(),
  y: z.int(),
  z: z.int(),
});
export type DrawingWire = z.infer<typeof drawingWire>;
