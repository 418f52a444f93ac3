import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/**
 * Makes `pids` (children this process cannot tell to exit with it, such as workerd, which
 * miniflare starts) end when this process ends, however it ends, kill -9 included: a shell
 * waits on a pipe from this process and, when it closes, sends them SIGTERM. Nothing runs
 * meanwhile but that idle shell.
 */
export function endWithThisProcess(pids: readonly number[]): void {
  if (pids.length === 0) return;
  const guard = spawn("sh", ["-c", 'read -r _; kill -TERM "$@" 2>/dev/null', "end-with-this-process", ...pids.map(String)], {
    stdio: ["pipe", "ignore", "ignore"],
    detached: false,
  });
  guard.on("error", () => {});
  guard.unref();
  (guard.stdin as unknown as { unref?: () => void }).unref?.();
}

/** This process's children whose program is `name` (from /proc). */
export function childrenNamed(name: string): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "latin1");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent === process.pid && comm === name) children.push(Number(entry));
    } catch {
      // Ended while we looked.
    }
  }
  return children;
}
