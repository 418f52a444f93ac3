/**
 * Process bookkeeping for node runtimes on Linux. VPCS's console daemon runs the PC in a
 * child it creates with forkpty, in a session of its own, so killing our child's process
 * group misses it: descendants are read from /proc, remembered with their start time (pids
 * are reused) and signalled one by one.
 */
import { readFileSync, readlinkSync } from "node:fs";

export interface ProcessIdentity {
  readonly pid: number;
  /** Field 22 of /proc/<pid>/stat: start time in clock ticks since boot. */
  readonly startTime: string;
}

/** The process as it runs now, or undefined when it is gone (or a zombie). */
export function identify(pid: number): ProcessIdentity | undefined {
  const fields = statFields(pid);
  if (fields === undefined || fields[0] === "Z" || fields[0] === "X") return undefined;
  const startTime = fields[19];
  return startTime === undefined ? undefined : { pid, startTime };
}

/** Whether the same process (not a later one reusing its pid) is still alive. */
export function isAlive(process: ProcessIdentity): boolean {
  return identify(process.pid)?.startTime === process.startTime;
}

/** Every live descendant of `pid`, children before grandchildren. */
export function descendants(pid: number): ProcessIdentity[] {
  const found: ProcessIdentity[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const child of childrenOf(parent)) {
      const identity = identify(child);
      if (identity !== undefined) {
        found.push(identity);
        queue.push(child);
      }
    }
  }
  return found;
}

/** The program and arguments the process runs, or undefined when it is gone. */
export function commandLine(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "latin1").split("\0").slice(0, -1);
  } catch {
    return undefined;
  }
}

/** The process's current directory, or undefined when it is gone (or not ours to read). */
export function workingDirectory(pid: number): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return undefined;
  }
}

/** Signals the process only if it is still the one we started; never throws. */
export function signal(process: ProcessIdentity, name: NodeJS.Signals): void {
  if (!isAlive(process)) return;
  try {
    globalThis.process.kill(process.pid, name);
  } catch {
    // Exited between the check and the signal.
  }
}

/** Signals a whole process group; never throws. */
export function signalGroup(groupId: number, name: NodeJS.Signals): void {
  try {
    process.kill(-groupId, name);
  } catch {
    // The group is already empty.
  }
}

function childrenOf(pid: number): number[] {
  try {
    const tasks = readFileSync(`/proc/${pid}/task/${pid}/children`, "latin1");
    return tasks.split(" ").filter((part) => part !== "").map(Number);
  } catch {
    return [];
  }
}

/** Fields after the command name (which may contain spaces): state first. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}
