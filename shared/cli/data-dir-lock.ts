import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";
import { OperatorError } from "./operator-error";

/** What a lock file says of its holder: the pid, and the process's start time so a reused pid is not taken for it. */
interface Holder {
  pid: number;
  started: string | null;
}

/**
 * Takes `dir` for this process alone, as `name` (the controller and a daemon may share a data
 * dir, each with its own lock): creates the folder, then a lock file naming this process. A
 * lock whose process has gone (kill -9) is taken over; one whose process lives is refused with
 * the line an operator needs. Returns how to let go of it, which a clean exit does.
 */
export function lockDataDir(dir: string, name: string, what: string): () => void {
  const folder = resolve(dir);
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new OperatorError(`cannot create the data dir ${folder}: ${reason(error)}`);
  }
  const path = join(folder, `${name}.lock`);
  const me: Holder = { pid: process.pid, started: startTime(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const descriptor = openSync(path, "wx");
      writeSync(descriptor, JSON.stringify(me));
      closeSync(descriptor);
      return () => {
        if (readHolder(path)?.pid === me.pid) rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw new OperatorError(`cannot write in the data dir ${folder}: ${reason(error)}`);
    }
    const holder = readHolder(path);
    if (holder && alive(holder)) {
      throw new OperatorError(`the data dir ${folder} is in use by another ${what} (pid ${holder.pid}): stop it, or give this one another --data-dir`);
    }
    // Left by a process that did not exit cleanly: ours now. Another starter racing for it loses at `wx`.
    rmSync(path, { force: true });
  }
  throw new OperatorError(`the data dir ${folder} is being taken by another ${what} at this moment: start this one again`);
}

function readHolder(path: string): Holder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, "utf8")) as Partial<Holder>;
    return typeof parsed.pid === "number" ? { pid: parsed.pid, started: parsed.started ?? null } : undefined;
  } catch {
    // Unreadable or half-written (a crash between create and write): nobody's.
    return undefined;
  }
}

function alive(holder: Holder): boolean {
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const stat = procStat(holder.pid);
  // A zombie (killed, not yet reaped by its parent) holds nothing.
  if (stat?.state === "Z") return false;
  return holder.started === null || stat === null || stat.started === holder.started;
}

/** The process's state and start time in clock ticks since boot (/proc/PID/stat fields 3 and 22); null where there is no /proc. */
function procStat(pid: number): { state: string; started: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0]!, started: fields[19]! };
  } catch {
    return null;
  }
}

function startTime(pid: number): string | null {
  return procStat(pid)?.started ?? null;
}

function reason(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EROFS") return "the file system is read-only";
  if (code === "ENOTDIR") return "a file is in the way of the folder";
  if (code === "ENOSPC") return "no space left on the device";
  return message;
}
