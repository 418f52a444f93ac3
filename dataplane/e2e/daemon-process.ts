import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { endRecordedProcesses } from "../nodes/pid-file";
import { groupMembers } from "@shared/testing/process-group";
import { trackDataDir, trackProcessGroup } from "@shared/testing/lab-processes";
import { commandLine, signalGroup } from "../nodes/processes";

const ROOT = join(import.meta.dirname, "../..");
const STOP_GRACE_MS = 10_000;

export interface DaemonOptions {
  controllerUrl: string;
  hostId: string;
  token: string;
  dataDir: string;
  udpPorts: string;
  /** A program the daemon runs under, with its arguments (`setpriv …` without a capability, `ip netns exec NS` in a namespace). */
  wrapper?: string[];
  /** The daemon's --tunnel-address (default: loopback). */
  tunnelAddress?: string;
}

export interface DaemonProcess {
  readonly child: ChildProcess;
  /** Every line the daemon wrote, stdout and stderr. */
  readonly output: string[];
  /** SIGTERM (the daemon stops its nodes), SIGKILL to its process group after a grace period. */
  stop(): Promise<void>;
}

/** A dataplane daemon started by hand, as on another host: `node scripts/run-bundled.mjs dataplane/cli.ts -- ...`. */
export async function startDaemonProcess(options: DaemonOptions): Promise<DaemonProcess> {
  const [program, ...prefix] = [...(options.wrapper ?? []), process.execPath];
  const child = spawn(
    program!,
    [
      ...prefix,
      join(ROOT, "scripts", "run-bundled.mjs"),
      "dataplane/cli.ts",
      "--",
      ...["--controller", options.controllerUrl, "--host-id", options.hostId, "--token", options.token],
      ...["--data-dir", options.dataDir, "--udp-ports", options.udpPorts],
      ...(options.tunnelAddress ? ["--tunnel-address", options.tunnelAddress] : []),
    ],
    // Its own process group, so a test can end it and anything it started but VPCS (which runs in sessions of its own).
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  const output: string[] = [];
  // Warnings and errors are shown as before, and kept for the tests that read them.
  createInterface({ input: child.stderr! }).on("line", (line) => {
    output.push(line);
    process.stderr.write(`${line}\n`);
  });
  const untrack = trackProcessGroup(child.pid!);
  trackDataDir(options.dataDir);
  const started = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`daemon ${options.hostId} did not start within 30 s`)), 30_000);
    child.once("exit", (code) => reject(new Error(`daemon ${options.hostId} exited with ${code} before starting`)));
    // Read to the end so the daemon never blocks on a full pipe; its warnings go to stderr.
    createInterface({ input: child.stdout! }).on("line", (line) => {
      output.push(line);
      if (line.includes('"dataplane daemon started"')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  try {
    await started;
  } catch (error) {
    signalGroup(child.pid!, "SIGKILL");
    throw error;
  }
  let stopped: Promise<void> | undefined;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      const timer = setTimeout(() => signalGroup(child.pid!, "SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }
    signalGroup(child.pid!, "SIGKILL");
    untrack();
  };
  // Once only: the group's id may be reused after it is gone.
  return { child, output, stop: () => (stopped ??= stop()) };
}

/**
 * The local daemon `npm start` supervises: the process in the controller's process group
 * started with `--controller` and host id `local` (the controller's own flags include
 * neither). Undefined while there is none (restarting).
 */
export function findLocalDaemon(controllerGroup: number): number | undefined {
  for (const pid of groupMembers(controllerGroup)) {
    const argv = commandLine(pid) ?? [];
    const hostId = argv[argv.indexOf("--host-id") + 1];
    if (argv.includes("--controller") && hostId === "local") return pid;
  }
  return undefined;
}

/**
 * Ends every VPCS a daemon with this data dir recorded and left running (a test that failed
 * half way, a daemon killed outright): the safety net after the daemons are stopped. A test
 * whose `beforeAll` timed out removes its data dir, records included, before this runs; the
 * VPCS still working in it are then found by their working folder, which the kernel keeps.
 */
export async function endLeftoverVpcs(dataDir: string): Promise<void> {
  const isVpcs = (pid: number) => commandLine(pid)?.[0]?.endsWith("vpcs") === true;
  // One folder per node, under its project's: <data dir>/vpcs/<project id>/<node id>.
  for (const nodeDir of subfolders(join(dataDir, "vpcs")).flatMap((projectDir) => subfolders(projectDir))) {
    const ended = await endRecordedProcesses(join(nodeDir, "vpcs.pids.json"), isVpcs);
    if (ended.length > 0) console.error(`ended ${ended.length} VPCS processes left in ${nodeDir}`);
  }
  const strays = processesWorkingIn(dataDir).filter(isVpcs);
  for (const pid of strays) signalProcess(pid, "SIGKILL");
  if (strays.length > 0) console.error(`ended ${strays.length} VPCS processes left working in ${dataDir}, whose records were removed`);
}

/**
 * The VPCS working in `dataDir`, one per node: each VPCS forks a child for its PC (a VPCS too),
 * which is not counted.
 */
export function labVpcs(dataDir: string): number[] {
  const isVpcs = (pid: number | string) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, "latin1").trim() === "vpcs";
    } catch {
      return false;
    }
  };
  const parentOf = (pid: number) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
      return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]!;
    } catch {
      return "0";
    }
  };
  return processesWorkingIn(dataDir).filter((pid) => isVpcs(pid) && !isVpcs(parentOf(pid)));
}

/** Processes whose working folder is `dir` or below it, removed or not. */
export function processesWorkingIn(dir: string): number[] {
  const inside = (cwd: string) => {
    const path = cwd.endsWith(" (deleted)") ? cwd.slice(0, -" (deleted)".length) : cwd;
    return path === dir || path.startsWith(`${dir}/`);
  };
  return readdirSync("/proc").flatMap((entry) => {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) return [];
    try {
      return inside(readlinkSync(`/proc/${pid}/cwd`)) ? [pid] : [];
    } catch {
      return [];
    }
  });
}

function signalProcess(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Ended meanwhile.
  }
}

function subfolders(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => join(folder, entry.name));
  } catch {
    return [];
  }
}
