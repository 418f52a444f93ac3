import { mkdir, open, readFile, rename } from "node:fs/promises";
import { dirname, join } from "node:path";
import { createLogger } from "@shared/logging/logger";
import { decodeDesiredHostState, encodeDesiredHostState, MalformedMessage, type DesiredHostState } from "@shared/proto";

const log = createLogger("dataplane.control");

/** The last applied desired state, as the protobuf bytes the controller sent (revision included). */
export function stateFilePath(dataDir: string): string {
  return join(dataDir, "control", "applied-state.pb");
}

/**
 * Writes to a temporary file, syncs it, then renames it over the old one: a daemon killed at
 * any moment (kill -9, power loss) finds either the previous state or the new one, never half.
 */
export async function saveAppliedState(dataDir: string, state: DesiredHostState): Promise<void> {
  const path = stateFilePath(dataDir);
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  const file = await open(temporary, "w");
  try {
    await file.writeFile(encodeDesiredHostState(state));
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
}

/** Undefined after a fresh start; a damaged file is reported and ignored (the controller resends). */
export async function loadAppliedState(dataDir: string): Promise<DesiredHostState | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(stateFilePath(dataDir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    return decodeDesiredHostState(bytes);
  } catch (error) {
    if (!(error instanceof MalformedMessage)) throw error;
    log.warn("ignoring a damaged applied-state file", { path: stateFilePath(dataDir), error: error.message });
    return undefined;
  }
}
