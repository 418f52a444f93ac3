import { z } from "zod";
import { uuid } from "./common";

/** GNS3 takes the description too, and then ignores it; here it is kept. */
export const snapshotCreate = z.strictObject({
  name: z.string().min(1),
  description: z.string().min(1).optional(),
});
export type SnapshotCreate = z.infer<typeof snapshotCreate>;

export const snapshotWire = z.object({
  /** Seconds since the epoch, UTC, as GNS3 gives it. */
  created_at: z.int(),
  description: z.string(),
  filename: z.string(),
  name: z.string(),
  project_id: uuid,
  snapshot_id: uuid,
});
export type SnapshotWire = z.infer<typeof snapshotWire>;
