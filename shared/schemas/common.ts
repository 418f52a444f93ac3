import { z } from "zod";

/** GNS3 validates ids with this pattern rather than a strict RFC 4122 check. */
export const UUID_PATTERN = /^[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{12}$/;

export const uuid = z.string().regex(UUID_PATTERN, "must be a UUID");

export const label = z.strictObject({
  text: z.string(),
  style: z.string().nullable().optional(),
  x: z.int().nullable().optional(),
  y: z.int().optional(),
  rotation: z.int().min(-359).max(360).optional(),
});
export type Label = z.infer<typeof label>;
