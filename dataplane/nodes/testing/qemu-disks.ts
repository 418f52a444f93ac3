/**
 * Disk chores for tests of linked clones, with Debian's qemu-utils and no VM: qemu-io writes
 * and checks byte patterns in a qcow2 file as a guest would, and holds a disk open for
 * writing, locked, as a running QEMU does.
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { waitFor } from "@shared/testing/cleanups";

/** Whether qemu-img and qemu-io run here (tests skip without them). */
export const hasQemuDiskTools = (() => {
  try {
    execFileSync("qemu-img", ["--version"], { stdio: "ignore" });
    execFileSync("qemu-io", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

/** Writes `pattern` over `length` bytes from `offset` of the disk, as seen by a guest. */
export function writePattern(file: string, format: "qcow2" | "raw", pattern: number, offset: number, length: number): void {
  execFileSync("qemu-io", ["-f", format, "-c", `write -P ${pattern} ${offset} ${length}`, file], { stdio: "ignore" });
}

/** Whether every byte of the range, as a guest reads the disk, holds `pattern`. */
export function holdsPattern(file: string, pattern: number, offset: number, length: number): boolean {
  try {
    execFileSync("qemu-io", ["-f", "qcow2", "-c", `read -P ${pattern} ${offset} ${length}`, file], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps `file` open for writing, with QEMU's locks, until the returned function is called (at
 * most 60 s). Resolves once the write lock shows in /proc/locks: probing by opening the disk
 * could make the holder's own open fail.
 */
export async function holdDiskOpen(file: string): Promise<() => Promise<void>> {
  const holder = spawn("qemu-io", ["-f", "qcow2", "-c", "sleep 60000", file], { stdio: "ignore" });
  const exited = new Promise((resolve) => holder.once("exit", resolve));
  await waitFor("qemu-io to lock the disk for writing", () => lockedForWriting(file));
  return async () => {
    holder.kill("SIGKILL");
    await exited;
  };
}

/** Whether a process holds QEMU's lock byte that says it writes `file` (byte 101). */
function lockedForWriting(file: string): boolean {
  const inode = statSync(file).ino;
  return readFileSync("/proc/locks", "utf8")
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .some((fields) => fields.at(-3)?.endsWith(`:${inode}`) && Number(fields.at(-2)) <= 101 && Number(fields.at(-1)) >= 101);
}
