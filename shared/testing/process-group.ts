import { readdirSync, readFileSync } from "node:fs";

/** The processes of a process group, from /proc. */
export function groupMembers(groupId: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => processGroupOf(pid) === groupId);
}

/**
 * Waits until no process of the group is left (`npm start` may exit before the controller's
 * daemon has stopped its nodes and saved its state), then SIGKILLs whatever still is.
 */
export async function waitForGroupToEnd(groupId: number, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (groupMembers(groupId).length > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  try {
    process.kill(-groupId, "SIGKILL");
  } catch {
    // The group is already empty.
  }
}

function processGroupOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
  } catch {
    return undefined;
  }
}
