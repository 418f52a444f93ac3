/**
 * The processes a node runtime started, written to a file in the node's work dir. A daemon
 * killed with SIGKILL cannot stop its nodes, whose processes then keep their console and UDP
 * ports; the next runtime for the same work dir reads the file and ends them before starting
 * afresh. A recorded process is only ended while it is provably the same one: same pid and
 * start time, and whatever else `isOurs` checks (program, working directory).
 */
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { descendants, isAlive, signal, type ProcessIdentity } from "./processes";

const KILL_WAIT_MS = 2000;

/** Replaces the record; written whole then renamed, so a reader never sees half of it. */
export async function recordProcesses(path: string, processes: readonly ProcessIdentity[]): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(processes.map(({ pid, startTime }) => ({ pid, startTime }))));
  await rename(temporary, path);
}

/** Removes the record if it is still the one whose first process is `leader` (a later start may have replaced it). */
export async function forgetProcesses(path: string, leader: ProcessIdentity): Promise<void> {
  const recorded = await readRecord(path);
  const first = recorded[0];
  if (first?.pid === leader.pid && first.startTime === leader.startTime) await rm(path, { force: true });
}

/**
 * SIGKILLs every recorded process still alive and `isOurs`, and their descendants that are
 * ours too (a child forked after the last record was written), waits until they are gone
 * and removes the record. Resolves with the processes it ended.
 */
export async function endRecordedProcesses(path: string, isOurs: (pid: number) => boolean): Promise<ProcessIdentity[]> {
  const recorded = (await readRecord(path)).filter((each) => isAlive(each) && isOurs(each.pid));
  const survivors = [...recorded];
  for (const child of recorded.flatMap((each) => descendants(each.pid))) {
    if (isOurs(child.pid) && !survivors.some((known) => known.pid === child.pid)) survivors.push(child);
  }
  survivors.forEach((survivor) => signal(survivor, "SIGKILL"));
  const deadline = performance.now() + KILL_WAIT_MS;
  while (survivors.some(isAlive)) {
    if (performance.now() > deadline) throw new Error(`processes left by an earlier run would not end: ${survivors.filter(isAlive).map((each) => each.pid).join(", ")}`);
    await sleep(10);
  }
  await rm(path, { force: true });
  return survivors;
}

/** The recorded processes; none when there is no file or it is not a record we wrote. */
async function readRecord(path: string): Promise<ProcessIdentity[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch {
    return [];
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is ProcessIdentity =>
        typeof entry === "object" && entry !== null && Number.isInteger(entry.pid) && entry.pid > 1 && typeof entry.startTime === "string",
    );
  } catch {
    return [];
  }
}
