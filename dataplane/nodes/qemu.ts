/**
 * Runs one QEMU node: a `qemu-system-*` process in the node's folder, its serial console on
 * the node's console port (telnet) or a VNC display, each adapter's NIC tunnelled over UDP to
 * a daemon-side socket, and a QMP socket through which it is paused, resumed and stopped.
 *
 * Each adapter is an endpoint that stays the same across stops and starts, so a link relay
 * stays attached while the VM is stopped (frames sent then are lost, as on an unplugged
 * wire). QEMU stays in the foreground as one process; it is recorded in the node's folder
 * (`pid-file.ts`) so that a daemon killed outright does not leave it holding the console
 * port: the next start for that folder ends it first.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createLogger } from "@shared/logging/logger";
import type { QemuSpec } from "@shared/proto";
import type { Endpoint } from "../forwarding/endpoint";
import { UdpEndpoint } from "../forwarding/udp-endpoint";
import { consolePortTaken, ensureTcpPortFree, exitOf, freeUdpPort, hasExited, howItExited, withTail } from "./emulator-process";
import { liveProcesses } from "./live-processes";
import { SwitchablePort } from "./switchable-port";
import { endRecordedProcesses, forgetProcesses, recordProcesses } from "./pid-file";
import { commandLine, identify, portHolder, signal, signalGroup, workingDirectory, type ProcessIdentity } from "./processes";
import { acceleratorFor } from "./qemu-accel";
import { DISK_SLOTS, QemuCommandError, qemuArguments, type Accelerator, type AdapterTunnel, type DiskSlot, type ResolvedFiles } from "./qemu-command";
import type { ImageFetcher } from "./qemu-image-fetch";
import { ensureLinkedClone, overlayPath, qemuImgFor, resolveImage } from "./qemu-images";
import { QmpClient } from "./qemu-qmp";

const log = createLogger("dataplane.qemu");

export interface QemuNodeSpec {
  readonly nodeId: string;
  readonly projectId: string;
  readonly name: string;
  /** TCP port of the console (telnet: the serial port; vnc: 5900 + display), on every address. */
  readonly consolePort: number;
  readonly qemu: QemuSpec;
}

export interface QemuRuntimeOptions {
  /** The node's folder: QEMU runs there, with its QMP socket, pid file and linked clones. */
  readonly workDir: string;
  /** The image store images are named in (`<data dir>/images/QEMU`). */
  readonly imageDir: string;
  /** How long QEMU may take to serve QMP and its console; default 15 s. */
  readonly startTimeoutMs?: number;
  /** How long a guest asked to power down (on_close shutdown_signal) may take; default 30 s. */
  readonly shutdownTimeoutMs?: number;
  /** Default: KVM when the host runs guests with it, else TCG (`qemu-accel.ts`). */
  readonly accelerator?: Accelerator;
  /** Brings an image missing from `imageDir` (from the controller); without it a missing image fails the start. */
  readonly fetchImage?: ImageFetcher;
}

/** The process ended without `stop` being asked: for the reconciler to report as the node's failure. */
export interface QemuCrash {
  readonly nodeId: string;
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  /** What to show the user, with the end of QEMU's output. */
  readonly message: string;
}

interface Running {
  readonly child: ChildProcess;
  readonly leader: ProcessIdentity;
  /** The program and its arguments, as started. */
  readonly argv: readonly string[];
  readonly tunnels: ReadonlyMap<number, UdpEndpoint>;
  qmp: QmpClient | undefined;
  readonly exited: Promise<void>;
  /** QEMU served QMP and its console: from then on an exit is a crash (before, `start` rejects instead). */
  ready: boolean;
  stopping: boolean;
  suspended: boolean;
}

export const DEFAULT_QEMU_BINARY = "qemu-system-x86_64";
/** The programs a spec may name: QEMU's system emulators, not any program of the host. */
const QEMU_PROGRAM = /^(qemu-system-[A-Za-z0-9_]+|qemu-kvm)$/;
const PID_FILE = "qemu.pids.json";
const QMP_SOCKET = "qmp.sock";
/** sun_path's size: a longer socket path is reached through the process's cwd instead. */
const UNIX_PATH_MAX = 107;
const OUTPUT_TAIL_CHARS = 4000;
const KILL_GRACE_MS = 3000;
const START_POLL_MS = 25;
const OUTPUT_GRACE_MS = 200;
/** How long a console port held by a leftover QEMU just killed may take to be let go. */
const LEFTOVER_PORT_GRACE_MS = 2000;
const UDP_PORT_ATTEMPTS = 3;
/**
 * QEMU's words when an adapter's UDP port is bound by another program: "-netdev socket,…,
 * localaddr=127.0.0.1:N: can't bind … Address already in use" (`dgram` names `local.port=N`).
 */
const TUNNEL_BIND_FAILED = /-netdev .*(?:localaddr=[^,]*:|local\.port=)(\d+).*Address already in use/;

/** An adapter's UDP port was taken by another program after it was found free. */
class UdpPortTaken extends Error {}

export class QemuRuntime {
  private current: Running | undefined;
  private transition: Promise<void> = Promise.resolve();
  private readonly crashHandlers: Array<(crash: QemuCrash) => void> = [];
  private readonly ports = new Map<number, SwitchablePort>();
  private spec!: QemuNodeSpec;

  constructor(
    spec: QemuNodeSpec,
    private readonly options: QemuRuntimeOptions,
  ) {
    this.configure(spec);
  }

  /** The spec the next start uses (a running VM keeps its hardware until it restarts). */
  configure(spec: QemuNodeSpec): void {
    this.spec = spec;
    for (const adapter of spec.qemu.adapters) {
      if (!this.ports.has(adapter.adapterNumber)) this.ports.set(adapter.adapterNumber, new SwitchablePort());
    }
  }

  /** The adapter's port; undefined when the spec has no such adapter. */
  endpoint(adapterNumber: number): Endpoint | undefined {
    return this.spec.qemu.adapters.some((adapter) => adapter.adapterNumber === adapterNumber) ? this.ports.get(adapterNumber) : undefined;
  }

  get running(): boolean {
    return this.current !== undefined && !this.current.stopping;
  }

  get suspended(): boolean {
    return this.current?.suspended ?? false;
  }

  get pid(): number | undefined {
    return this.current?.leader.pid;
  }

  /** The program and arguments of the QEMU serving now (its accelerator among them); undefined when stopped, starting or stopping. */
  get argv(): readonly string[] | undefined {
    const current = this.current;
    return current?.ready && !current.stopping ? current.argv : undefined;
  }

  onCrash(handler: (crash: QemuCrash) => void): void {
    this.crashHandlers.push(handler);
  }

  /**
   * Starts QEMU and resolves once it serves QMP and its console; no-op when running. Rejects
   * with the cause, worded for the user (an image missing, a port in use, no QEMU program).
   */
  start(): Promise<void> {
    return this.serialise(async () => {
      // The adapters' UDP ports are probed free and then bound by QEMU: another program may
      // take one in between. That race is retried on fresh ports; a taken console port is not.
      for (let attempt = 1; this.current === undefined; attempt++) {
        try {
          await this.launch();
        } catch (error) {
          if (!(error instanceof UdpPortTaken) || attempt >= UDP_PORT_ATTEMPTS) throw error;
          log.warn("a UDP port of QEMU was taken before it bound it, starting again on others", { node_id: this.spec.nodeId, error: error.message });
        }
      }
    });
  }

  /** Stops the VM as its `on_close` asks, and kills QEMU when it does not end; no-op when stopped. */
  stop(): Promise<void> {
    return this.serialise(async () => {
      if (this.current !== undefined) await this.terminate(this.current, this.spec.qemu.onClose === "shutdown_signal");
    });
  }

  /** Pauses the running VM (QMP `stop`); no-op when stopped or paused already. */
  suspend(): Promise<void> {
    return this.serialise(async () => {
      const running = this.current;
      if (running === undefined || running.suspended) return;
      await qmpOf(running).execute("stop");
      running.suspended = true;
    });
  }

  /** Resumes a paused VM (QMP `cont`); no-op when stopped or running already. */
  resume(): Promise<void> {
    return this.serialise(async () => {
      const running = this.current;
      if (running === undefined || !running.suspended) return;
      await qmpOf(running).execute("cont");
      running.suspended = false;
    });
  }

  /** Start, stop, suspend and resume run one at a time, in call order. */
  private serialise(step: () => Promise<void>): Promise<void> {
    const next = this.transition.then(step);
    this.transition = next.catch(() => {});
    return next;
  }

  private get pidFile(): string {
    return join(this.options.workDir, PID_FILE);
  }

  /** A QEMU of this node left by an earlier run: a QEMU program running in this node's folder. */
  private isLeftover(pid: number): boolean {
    const program = commandLine(pid)?.[0];
    return program !== undefined && QEMU_PROGRAM.test(basename(program)) && workingDirectory(pid) === resolve(this.options.workDir);
  }

  private async launch(): Promise<void> {
    const spec = this.spec;
    const binary = spec.qemu.binary || DEFAULT_QEMU_BINARY;
    if (!QEMU_PROGRAM.test(basename(binary))) throw new Error(`${binary} is not a QEMU system emulator (qemu-system-…)`);
    const workDir = resolve(this.options.workDir);
    await mkdir(workDir, { recursive: true });
    const leftovers = await endRecordedProcesses(this.pidFile, (pid) => this.isLeftover(pid));
    if (leftovers.length > 0) log.warn("ended QEMU processes left by an earlier run", { node_id: spec.nodeId, pids: leftovers.map((each) => each.pid) });
    const consolePort = spec.qemu.consoleType === "none" || spec.consolePort === 0 ? null : spec.consolePort;
    // A leftover just killed may still be closing its sockets: give its console port a moment.
    if (consolePort !== null) await ensureTcpPortFree(consolePort, leftovers.length > 0 ? LEFTOVER_PORT_GRACE_MS : 0);
    const files = await this.resolveFiles(binary);
    const accelerator = this.options.accelerator ?? (await this.probeAccelerator(binary));

    const tunnels = new Map<number, UdpEndpoint>();
    const tunnelPorts = new Map<number, AdapterTunnel>();
    let child: ChildProcess;
    let output = "";
    let argv: string[] = [];
    try {
      for (const adapter of spec.qemu.adapters) {
        const qemuPort = await freeUdpPort("127.0.0.1");
        const tunnel = await UdpEndpoint.open({ localPort: 0, localAddress: "127.0.0.1", remoteHost: "127.0.0.1", remotePort: qemuPort });
        tunnels.set(adapter.adapterNumber, tunnel);
        tunnelPorts.set(adapter.adapterNumber, { daemonPort: tunnel.localPort, qemuPort });
      }
      const args = qemuArguments({ ...spec, accelerator, files, tunnels: tunnelPorts, qmpSocket: QMP_SOCKET });
      argv = [binary, ...args];
      // A socket file left by a killed QEMU would take connections nobody answers.
      await rm(join(workDir, QMP_SOCKET), { force: true });
      log.info("starting QEMU", { node_id: spec.nodeId, command: [binary, ...args].join(" ") });
      child = spawn(binary, args, { cwd: workDir, detached: true, stdio: ["ignore", "pipe", "pipe"] });
      const keep = (chunk: Buffer) => (output = (output + chunk.toString("latin1")).slice(-OUTPUT_TAIL_CHARS));
      child.stdout?.on("data", keep);
      child.stderr?.on("data", keep);
      const spawned = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => child.once("spawn", () => resolve(undefined)).once("error", resolve));
      if (spawned !== undefined) throw cannotRun(binary, spawned);
    } catch (error) {
      await Promise.all([...tunnels.values()].map((tunnel) => tunnel.close()));
      throw error instanceof QemuCommandError ? new Error(error.message) : error;
    }

    const leader = identify(child.pid!);
    if (leader === undefined) {
      await Promise.all([...tunnels.values()].map((tunnel) => tunnel.close()));
      throw exitedDuringStart(consolePort, await exitOf(child), output);
    }
    liveProcesses.add(leader);
    const running: Running = {
      child,
      leader,
      argv,
      tunnels,
      qmp: undefined,
      exited: new Promise((resolve) => child.once("exit", () => resolve())),
      ready: false,
      stopping: false,
      suspended: false,
    };
    this.current = running;
    child.once("exit", (exitCode, exitSignal) => {
      if (running.stopping || !running.ready) return;
      void this.release(running).then(() => {
        const crash: QemuCrash = { nodeId: spec.nodeId, exitCode, signal: exitSignal, message: exitedByItself(exitCode, exitSignal, output) };
        for (const handler of this.crashHandlers) handler(crash);
      });
    });
    try {
      await recordProcesses(this.pidFile, [leader]);
      const deadline = performance.now() + (this.options.startTimeoutMs ?? 15_000);
      const qmpPath = join(workDir, QMP_SOCKET);
      running.qmp = await QmpClient.connect(qmpPath.length <= UNIX_PATH_MAX ? qmpPath : `/proc/${leader.pid}/cwd/${QMP_SOCKET}`, deadline, () => hasExited(child));
      if (consolePort !== null) await waitForConsole(running, consolePort, deadline, this.options.startTimeoutMs ?? 15_000);
    } catch (error) {
      // A QEMU that refuses its arguments may serve QMP first, then exit: its words are the cause.
      await Promise.race([running.exited, sleep(OUTPUT_GRACE_MS)]);
      const exited = hasExited(child);
      await this.terminate(running, false);
      if (!exited) throw new Error(`${(error as Error).message}${withTail(output)}`);
      throw exitedDuringStart(consolePort, await exitOf(child), output);
    }
    running.ready = true;
    for (const [adapterNumber, tunnel] of tunnels) this.ports.get(adapterNumber)?.attach(tunnel);
    log.info("QEMU started", { node_id: spec.nodeId, pid: leader.pid, accelerator });
  }

  private async probeAccelerator(binary: string): Promise<Accelerator> {
    try {
      return await acceleratorFor(binary);
    } catch (error) {
      throw cannotRun(binary, error as NodeJS.ErrnoException);
    }
  }

  /** The host files of the spec's images, each checked; a linked clone's disks are its overlays. */
  private async resolveFiles(binary: string): Promise<ResolvedFiles> {
    const { qemu } = this.spec;
    const { imageDir, workDir, fetchImage } = this.options;
    const disks: Partial<Record<DiskSlot, string>> = {};
    for (const disk of qemu.disks) {
      const slot = DISK_SLOTS.find((known) => known === disk.slot);
      if (slot === undefined) throw new Error(`disk slot '${disk.slot}' is not one of ${DISK_SLOTS.join(", ")}`);
      if (disk.image.name === "") continue;
      const image = await resolveImage(imageDir, disk.image, fetchImage);
      if (qemu.linkedClone && slot !== "cdrom") {
        const overlay = overlayPath(workDir, slot);
        await ensureLinkedClone(qemuImgFor(binary), image, overlay);
        disks[slot] = overlay;
      } else {
        disks[slot] = image;
      }
    }
    const optional = async (image: QemuSpec["kernelImage"]) => (image.name === "" ? undefined : resolveImage(imageDir, image, fetchImage));
    return { disks, kernel: await optional(qemu.kernelImage), initrd: await optional(qemu.initrd), bios: await optional(qemu.bios) };
  }

  /**
   * Ends QEMU: with `gracefully`, asks the guest to power down (ACPI) and waits for it; then
   * QMP `quit`, then signals. Frees the tunnels whatever happened.
   */
  private async terminate(running: Running, gracefully: boolean): Promise<void> {
    running.stopping = true;
    const exited = (withinMs: number) => Promise.race([running.exited.then(() => true), sleep(withinMs).then(() => false)]);
    let gone = hasExited(running.child);
    if (!gone && gracefully && running.qmp) {
      try {
        // A paused guest cannot see the power button.
        if (running.suspended) await running.qmp.execute("cont");
        await running.qmp.execute("system_powerdown");
        gone = await exited(this.options.shutdownTimeoutMs ?? 30_000);
        if (!gone) log.warn("the guest did not power down in time: QEMU is stopped", { pid: running.leader.pid });
      } catch (error) {
        log.warn("could not ask the guest to power down", { pid: running.leader.pid, detail: (error as Error).message });
      }
    }
    if (!gone && running.qmp) {
      // QEMU may close the connection before answering; its exit is what counts.
      await running.qmp.execute("quit").catch(() => {});
      gone = await exited(KILL_GRACE_MS);
    }
    if (!gone) {
      signalGroup(running.leader.pid, "SIGTERM");
      gone = await exited(KILL_GRACE_MS);
    }
    if (!gone) {
      signalGroup(running.leader.pid, "SIGKILL");
      await running.exited;
    }
    await this.release(running);
  }

  private async release(running: Running): Promise<void> {
    running.qmp?.close();
    liveProcesses.delete(running.leader);
    await forgetProcesses(this.pidFile, running.leader);
    if (this.current === running) {
      this.current = undefined;
      for (const port of this.ports.values()) port.detach();
    }
    await Promise.all([...running.tunnels.values()].map((tunnel) => tunnel.close()));
  }
}

/** Whether `binary` runs here (tests skip or fail clearly without it). */
export async function qemuAvailable(binary = DEFAULT_QEMU_BINARY): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = spawn(binary, ["--version"], { stdio: "ignore" });
    probe.once("error", () => resolve(false)).once("exit", (code) => resolve(code === 0));
  });
}

function qmpOf(running: Running): QmpClient {
  if (running.qmp === undefined) throw new Error("QEMU is not serving QMP");
  return running.qmp;
}

function cannotRun(binary: string, error: NodeJS.ErrnoException): Error {
  return error.code === "ENOENT"
    ? new Error(`QEMU binary not found: ${binary} (install the Debian package qemu-system-x86, or set the node's qemu_path)`)
    : new Error(`cannot run ${binary}: ${error.message}`);
}

/** Resolves once this QEMU listens on the console port; another program there is not taken for it. */
async function waitForConsole(running: Running, port: number, deadline: number, timeoutMs: number): Promise<void> {
  const since = performance.now();
  for (;;) {
    if (hasExited(running.child)) throw new Error("the process exited during start");
    const holder = await portHolder("tcp", port, [running.leader.pid], since);
    if (holder === "ours") return;
    if (holder === "another") throw new Error(consolePortTaken(port));
    if (performance.now() > deadline) throw new Error(`the console on port ${port} did not open within ${timeoutMs} ms`);
    await sleep(START_POLL_MS);
  }
}

/** Why a QEMU that exited before serving did not start, from what it printed. */
function exitedDuringStart(consolePort: number | null, how: string, output: string): Error {
  const lines = output.split("\n");
  // QEMU's words when another program took the console port since we checked it.
  const consoleBindFailed = lines.some((line) => line.includes("Address already in use") && (line.includes("-serial") || line.includes("VNC")));
  if (consolePort !== null && consoleBindFailed) return new Error(consolePortTaken(consolePort));
  const tunnelPort = lines.map((line) => TUNNEL_BIND_FAILED.exec(line)?.[1]).find((port) => port !== undefined);
  if (tunnelPort !== undefined) return new UdpPortTaken(`UDP port ${tunnelPort} is already in use on this host`);
  return new Error(`QEMU exited during start (${how})${withTail(output)}`);
}

function exitedByItself(exitCode: number | null, exitSignal: NodeJS.Signals | null, output: string): string {
  // QEMU ends with status 0 when the guest powers itself off.
  if (exitCode === 0) return `QEMU exited by itself: the guest powered off${withTail(output)}`;
  return `QEMU exited by itself (${howItExited(exitCode, exitSignal)})${withTail(output)}`;
}

