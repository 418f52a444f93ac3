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
import { spawn } from "node:child_process";
import { mkdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createLogger } from "@shared/logging/logger";
import type { Endpoint } from "../forwarding/endpoint";
import { UdpEndpoint } from "../forwarding/udp-endpoint";
import { liveProcesses } from "./live-processes";
import { SwitchablePort } from "./switchable-port";
import { forgetProcesses, recordProcesses } from "./pid-file";
import { consolePortTaken, ensureTcpPortFree, exitOf, freeUdpPort, hasExited, howItExited, startPolls, withTail } from "./emulator-process";
import { endLeftovers, PortRaceLost, ProcessSupervisor, spawnEmulator, type ProcessCrash, type SpawnedEmulator, type SupervisedRun } from "./process-supervisor";
import { placeStartupScript, STARTUP_SCRIPT } from "./startup-script";
import { descendants, identify, isAlive, portHolder, signal, signalGroup, type ProcessIdentity } from "./processes";

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

export interface VpcsProcessOptions {
  /** The node's working directory (VPCS reads `startup.vpc` there); created if missing. */
  readonly workDir: string;
  readonly executable?: string;
  /** How long VPCS may take to serve its console and bind its UDP port; default 5 s. */
  readonly startTimeoutMs?: number;
}

export interface VpcsPorts {
  readonly console: number;
  /** VPCS's own UDP port (`-s`). */
  readonly vpcs: number;
  /** The daemon-side socket VPCS sends to (`-c`). */
  readonly daemon: number;
}

interface VpcsRun extends SupervisedRun {
  /** The forkpty child, found once VPCS serves. */
  pc: ProcessIdentity[];
  readonly tunnel: UdpEndpoint;
  readonly ports: VpcsPorts;
}

const PID_FILE = "vpcs.pids.json";
const KILL_GRACE_MS = 2000;

/** The `vpcs` program of one node, over its runs (ProcessSupervisor holds what every emulator's process shares). */
export class VpcsProcess {
  readonly endpoint: Endpoint;
  private readonly port = new SwitchablePort();
  private readonly supervisor: ProcessSupervisor<VpcsRun>;
  private startupScript = "";

  constructor(
    readonly spec: VpcsNodeSpec,
    private readonly options: VpcsProcessOptions,
  ) {
    this.endpoint = this.port;
    this.supervisor = new ProcessSupervisor(spec.nodeId, log);
  }

  get running(): boolean {
    return this.supervisor.running;
  }

  get pid(): number | undefined {
    return this.supervisor.pid;
  }

  get ports(): VpcsPorts | undefined {
    return this.supervisor.current?.ports;
  }

  /** The program and arguments of the process serving now; undefined when stopped, starting or stopping. */
  get argv(): readonly string[] | undefined {
    return this.supervisor.argv;
  }

  onCrash(handler: (crash: ProcessCrash) => void): void {
    this.supervisor.onCrash(handler);
  }

  /** The controller's startup script (empty: none), which the next start puts in place (see startup-script.ts). */
  useStartupScript(script: string): void {
    this.startupScript = script;
  }

  /**
   * Starts the process and resolves once it serves its console and has bound its UDP port;
   * no-op when running. Rejects with the cause, worded for the user (a port in use, no `vpcs`).
   * A taken console port is not tried again; VPCS's own UDP port lost to a race is.
   */
  start(): Promise<void> {
    return this.supervisor.start(() => this.launch());
  }

  /** Kills the process (and its PC child) and releases its ports; no-op when stopped. */
  stop(): Promise<void> {
    return this.supervisor.stop((run) => this.terminate(run));
  }

  private get pidFile(): string {
    return join(this.options.workDir, PID_FILE);
  }

  private get executable(): string {
    return this.options.executable ?? "vpcs";
  }

  private async launch(): Promise<void> {
    const { consolePort } = this.spec;
    await mkdir(this.options.workDir, { recursive: true });
    await endLeftovers(this.pidFile, this.options.workDir, (program) => program === basename(this.executable), log, this.spec.nodeId);
    await ensureTcpPortFree(consolePort);
    const hasScript = await placeStartupScript(this.options.workDir, this.startupScript);
    // VPCS binds its UDP port on every address, so it is probed there.
    const vpcsPort = await freeUdpPort("0.0.0.0");
    const tunnel = await UdpEndpoint.open({ localPort: 0, localAddress: "127.0.0.1", remoteHost: "127.0.0.1", remotePort: vpcsPort });
    const args = ["-F", "-i", "1", "-p", String(consolePort), "-m", String(this.spec.macId ?? macIdOf(this.spec.nodeId))];
    args.push("-s", String(vpcsPort), "-c", String(tunnel.localPort), "-t", "127.0.0.1");
    // The script file is VPCS's last argument, named relative to its working folder.
    if (hasScript) args.push(STARTUP_SCRIPT);
    let spawned: SpawnedEmulator;
    try {
      spawned = await spawnEmulator(this.executable, args, this.options.workDir);
    } catch (error) {
      await tunnel.close();
      const failure = error as NodeJS.ErrnoException;
      throw new Error(failure.code === "ENOENT" ? `vpcs binary not found: ${failure.message} (install the Debian package vpcs)` : `cannot run ${this.executable}: ${failure.message}`);
    }
    const { child, output } = spawned;
    const leader = identify(child.pid!);
    if (leader === undefined) {
      await tunnel.close();
      throw new Error(exitedDuringStart(consolePort, await exitOf(child), output()));
    }
    liveProcesses.add(leader);
    const run: VpcsRun = {
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
    this.supervisor.adopt(run, (ended) => this.release(ended), (exitCode, signal) => `VPCS exited by itself (${howItExited(exitCode, signal)})${withTail(output())}`);
    try {
      await recordProcesses(this.pidFile, [leader]);
      await waitUntilServing(run, this.options.startTimeoutMs ?? 5000);
      run.pc = descendants(leader.pid);
      run.pc.forEach((pc) => liveProcesses.add(pc));
      await recordProcesses(this.pidFile, [leader, ...run.pc]);
    } catch (error) {
      const exited = hasExited(child);
      await this.terminate(run);
      if (!exited) {
        const message = `${(error as Error).message}${withTail(output())}`;
        throw error instanceof PortRaceLost ? new PortRaceLost(message) : new Error(message);
      }
      throw new Error(exitedDuringStart(consolePort, await exitOf(child), output()));
    }
    run.ready = true;
    this.port.attach(tunnel);
  }

  private async terminate(run: VpcsRun): Promise<void> {
    run.stopping = true;
    const everyone = [...run.pc, ...descendants(run.leader.pid)];
    signalGroup(run.leader.pid, "SIGTERM");
    everyone.forEach((process) => signal(process, "SIGTERM"));
    const exited = await Promise.race([run.exited.then(() => true), sleep(KILL_GRACE_MS).then(() => false)]);
    if (!exited) {
      signalGroup(run.leader.pid, "SIGKILL");
      await run.exited;
    }
    await this.release(run, everyone);
  }

  /** Makes sure the PC child is gone too, then frees the tunnel socket. */
  private async release(run: VpcsRun, others: ProcessIdentity[] = []): Promise<void> {
    const leftovers = [...run.pc, ...others];
    const deadline = performance.now() + KILL_GRACE_MS;
    leftovers.forEach((process) => signal(process, "SIGTERM"));
    while (leftovers.some(isAlive) && performance.now() < deadline) await sleep(20);
    leftovers.forEach((process) => signal(process, "SIGKILL"));
    [run.leader, ...leftovers].forEach((process) => liveProcesses.delete(process));
    await forgetProcesses(this.pidFile, run.leader);
    if (this.supervisor.release(run)) this.port.detach();
    await run.tunnel.close();
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
async function waitUntilServing(running: VpcsRun, timeoutMs: number): Promise<void> {
  const { console: consolePort, vpcs: vpcsPort } = running.ports;
  const since = performance.now();
  const deadline = since + timeoutMs;
  const pauses = startPolls();
  for (;;) {
    if (hasExited(running.child)) throw new Error("the process exited during start");
    const ours = [running.leader.pid, ...descendants(running.leader.pid).map((each) => each.pid)];
    const consoleOpen = (await portHolder("tcp", consolePort, ours, since)) === "ours";
    if (consoleOpen) {
      const udp = await portHolder("udp", vpcsPort, ours, since);
      if (udp === "ours") return;
      if (udp === "another") throw new PortRaceLost(`UDP port ${vpcsPort} is already in use on this host`);
    }
    if (performance.now() > deadline) {
      throw new Error(consoleOpen ? `VPCS did not bind its UDP port ${vpcsPort} within ${timeoutMs} ms` : `the console on port ${consolePort} did not open within ${timeoutMs} ms`);
    }
    await sleep(pauses.next().value);
  }
}

/** Why a VPCS that exited before serving did not start, from what it printed. */
function exitedDuringStart(consolePort: number, how: string, output: string): string {
  // VPCS's words when it cannot bind its console (another program took the port since we checked).
  if (output.includes("Daemon bind port: Address already in use")) return consolePortTaken(consolePort);
  return `VPCS exited during start (${how})${withTail(output)}`;
}

