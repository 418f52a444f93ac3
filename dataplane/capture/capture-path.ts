import { resolve, sep } from "node:path";

/**
 * Where a capture named relative to the daemon's data dir is on disk; undefined for a path that
 * would leave the data dir (the controller only ever names files under it).
 */
export function capturePathIn(dataDir: string, relativePath: string): string | undefined {
  const root = resolve(dataDir);
  const path = resolve(root, relativePath);
  return path.startsWith(root + sep) ? path : undefined;
}
