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
import { spawn } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createLogger } from "@shared/logging/logger";
import type { QemuSpec } from "@shared/proto";
import type { Endpoint } from "../forwarding/endpoint";
import { UdpEndpoint } from "../forwarding/udp-endpoint";
import { consolePortTaken, ensureTcpPortFree, exitOf, freeUdpPort, hasExited, howItExited, startPolls, withTail } from "./emulator-process";
import { liveProcesses } from "./live-processes";
import { SwitchablePort } from "./switchable-port";
import { forgetProcesses, recordProcesses } from "./pid-file";
import { endLeftovers, PortRaceLost, ProcessSupervisor, spawnEmulator, type ProcessCrash, type SpawnedEmulator, type SupervisedRun } from "./process-supervisor";
import { identify, portHolder, signalGroup } from "./processes";
import { acceleratorFor } from "./qemu-accel";
import { DISK_SLOTS, QemuCommandError, qemuArguments, type Accelerator, type AdapterTunnel, type DiskSlot, type ResolvedFiles } from "./qemu-command";
import type { ImageFetcher } from "./qemu-image-fetch";
import { ensureGrown, ensureLinkedClone, overlayPath, qemuImgFor, resolveImage } from "./qemu-images";
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

export interface QemuProcessOptions {
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

interface QemuRun extends SupervisedRun {
  readonly tunnels: ReadonlyMap<number, UdpEndpoint>;
  qmp: QmpClient | undefined;
  suspended: boolean;
}

export const DEFAULT_QEMU_BINARY = "qemu-system-x86_64";
/** The programs a spec may name: QEMU's system emulators, not any program of the host. */
const QEMU_PROGRAM = /^(qemu-system-[A-Za-z0-9_]+|qemu-kvm)$/;
const PID_FILE = "qemu.pids.json";
const QMP_SOCKET = "qmp.sock";
/** sun_path's size: a longer socket path is reached through the process's cwd instead. */
const UNIX_PATH_MAX = 107;
const KILL_GRACE_MS = 3000;
const OUTPUT_GRACE_MS = 200;
/** How long a console port held by a leftover QEMU just killed may take to be let go. */
const LEFTOVER_PORT_GRACE_MS = 2000;
/**
 * QEMU's words when an adapter's UDP port is bound by another program: "-netdev socket,…,
 * localaddr=127.0.0.1:N: can't bind … Address already in use" (`dgram` names `local.port=N`).
 */
const TUNNEL_BIND_FAILED = /-netdev .*(?:localaddr=[^,]*:|local\.port=)(\d+).*Address already in use/;

/** The QEMU of one node, over its runs (ProcessSupervisor holds what every emulator's process shares). */
export class QemuProcess {
  private readonly supervisor: ProcessSupervisor<QemuRun>;
  private readonly ports = new Map<number, SwitchablePort>();
  private spec!: QemuNodeSpec;

  constructor(
    spec: QemuNodeSpec,
    private readonly options: QemuProcessOptions,
  ) {
    this.supervisor = new ProcessSupervisor(spec.nodeId, log);
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
    return this.supervisor.running;
  }

  get suspended(): boolean {
    return this.supervisor.current?.suspended ?? false;
  }

  get pid(): number | undefined {
    return this.supervisor.pid;
  }

  /** The program and arguments of the QEMU serving now (its accelerator among them); undefined when stopped, starting or stopping. */
  get argv(): readonly string[] | undefined {
    return this.supervisor.argv;
  }

  onCrash(handler: (crash: ProcessCrash) => void): void {
    this.supervisor.onCrash(handler);
  }

  /**
   * Starts QEMU and resolves once it serves QMP and its console; no-op when running. Rejects
   * with the cause, worded for the user (an image missing, a port in use, no QEMU program). A
   * taken console port is not tried again; an adapter's UDP port lost to a race is.
   */
  start(): Promise<void> {
    return this.supervisor.start(() => this.launch());
  }

  /** Stops the VM as its `on_close` asks, and kills QEMU when it does not end; no-op when stopped. */
  stop(): Promise<void> {
    return this.supervisor.stop((run) => this.terminate(run, this.spec.qemu.onClose === "shutdown_signal"));
  }

  /** Pauses the running VM (QMP `stop`); no-op when stopped or paused already. */
  suspend(): Promise<void> {
    return this.supervisor.serialise(async () => {
      const run = this.supervisor.current;
      if (run === undefined || run.suspended) return;
      await qmpOf(run).execute("stop");
      run.suspended = true;
    });
  }

  /** Resumes a paused VM (QMP `cont`); no-op when stopped or running already. */
  resume(): Promise<void> {
    return this.supervisor.serialise(async () => {
      const run = this.supervisor.current;
      if (run === undefined || !run.suspended) return;
      await qmpOf(run).execute("cont");
      run.suspended = false;
    });
  }

  private get pidFile(): string {
    return join(this.options.workDir, PID_FILE);
  }

  private async launch(): Promise<void> {
    const spec = this.spec;
    const binary = spec.qemu.binary || DEFAULT_QEMU_BINARY;
    if (!QEMU_PROGRAM.test(basename(binary))) throw new Error(`${binary} is not a QEMU system emulator (qemu-system-…)`);
    const workDir = resolve(this.options.workDir);
    await mkdir(workDir, { recursive: true });
    const leftovers = await endLeftovers(this.pidFile, workDir, (program) => QEMU_PROGRAM.test(program), log, spec.nodeId);
    const consolePort = spec.qemu.consoleType === "none" || spec.consolePort === 0 ? null : spec.consolePort;
    // A leftover just killed may still be closing its sockets: give its console port a moment.
    if (consolePort !== null) await ensureTcpPortFree(consolePort, leftovers.length > 0 ? LEFTOVER_PORT_GRACE_MS : 0);
    const files = await this.resolveFiles(binary);
    const accelerator = this.options.accelerator ?? (await this.probeAccelerator(binary));

    const tunnels = new Map<number, UdpEndpoint>();
    const tunnelPorts = new Map<number, AdapterTunnel>();
    let spawned: SpawnedEmulator;
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
      spawned = await spawnEmulator(binary, args, workDir).catch((error: NodeJS.ErrnoException) => {
        throw cannotRun(binary, error);
      });
    } catch (error) {
      await Promise.all([...tunnels.values()].map((tunnel) => tunnel.close()));
      throw error instanceof QemuCommandError ? new Error(error.message) : error;
    }
    const { child, output } = spawned;

    const leader = identify(child.pid!);
    if (leader === undefined) {
      await Promise.all([...tunnels.values()].map((tunnel) => tunnel.close()));
      throw exitedDuringStart(consolePort, await exitOf(child), output());
    }
    liveProcesses.add(leader);
    const running: QemuRun = {
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
    this.supervisor.adopt(running, (ended) => this.release(ended), (exitCode, exitSignal) => exitedByItself(exitCode, exitSignal, output()));
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
      if (!exited) throw new Error(`${(error as Error).message}${withTail(output())}`);
      throw exitedDuringStart(consolePort, await exitOf(child), output());
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
        await ensureGrown(qemuImgFor(binary), image, overlay, disk.growMb);
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
  private async terminate(running: QemuRun, gracefully: boolean): Promise<void> {
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

  private async release(running: QemuRun): Promise<void> {
    running.qmp?.close();
    liveProcesses.delete(running.leader);
    await forgetProcesses(this.pidFile, running.leader);
    if (this.supervisor.release(running)) for (const port of this.ports.values()) port.detach();
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

function qmpOf(running: QemuRun): QmpClient {
  if (running.qmp === undefined) throw new Error("QEMU is not serving QMP");
  return running.qmp;
}

function cannotRun(binary: string, error: NodeJS.ErrnoException): Error {
  return error.code === "ENOENT"
    ? new Error(`QEMU binary not found: ${binary} (install the Debian package qemu-system-x86, or set the node's qemu_path)`)
    : new Error(`cannot run ${binary}: ${error.message}`);
}

/** Resolves once this QEMU listens on the console port; another program there is not taken for it. */
async function waitForConsole(running: QemuRun, port: number, deadline: number, timeoutMs: number): Promise<void> {
  const since = performance.now();
  const pauses = startPolls();
  for (;;) {
    if (hasExited(running.child)) throw new Error("the process exited during start");
    const holder = await portHolder("tcp", port, [running.leader.pid], since);
    if (holder === "ours") return;
    if (holder === "another") throw new Error(consolePortTaken(port));
    if (performance.now() > deadline) throw new Error(`the console on port ${port} did not open within ${timeoutMs} ms`);
    await sleep(pauses.next().value);
  }
}

/** Why a QEMU that exited before serving did not start, from what it printed. */
function exitedDuringStart(consolePort: number | null, how: string, output: string): Error {
  const lines = output.split("\n");
  // QEMU's words when another program took the console port since we checked it.
  const consoleBindFailed = lines.some((line) => line.includes("Address already in use") && (line.includes("-serial") || line.includes("VNC")));
  if (consolePort !== null && consoleBindFailed) return new Error(consolePortTaken(consolePort));
  const tunnelPort = lines.map((line) => TUNNEL_BIND_FAILED.exec(line)?.[1]).find((port) => port !== undefined);
  if (tunnelPort !== undefined) return new PortRaceLost(`UDP port ${tunnelPort} is already in use on this host`);
  return new Error(`QEMU exited during start (${how})${withTail(output)}`);
}

function exitedByItself(exitCode: number | null, exitSignal: NodeJS.Signals | null, output: string): string {
  // QEMU ends with status 0 when the guest powers itself off.
  if (exitCode === 0) return `QEMU exited by itself: the guest powered off${withTail(output)}`;
  return `QEMU exited by itself (${howItExited(exitCode, exitSignal)})${withTail(output)}`;
}

