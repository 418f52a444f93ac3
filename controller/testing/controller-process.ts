import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { waitForGroupToEnd } from "@shared/testing/process-group";
import { trackDataDir, trackProcessGroup } from "@shared/testing/lab-processes";

export interface ControllerProcess {
  url: string;
  child: ChildProcess;
  /** Every line the server wrote to stdout and stderr, when started with `captureOutput`. */
  output: string[];
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `npm start -- <args>` (the README's run command), or `npm run <script>` when given,
 * and waits for its "listening" log line.
 */
export async function startControllerProcess(
  args: string[],
  env: Record<string, string> = {},
  script = "start",
  { captureOutput = false, checkout = join(import.meta.dirname, "../..") }: { captureOutput?: boolean; checkout?: string } = {},
): Promise<ControllerProcess> {
  const child = spawn("npm", ["run", script, "--silent", "--", ...args], {
    cwd: checkout,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", captureOutput ? "pipe" : "inherit"],
    detached: true,
  });
  const untrack = trackProcessGroup(child.pid!);
  const dataDir = args[args.indexOf("--data-dir") + 1];
  if (args.includes("--data-dir") && dataDir) trackDataDir(dataDir);
  const output: string[] = [];
  if (captureOutput) createInterface({ input: child.stderr! }).on("line", (line) => output.push(line));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error("controller did not start within 30 s")), 30_000);
    child.once("exit", (code) => reject(new Error(`controller exited with ${code} before listening`)));
    lines.on("line", (line) => {
      if (captureOutput) output.push(line);
      try {
        const parsed = JSON.parse(line) as { msg?: string; url?: string };
        if (parsed.msg === "controller listening" && parsed.url) {
          clearTimeout(timer);
          resolve(parsed.url);
        }
      } catch {
        // Not a log line of ours.
      }
    });
  });
  return {
    url,
    child,
    output,
    stop: async (signal = "SIGTERM") => {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        // npm runs the server in a child of its own: signal the whole process group.
        process.kill(-child.pid!, signal);
      });
      // npm may exit first; the server and its daemon are done writing to the data dir only once the group is empty.
      await waitForGroupToEnd(child.pid!);
      untrack();
    },
  };
}

/**
 * Runs `npm start -- <args>` to its end, for a start that should fail: its exit status and what
 * it wrote, or a null status when it was still running after 30 s.
 */
export function runControllerUntilExit(args: string[], env: Record<string, string> = {}): SpawnSyncReturns<string> {
  return spawnSync("npm", ["start", "--silent", "--", ...args], {
    cwd: join(import.meta.dirname, "../.."),
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
}

/** Each process of the controller's process group (npm, the launcher, the server, its local daemon) with its resident memory now and at its peak, in MiB. */
export function processGroupMemory(controller: ControllerProcess): Array<{ pid: number; rss: number; peak: number }> {
  const found: Array<{ pid: number; rss: number; peak: number }> = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const processGroup = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (processGroup !== controller.child.pid) continue;
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      const peak = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      found.push({ pid: Number(entry), rss, peak });
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/** Resident memory of the biggest process in the controller's process group (the server is by far the largest). */
export function serverMemoryMiB(controller: ControllerProcess): { rss: number; peak: number } {
  let best = { rss: 0, peak: 0 };
  for (const { rss, peak } of processGroupMemory(controller)) if (rss > best.rss) best = { rss, peak };
  return best;
}
