import { conflictingRequest } from "./errors";

/** GNS3 gives up after this many tries; so do we, with its message. */
const MAX_SUFFIX = 1_000_000;

/**
 * The name an imported or duplicated project gets, as GNS3 picks it: the one asked for when
 * free, otherwise the first free `{name}-1`, `{name}-2`, …
 */
export function freeProjectName(requested: string, taken: ReadonlySet<string>): string {
  if (!taken.has(requested)) return requested;
  for (let suffix = 1; suffix <= MAX_SUFFIX; suffix++) {
    const candidate = `${requested}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
  throw conflictingRequest("A project name could not be allocated (node limit reached?)");
}
