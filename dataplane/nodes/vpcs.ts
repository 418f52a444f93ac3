/**
 * Runs one VPCS node: the real `vpcs` program (Debian package `vpcs`, 0.5b2 or later) with
 * one PC, its telnet console on the node's console port and its UDP tunnel pointed at a
 * daemon-side socket. The node's port 0 is `endpoint`, stable across stops and starts so a
 * link relay stays attached while the node is stopped (frames sent then are lost, as on an
 * unplugged wire).
 *
 * `vpcs -F -p <port>` stays in the foreground (no fork into the background) and serves the
 * console without a terminal; the PC itself runs in a forkpty child in its own session,
 * which `processes.ts` tracks so that stop and crash leave nothing behind. Both are also
 * recorded in the work dir (`pid-file.ts`): when the daemon is killed outright they outlive
 * it, holding the console port, and the next start for that work dir ends them first.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createLogger } from "@shared/logging/logger";
import type { Endpoint } from "../forwarding/endpoint";
import { UdpEndpoint } from "../forwarding/udp-endpoint";
import { liveProcesses } from "./live-processes";
import { SwitchablePort } from "./switchable-port";
import { endRecordedProcesses, forgetProcesses, recordProcesses } from "./pid-file";
import { consolePortTaken, ensureTcpPortFree, exitOf, freeUdpPort, hasExited, howItExited, withTail } from "./emulator-process";
import { placeStartupScript, STARTUP_SCRIPT } from "./startup-script";
import { commandLine, descendants, identify, isAlive, portHolder, signal, signalGroup, workingDirectory, type ProcessIdentity } from "./processes";

const log = createLogger("dataplane.vpcs");

export interface VpcsNodeSpec {
  readonly nodeId: string;
  readonly name: string;
  /** TCP port of the telnet console, on every address (as GNS3). */
  readonly consolePort: number;
  /**
   * Last byte of the PC's MAC address 00:50:79:66:68:xx (`vpcs -m`). PCs that talk to each
   * other need different values; default: derived from the node id.
   */
  readonly macId?: number;
}

export interface VpcsRuntimeOptions {
  /** The node's working directory (VPCS reads `startup.vpc` there); created if missing. */
  readonly workDir: string;
  readonly executable?: string;
  /** How long VPCS may take to serve its console and bind its UDP port; default 5 s. */
  readonly startTimeoutMs?: number;
}

/** The process ended without `stop` being asked: for the reconciler to report as an ItemError. */
export interface VpcsCrash {
  readonly nodeId: string;
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  /** What to show the user, with the end of the program's output. */
  readonly message: string;
}

export interface VpcsPorts {
  readonly console: number;
  /** VPCS's own UDP port (`-s`). */
  readonly vpcs: number;
  /** The daemon-side socket VPCS sends to (`-c`). */
  readonly daemon: number;
}

interface Running {
  readonly child: ChildProcess;
  readonly leader: ProcessIdentity;
  /** The program and its arguments, as started. */
  readonly argv: readonly string[];
  /** The forkpty child, found once VPCS serves. */
  pc: ProcessIdentity[];
  readonly tunnel: UdpEndpoint;
  readonly ports: VpcsPorts;
  readonly exited: Promise<void>;
  /** VPCS served its console and bound its UDP port: from then on an exit is a crash (before, `start` rejects instead). */
  ready: boolean;
  stopping: boolean;
}

const OUTPUT_TAIL_CHARS = 2000;
const PID_FILE = "vpcs.pids.json";
const KILL_GRACE_MS = 2000;
const START_POLL_MS = 20;
const UDP_PORT_ATTEMPTS = 3;

/** VPCS's own UDP port was taken by another program after it was found free. */
class UdpPortTaken extends Error {}

export class VpcsRuntime {
  readonly endpoint: Endpoint;
  private readonly port = new SwitchablePort();
  private current: Running | undefined;
  private transition: Promise<void> = Promise.resolve();
  private readonly crashHandlers: Array<(crash: VpcsCrash) => void> = [];
  private startupScript = "";

  constructor(
    readonly spec: VpcsNodeSpec,
    private readonly options: VpcsRuntimeOptions,
  ) {
    this.endpoint = this.port;
  }

  get running(): boolean {
    return this.current !== undefined && !this.current.stopping;
  }

  get pid(): number | undefined {
    return this.current?.leader.pid;
  }

  get ports(): VpcsPorts | undefined {
    return this.current?.ports;
  }

  /** The program and arguments of the process serving now; undefined when stopped, starting or stopping. */
  get argv(): readonly string[] | undefined {
    const current = this.current;
    return current?.ready && !current.stopping ? current.argv : undefined;
  }

  onCrash(handler: (crash: VpcsCrash) => void): void {
    this.crashHandlers.push(handler);
  }

  /** The controller's startup script (empty: none), which the next start puts in place (see startup-script.ts). */
  useStartupScript(script: string): void {
    this.startupScript = script;
  }

  /**
   * Starts the process and resolves once it serves its console and has bound its UDP port;
   * no-op when running. Rejects with the cause, worded for the user (a port in use, no `vpcs`).
   */
  start(): Promise<void> {
    return this.serialise(async () => {
      // VPCS's UDP port is probed free and then bound by VPCS: another program may take it in
      // between. That race is retried on a fresh port; a taken console port is not.
      for (let attempt = 1; this.current === undefined; attempt++) {
        try {
          await this.launch();
        } catch (error) {
          if (!(error instanceof UdpPortTaken) || attempt >= UDP_PORT_ATTEMPTS) throw error;
          log.warn("VPCS's UDP port was taken before it bound it, starting again on another", { node_id: this.spec.nodeId, error: error.message });
        }
      }
    });
  }

  /** Kills the process (and its PC child) and releases its ports; no-op when stopped. */
  stop(): Promise<void> {
    return this.serialise(async () => {
      if (this.current !== undefined) await this.terminate(this.current);
    });
  }

  /** Start and stop run one at a time, in call order. */
  private serialise(step: () => Promise<void>): Promise<void> {
    const next = this.transition.then(step);
    this.transition = next.catch(() => {});
    return next;
  }

  private get pidFile(): string {
    return join(this.options.workDir, PID_FILE);
  }

  private get executable(): string {
    return this.options.executable ?? "vpcs";
  }

  /** A VPCS of this node left by an earlier run: the program we start, running in this node's work dir. */
  private isLeftover(pid: number): boolean {
    const program = commandLine(pid)?.[0];
    return program !== undefined && basename(program) === basename(this.executable) && workingDirectory(pid) === resolve(this.options.workDir);
  }

  private async launch(): Promise<void> {
    const { consolePort } = this.spec;
    await mkdir(this.options.workDir, { recursive: true });
    const leftovers = await endRecordedProcesses(this.pidFile, (pid) => this.isLeftover(pid));
    if (leftovers.length > 0) {
      log.warn("ended VPCS processes left by an earlier run", { node_id: this.spec.nodeId, pids: leftovers.map((each) => each.pid) });
    }
    await ensureTcpPortFree(consolePort);
    const hasScript = await placeStartupScript(this.options.workDir, this.startupScript);
    // VPCS binds its UDP port on every address, so it is probed there.
    const vpcsPort = await freeUdpPort("0.0.0.0");
    const tunnel = await UdpEndpoint.open({ localPort: 0, localAddress: "127.0.0.1", remoteHost: "127.0.0.1", remotePort: vpcsPort });
    const args = ["-F", "-i", "1", "-p", String(consolePort), "-m", String(this.spec.macId ?? macIdOf(this.spec.nodeId))];
    args.push("-s", String(vpcsPort), "-c", String(tunnel.localPort), "-t", "127.0.0.1");
    // The script file is VPCS's last argument, named relative to its working folder.
    if (hasScript) args.push(STARTUP_SCRIPT);
    const child = spawn(this.executable, args, { cwd: this.options.workDir, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (chunk: Buffer) => (output = (output + chunk.toString("latin1")).slice(-OUTPUT_TAIL_CHARS));
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    const spawned = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => child.once("spawn", () => resolve(undefined)).once("error", resolve));
    if (spawned !== undefined) {
      await tunnel.close();
      throw new Error(spawned.code === "ENOENT" ? `vpcs binary not found: ${spawned.message} (install the Debian package vpcs)` : `cannot run ${this.executable}: ${spawned.message}`);
    }
    const leader = identify(child.pid!);
    if (leader === undefined) {
      await tunnel.close();
      const how = await exitOf(child);
      throw new Error(exitedDuringStart(consolePort, how, output));
    }
    liveProcesses.add(leader);
    const running: Running = {
      child,
      leader,
      argv: [this.executable, ...args],
      pc: [],
      tunnel,
      ports: { console: consolePort, vpcs: vpcsPort, daemon: tunnel.localPort },
      exited: new Promise((resolve) => child.once("exit", () => resolve())),
      ready: false,
      stopping: false,
    };
    this.current = running;
    child.once("exit", (exitCode, exitSignal) => {
      if (running.stopping || !running.ready) return;
      void this.release(running).then(() => {
        const crash: VpcsCrash = {
          nodeId: this.spec.nodeId,
          exitCode,
          signal: exitSignal,
          message: `VPCS exited by itself (${howItExited(exitCode, exitSignal)})${withTail(output)}`,
        };
        for (const handler of this.crashHandlers) handler(crash);
      });
    });
    try {
      await recordProcesses(this.pidFile, [leader]);
      await waitUntilServing(running, this.options.startTimeoutMs ?? 5000);
      running.pc = descendants(leader.pid);
      running.pc.forEach((pc) => liveProcesses.add(pc));
      await recordProcesses(this.pidFile, [leader, ...running.pc]);
    } catch (error) {
      const exited = hasExited(child);
      await this.terminate(running);
      if (!exited) {
        const message = `${(error as Error).message}${withTail(output)}`;
        throw error instanceof UdpPortTaken ? new UdpPortTaken(message) : new Error(message);
      }
      const how = await exitOf(child);
      throw new Error(exitedDuringStart(consolePort, how, output));
    }
    running.ready = true;
    this.port.attach(tunnel);
  }

  private async terminate(running: Running): Promise<void> {
    running.stopping = true;
    const everyone = [...running.pc, ...descendants(running.leader.pid)];
    signalGroup(running.leader.pid, "SIGTERM");
    everyone.forEach((process) => signal(process, "SIGTERM"));
    const exited = await Promise.race([running.exited.then(() => true), sleep(KILL_GRACE_MS).then(() => false)]);
    if (!exited) {
      signalGroup(running.leader.pid, "SIGKILL");
      await running.exited;
    }
    await this.release(running, everyone);
  }

  /** Makes sure the PC child is gone too, then frees the tunnel socket. */
  private async release(running: Running, others: ProcessIdentity[] = []): Promise<void> {
    const leftovers = [...running.pc, ...others];
    const deadline = performance.now() + KILL_GRACE_MS;
    leftovers.forEach((process) => signal(process, "SIGTERM"));
    while (leftovers.some(isAlive) && performance.now() < deadline) await sleep(20);
    leftovers.forEach((process) => signal(process, "SIGKILL"));
    [running.leader, ...leftovers].forEach((process) => liveProcesses.delete(process));
    await forgetProcesses(this.pidFile, running.leader);
    if (this.current === running) {
      this.current = undefined;
      this.port.detach();
    }
    await running.tunnel.close();
  }
}

/** Whether `vpcs` can be run here (tests skip or fail clearly without it). */
export async function vpcsAvailable(executable = "vpcs"): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = spawn(executable, ["-v"], { stdio: "ignore" });
    probe.once("error", () => resolve(false)).once("exit", () => resolve(true));
  });
}

function macIdOf(nodeId: string): number {
  let hash = 0x811c9dc5;
  for (const char of nodeId) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return (hash >>> 0) & 0xff;
}

/**
 * Resolves once this VPCS listens on its console port and has bound its own UDP port. Another
 * program holding the console port is not taken for VPCS's console: VPCS cannot bind it and
 * exits, which rejects. VPCS does not exit when its UDP port is taken (the PC only prints the
 * error on its console), so that is looked for here.
 */
async function waitUntilServing(running: Running, timeoutMs: number): Promise<void> {
  const { console: consolePort, vpcs: vpcsPort } = running.ports;
  const since = performance.now();
  const deadline = since + timeoutMs;
  for (;;) {
    if (hasExited(running.child)) throw new Error("the process exited during start");
    const ours = [running.leader.pid, ...descendants(running.leader.pid).map((each) => each.pid)];
    const consoleOpen = (await portHolder("tcp", consolePort, ours, since)) === "ours";
    if (consoleOpen) {
      const udp = await portHolder("udp", vpcsPort, ours, since);
      if (udp === "ours") return;
      if (udp === "another") throw new UdpPortTaken(`UDP port ${vpcsPort} is already in use on this host`);
    }
    if (performance.now() > deadline) {
      throw new Error(consoleOpen ? `VPCS did not bind its UDP port ${vpcsPort} within ${timeoutMs} ms` : `the console on port ${consolePort} did not open within ${timeoutMs} ms`);
    }
    await sleep(START_POLL_MS);
  }
}

/** Why a VPCS that exited before serving did not start, from what it printed. */
function exitedDuringStart(consolePort: number, how: string, output: string): string {
  // VPCS's words when it cannot bind its console (another program took the port since we checked).
  if (output.includes("Daemon bind port: Address already in use")) return consolePortTaken(consolePort);
  return `VPCS exited during start (${how})${withTail(output)}`;
}

