/**
 * One `dynamips -H 127.0.0.1:PORT` process and the connection to its hypervisor. Dynamips runs
 * its routers and Frame Relay/ATM switches inside that process, working in the node's folder
 * (NVRAM, disks, its log). It is started in the host's Dynamips folder, where it writes the
 * translation tables of its CPU emulators (2 MB) at every start unless they are there: shared,
 * as GNS3 shares them between the routers of a project. It must not outlive the daemon, which alone can reach it:
 * it is started through util-linux's `setpriv --pdeathsig KILL`, so the kernel kills it when
 * the daemon dies, even by SIGKILL; `liveProcesses` kills it on a normal exit, and the pid file
 * in the folder lets the next start end one a host without setpriv left.
 */
import { spawnSync } from "node:child_process";
import { access, constants, mkdir } from "node:fs/promises";
import { createServer } from "node:net";
import { basename, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "@shared/logging/logger";
import { exitOf, hasExited, howItExited, withTail } from "../nodes/emulator-process";
import { liveProcesses } from "../nodes/live-processes";
import { forgetProcesses, recordProcesses } from "../nodes/pid-file";
import { endLeftovers, spawnEmulator, type SpawnedEmulator } from "../nodes/process-supervisor";
import { identify, signalGroup, type ProcessIdentity } from "../nodes/processes";
import { HypervisorClient } from "./hypervisor-client";

/** Where a node's hypervisor runs: see `dynamipsFolders`. */
export interface HypervisorFolders {
  /** The node's folder: where the hypervisor works (`hypervisor working_dir`), logs, and keeps its pid file. */
  readonly workDir: string;
  /** Where the process starts, and keeps its translation tables for every node of the host. */
  readonly sharedDir: string;
}

export interface HypervisorOptions extends HypervisorFolders {
  readonly nodeId: string;
  readonly log: Logger;
  /** Default `dynamips` on the PATH (Debian's package, section non-free). */
  readonly executable?: string;
  /** How long the hypervisor may take to accept its connection; default 5 s. */
  readonly startTimeoutMs?: number;
}

const PID_FILE = "dynamips.pids.json";
const CONNECT_POLL_MS = 20;
const STOP_GRACE_MS = 2000;
const PORT_ATTEMPTS = 3;

/** The oldest Dynamips GNS3 2.2 works with; Debian bookworm ships 0.2.14. */
export const MINIMUM_VERSION = "0.2.11";

export class DynamipsHypervisor {
  private stopping = false;
  private readonly exitHandlers: Array<(message: string) => void> = [];

  private constructor(
    readonly client: HypervisorClient,
    readonly version: string,
    readonly argv: readonly string[],
    private readonly spawned: SpawnedEmulator,
    private readonly leader: ProcessIdentity,
    private readonly pidFile: string,
  ) {
    spawned.child.once("exit", (code, signal) => {
      liveProcesses.delete(leader);
      client.close();
      if (this.stopping) return;
      const message = `Dynamips exited by itself (${howItExited(code, signal)})${withTail(spawned.output())}`;
      for (const handler of this.exitHandlers) handler(message);
    });
  }

  /** Starts the hypervisor for `workDir` (ending what an earlier daemon left there) and connects to it. */
  static async start(options: HypervisorOptions): Promise<DynamipsHypervisor> {
    const executable = options.executable ?? "dynamips";
    const pidFile = join(options.workDir, PID_FILE);
    await mkdir(options.workDir, { recursive: true });
    await mkdir(options.sharedDir, { recursive: true });
    // `hypervisor working_dir` moves the process into the node's folder (a chdir), where an earlier one is found.
    await endLeftovers(pidFile, options.workDir, (program) => program === basename(executable), options.log, options.nodeId);
    for (let attempt = 1; ; attempt++) {
      const port = await freeTcpPort();
      try {
        return await DynamipsHypervisor.launch(executable, port, pidFile, options);
      } catch (error) {
        if (!(error instanceof PortTaken) || attempt >= PORT_ATTEMPTS) throw error;
        options.log.warn("the hypervisor's port was taken before dynamips bound it, trying another", { node_id: options.nodeId, port });
      }
    }
  }

  private static async launch(executable: string, port: number, pidFile: string, options: HypervisorOptions): Promise<DynamipsHypervisor> {
    const args = ["-H", `127.0.0.1:${port}`, "-l", join(options.workDir, "dynamips_log.txt")];
    let spawned: SpawnedEmulator;
    try {
      spawned = hasSetpriv() ? await spawnEmulator("setpriv", ["--pdeathsig", "KILL", executable, ...args], options.sharedDir) : await spawnEmulator(executable, args, options.sharedDir);
    } catch (error) {
      const failure = error as NodeJS.ErrnoException;
      throw new Error(failure.code === "ENOENT" ? NOT_INSTALLED : `cannot run ${executable}: ${failure.message}`);
    }
    const leader = identify(spawned.child.pid!);
    if (leader === undefined) {
      const how = await exitOf(spawned.child);
      throw notInstalled(spawned.output()) ? new Error(NOT_INSTALLED) : new Error(`dynamips exited at once (${how})${withTail(spawned.output())}`);
    }
    liveProcesses.add(leader);
    await recordProcesses(pidFile, [leader]);
    const deadline = performance.now() + (options.startTimeoutMs ?? 5000);
    for (;;) {
      if (hasExited(spawned.child)) {
        const how = await exitOf(spawned.child);
        await forgetProcesses(pidFile, leader);
        // Its words when another program holds the port it was given.
        if (spawned.output().includes("unable to create TCP sockets")) throw new PortTaken();
        if (notInstalled(spawned.output())) throw new Error(NOT_INSTALLED);
        throw new Error(`dynamips exited during start (${how})${withTail(spawned.output())}`);
      }
      const client = await HypervisorClient.connect(port).catch(() => undefined);
      if (client) {
        const [version = ""] = await client.send("hypervisor", "version");
        await client.send("hypervisor", "working_dir", options.workDir);
        const hypervisor = new DynamipsHypervisor(client, version.split("-")[0]!, [executable, ...args], spawned, leader, pidFile);
        if (compareVersions(hypervisor.version, MINIMUM_VERSION) < 0) {
          await hypervisor.stop();
          throw new Error(`dynamips ${hypervisor.version} is too old: ${MINIMUM_VERSION} or later is needed`);
        }
        return hypervisor;
      }
      if (performance.now() > deadline) {
        signalGroup(leader.pid, "SIGKILL");
        await exitOf(spawned.child);
        await forgetProcesses(pidFile, leader);
        throw new Error(`dynamips did not open its hypervisor port ${port} within ${options.startTimeoutMs ?? 5000} ms${withTail(spawned.output())}`);
      }
      await sleep(CONNECT_POLL_MS);
    }
  }

  get pid(): number {
    return this.leader.pid;
  }

  /** What dynamips printed last: where it says why a router did not start. */
  output(): string {
    return this.spawned.output();
  }

  /** Called once if the process ends without `stop` (a crash), with the end of its output. */
  onExit(handler: (message: string) => void): void {
    this.exitHandlers.push(handler);
  }

  /** Ends the process (SIGTERM to its group, SIGKILL after 2 s) and forgets its pid record. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.client.close();
    const { child } = this.spawned;
    if (!hasExited(child)) {
      signalGroup(this.leader.pid, "SIGTERM");
      const exited = await Promise.race([exitOf(child).then(() => true), sleep(STOP_GRACE_MS).then(() => false)]);
      if (!exited) {
        signalGroup(this.leader.pid, "SIGKILL");
        await exitOf(child);
      }
    }
    liveProcesses.delete(this.leader);
    await forgetProcesses(this.pidFile, this.leader);
  }
}

class PortTaken extends Error {}

const NOT_INSTALLED = "dynamips is not installed on this host (Debian: apt install dynamips, from the non-free section)";

/** setpriv's words when the program it was to become is missing. */
function notInstalled(output: string): boolean {
  return /failed to execute .*No such file/.test(output);
}

let setprivFound: boolean | undefined;

function hasSetpriv(): boolean {
  setprivFound ??= spawnSync("setpriv", ["--version"], { stdio: "ignore" }).status === 0;
  return setprivFound;
}

async function freeTcpPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function compareVersions(a: string, b: string): number {
  const left = a.split(".").map(Number);
  const right = b.split(".").map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Whether `executable` is a program on the PATH (looked up, not run: running Dynamips writes files where it starts). */
export async function dynamipsAvailable(executable = "dynamips"): Promise<boolean> {
  const candidates = executable.includes("/") ? [executable] : (process.env.PATH ?? "").split(":").filter(Boolean).map((dir) => join(dir, executable));
  for (const candidate of candidates) if (await access(candidate, constants.X_OK).then(() => true, () => false)) return true;
  return false;
}
