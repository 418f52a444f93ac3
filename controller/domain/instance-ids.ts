import { conflictingRequest } from "./errors";

/** GNS3's bound on a project's Dynamips instance ids. */
const MAX_INSTANCE_ID = 4096;

/**
 * A new router's `dynamips_id`, as GNS3's compute gives it: the one asked for unless another
 * router of the project holds it (409), else the lowest free from 1.
 */
export function instanceId(asked: unknown, taken: ReadonlySet<number>): number {
  if (typeof asked === "number" && Number.isInteger(asked)) {
    if (taken.has(asked)) throw conflictingRequest(`Dynamips identifier ${asked} is already used by another router`);
    return asked;
  }
  for (let id = 1; id <= MAX_INSTANCE_ID; id++) if (!taken.has(id)) return id;
  throw conflictingRequest(`Maximum number of Dynamips instances reached (${MAX_INSTANCE_ID} in a project)`);
}
