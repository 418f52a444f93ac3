/**
 * No wire object or topology file nests deeper than a few levels. Past this a document is
 * refused before recursive code (error messages, key sorting, storing) overflows the stack on it.
 */
export const JSON_DEPTH_LIMIT = 64;

/** Walks with its own stack, so the check itself cannot overflow. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) pending.push({ value: child, depth: depth + 1 });
  }
  return false;
}
