import { spawn, type ChildProcess } from "node:child_process";
import { basename, resolve } from "node:path";
import type { Logger } from "@shared/logging/logger";
import { endRecordedProcesses } from "./pid-file";
import { commandLine, workingDirectory, type ProcessIdentity } from "./processes";
import { Slots } from "./slots";

/**
 * One run of an emulator's process, as the supervisor sees it; each emulator adds what its run
 * holds besides (VPCS its PC child and tunnel, QEMU its tunnels and QMP connection).
 */
export interface SupervisedRun {
  readonly child: ChildProcess;
  readonly leader: ProcessIdentity;
  /** The program and its arguments, as started. */
  readonly argv: readonly string[];
  readonly exited: Promise<void>;
  /** It serves: from then on an exit is a crash (before, the start fails instead). */
  ready: boolean;
  stopping: boolean;
}

/** The process ended without a stop being asked: for the node to report as its failure. */
export interface ProcessCrash {
  readonly nodeId: string;
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  /** What to show the user, with the end of the program's output. */
  readonly message: string;
}

/**
 * A port the process was to bind (found free by us, then bound by it) was taken by another
 * program in between: the start is tried again, on fresh ports.
 */
export class PortRaceLost extends Error {}

const PORT_RACE_ATTEMPTS = 3;
/**
 * Emulators starting or stopping at once on this host, whatever their nodes (GNS3 starts a
 * project's nodes three at a time). A start holds its slot until its process serves.
 */
const TRANSITIONS_AT_ONCE = 8;
const transitions = new Slots(TRANSITIONS_AT_ONCE);
const OUTPUT_TAIL_CHARS = 4000;

/**
 * What every emulator's process needs, whatever the emulator (VPCS, QEMU, and the next one):
 * one start, stop or other transition at a time, in call order; the run in progress; starts
 * tried again when they lose a port to another program; a crash (an exit after the process
 * served, that no stop asked for) told to the node once the run is released.
 */
export class ProcessSupervisor<Run extends SupervisedRun> {
  current: Run | undefined;
  private transition: Promise<void> = Promise.resolve();
  private readonly crashHandlers: Array<(crash: ProcessCrash) => void> = [];

  constructor(
    private readonly nodeId: string,
    private readonly log: Logger,
  ) {}

  get running(): boolean {
    return this.current !== undefined && !this.current.stopping;
  }

  get pid(): number | undefined {
    return this.current?.leader.pid;
  }

  /** The program and arguments of the process serving now; undefined when stopped, starting or stopping. */
  get argv(): readonly string[] | undefined {
    const current = this.current;
    return current?.ready && !current.stopping ? current.argv : undefined;
  }

  onCrash(handler: (crash: ProcessCrash) => void): void {
    this.crashHandlers.push(handler);
  }

  /** Runs `step` after every transition asked before it. */
  serialise(step: () => Promise<void>): Promise<void> {
    const next = this.transition.then(step);
    this.transition = next.catch(() => {});
    return next;
  }

  /**
   * Runs `launch` until a run serves (no-op when one does); again, on fresh ports, when it
   * lost one to another program, at most three times. Rejects with the cause, for the user.
   */
  start(launch: () => Promise<void>): Promise<void> {
    return this.serialise(async () => {
      for (let attempt = 1; this.current === undefined; attempt++) {
        try {
          await transitions.run(launch);
        } catch (error) {
          if (!(error instanceof PortRaceLost) || attempt >= PORT_RACE_ATTEMPTS) throw error;
          this.log.warn("a port of the process was taken before it bound it, starting again on others", { node_id: this.nodeId, error: error.message });
        }
      }
    });
  }

  /** Ends the run with `terminate`; no-op when there is none. */
  stop(terminate: (run: Run) => Promise<void>): Promise<void> {
    return this.serialise(async () => {
      const current = this.current;
      if (current !== undefined) await transitions.run(() => terminate(current));
    });
  }

  /**
   * Makes `run` the current one, and watches its exit: after it served and unless a stop ended
   * it, the run is released and the crash told, with `crashMessage`'s words.
   */
  adopt(run: Run, release: (run: Run) => Promise<void>, crashMessage: (exitCode: number | null, signal: NodeJS.Signals | null) => string): void {
    this.current = run;
    run.child.once("exit", (exitCode, signal) => {
      if (run.stopping || !run.ready) return;
      void release(run).then(() => {
        const crash: ProcessCrash = { nodeId: this.nodeId, exitCode, signal, message: crashMessage(exitCode, signal) };
        for (const handler of this.crashHandlers) handler(crash);
      });
    });
  }

  /** Forgets `run` once it is released, if it is still the current one; whether it was. */
  release(run: Run): boolean {
    if (this.current !== run) return false;
    this.current = undefined;
    return true;
  }
}

/** A process spawned for an emulator, in a group of its own, with the end of what it prints kept. */
export interface SpawnedEmulator {
  child: ChildProcess;
  output(): string;
}

/**
 * Spawns one at a time, each in a turn of the event loop of its own. `spawn` blocks the loop
 * until the child has exec'd, which on a loaded host takes long: a hundred in one turn held
 * the daemon deaf to the controller for 6 s and more (30 s seen) beside two busy cores.
 */
let spawnTurn: Promise<void> = Promise.resolve();

/**
 * Spawns `program` in `cwd`, detached (a process group of its own, which stop signals), and
 * resolves once it runs; rejects with the system's error (ENOENT: no such program).
 */
export async function spawnEmulator(program: string, args: readonly string[], cwd: string): Promise<SpawnedEmulator> {
  const turn = spawnTurn.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
  spawnTurn = turn;
  await turn;
  const child = spawn(program, args, { cwd, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString("latin1")).slice(-OUTPUT_TAIL_CHARS));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const failed = await new Promise<NodeJS.ErrnoException | undefined>((done) => child.once("spawn", () => done(undefined)).once("error", done));
  if (failed !== undefined) throw failed;
  return { child, output: () => output };
}

/**
 * Ends the processes an earlier run of this node left (the daemon was killed outright), as its
 * pid file recorded them: those still running `isProgram` in the node's folder. Says which.
 */
export async function endLeftovers(pidFile: string, workDir: string, isProgram: (name: string) => boolean, log: Logger, nodeId: string): Promise<ProcessIdentity[]> {
  const folder = resolve(workDir);
  const leftovers = await endRecordedProcesses(pidFile, (pid) => {
    const program = commandLine(pid)?.[0];
    return program !== undefined && isProgram(basename(program)) && workingDirectory(pid) === folder;
  });
  if (leftovers.length > 0) log.warn("ended processes left by an earlier run", { node_id: nodeId, pids: leftovers.map((each) => each.pid) });
  return leftovers;
}
