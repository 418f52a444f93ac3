/**
 * A tiny Linux guest for tests that run QEMU, built at test time from what the machine has:
 * Debian's kernel from /boot and an initramfs of the static busybox, the e1000 NIC and IDE
 * disk drivers from the same kernel's modules, and an /init that brings eth0 up and serves a
 * shell on the serial console (`console=ttyS0`). A test types `ip addr add …` and `ping …`
 * into that console over QEMU's telnet serial with `GuestConsole`, and finds the QEMU
 * processes of a node with `qemuProcessesOf`. `QemuVpcsLab` is the setup the end-to-end tests
 * share: the guest as VM1, linked to a VPCS, through the /v2 API of a running controller.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { basename, join } from "node:path";
import { gzipSync } from "node:zlib";
import { staticBusybox } from "../docker/busybox";
import { buildInitramfs, DEFAULT_BUSYBOX } from "../nodes/testing/initramfs";
import { TelnetDecoder } from "../nodes/telnet";
import { parsePing, VpcsConsole, type PingReply, type PingResult } from "../nodes/console";
import { commandLine, identify, isAlive, signal, workingDirectory, type ProcessIdentity } from "../nodes/processes";
import { waitFor } from "@shared/testing/cleanups";
import type { Api } from "./cloud-lab";
import { freeConsolePorts } from "./console-ports";
import { endLeftoverVpcs } from "./daemon-process";

/** The line /init prints once eth0 is up, just before the first shell: for whoever reads a console log. */
const GUEST_READY = "qemu-guest: ready";

/** The NIC (QEMU's default e1000), and the IDE controller and SCSI disk driver a `hda` disk appears through as /dev/sda. */
const GUEST_MODULES = [
  "kernel/drivers/net/ethernet/intel/e1000/e1000.ko",
  "kernel/drivers/ata/ata_piix.ko",
  "kernel/drivers/scsi/sd_mod.ko",
];

export interface QemuGuest {
  /** The kernel's version, as under /lib/modules. */
  readonly kernelVersion: string;
  readonly kernelPath: string;
  /** The initramfs: a gzip-compressed newc cpio archive. */
  readonly initramfs: Buffer;
}

/** Builds the guest around the newest kernel in /boot whose modules are installed. */
export async function buildQemuGuest(): Promise<QemuGuest> {
  const kernelVersion = guestKernelVersion();
  const modules = guestModules(kernelVersion);
  // Debian's dynamic busybox package also installs /bin/busybox, which could not run alone in the guest.
  staticBusybox([DEFAULT_BUSYBOX]);
  const files = Object.fromEntries(modules.map((module) => [`/lib/modules/${module.name}`, module.data]));
  const archive = await buildInitramfs({
    init: initScript(modules.map((module) => `/lib/modules/${module.name}`)),
    files: { ...files, "/usr/bin": { directory: true }, "/usr/sbin": { directory: true } },
  });
  return { kernelVersion, kernelPath: `/boot/vmlinuz-${kernelVersion}`, initramfs: gzipSync(archive) };
}

/**
 * /init: mounts the kernel's file systems, loads the drivers (dependencies first), brings
 * lo and eth0 up, then keeps a shell on the console for good (process 1 must never exit).
 * Kernel messages are silenced first: they would interleave with what a test reads.
 */
function initScript(modulePaths: readonly string[]): string {
  return [
    "export PATH=/sbin:/usr/sbin:/bin:/usr/bin",
    "/bin/busybox --install -s",
    "mount -t proc proc /proc",
    "mount -t sysfs sysfs /sys",
    "mount -t devtmpfs devtmpfs /dev",
    "dmesg -n 1",
    ...modulePaths.map((path) => `insmod ${path}`),
    "ip link set lo up",
    "ip link set eth0 up",
    `echo "${GUEST_READY}"`,
    "export PS1='guest# '",
    // cttyhack reopens the real console (ttyS0) as the shell's controlling terminal, for Ctrl-C.
    "while true; do setsid cttyhack sh; sleep 1; done",
    "",
  ].join("\n");
}

/** The newest version with both /boot/vmlinuz-<version> and that version's modules. */
function guestKernelVersion(): string {
  const versions = readdirSync("/boot")
    .filter((name) => name.startsWith("vmlinuz-"))
    .map((name) => name.slice("vmlinuz-".length))
    .filter((version) => existsSync(join("/lib/modules", version, "modules.dep")))
    .sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  const version = versions.at(-1);
  if (version === undefined) throw new Error("No /boot/vmlinuz-* with its /lib/modules/<version>: install linux-image-amd64");
  return version;
}

interface GuestModule {
  /** The file name in the guest, uncompressed. */
  readonly name: string;
  readonly data: Buffer;
}

/**
 * The guest's drivers and what modules.dep says they need, in load order (a dependency before
 * its users, each once).
 */
function guestModules(kernelVersion: string): GuestModule[] {
  const root = join("/lib/modules", kernelVersion);
  const dependencies = new Map(
    readFileSync(join(root, "modules.dep"), "utf8")
      .split("\n")
      .filter((line) => line.includes(":"))
      .map((line) => {
        const [module, needs] = line.split(":") as [string, string];
        return [module, needs.trim().split(/\s+/).filter(Boolean)];
      }),
  );
  const ordered: string[] = [];
  for (const wanted of GUEST_MODULES) {
    // Debian 12 ships plain .ko; later releases compress them with xz.
    const module = [wanted, `${wanted}.xz`].find((path) => dependencies.has(path));
    if (module === undefined) throw new Error(`${root}/modules.dep lists no ${wanted}`);
    // modules.dep lists a module's dependencies users first, so they load in reverse.
    for (const path of [...dependencies.get(module)!].reverse().concat(module)) if (!ordered.includes(path)) ordered.push(path);
  }
  return ordered.map((path) => readModule(join(root, path)));
}

function readModule(path: string): GuestModule {
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (!name.endsWith(".xz")) return { name, data: readFileSync(path) };
  try {
    return { name: name.slice(0, -".xz".length), data: execFileSync("xz", ["-dc", path], { maxBuffer: 64 << 20 }) };
  } catch (error) {
    throw new Error(`Cannot decompress ${path} (is xz-utils installed?): ${error instanceof Error ? error.message : String(error)}`);
  }
}


export interface CommandResult {
  /** What the command printed, line ends normalised to "\n". */
  readonly output: string;
  readonly status: number;
}

/**
 * The guest's serial console over QEMU's telnet server. Every command is framed by `echo`s of
 * numbered markers (the last with its exit status), so its output is delimited whatever else
 * reaches the console: prompts, lines typed during boot, the shell's line-editing redraws.
 */
export class GuestConsole {
  private buffer = "";
  private closedError: Error | undefined;
  private waiter: (() => void) | undefined;
  private sequence = 0;

  private constructor(private readonly socket: Socket) {
    const decoder = new TelnetDecoder();
    socket.on("data", (chunk: Buffer) => {
      const { data, reply } = decoder.push(chunk);
      if (reply.length > 0) socket.write(reply);
      this.buffer += Buffer.from(data).toString("latin1");
      this.waiter?.();
    });
    socket.on("close", () => {
      this.closedError ??= new Error("The guest console connection closed");
      this.waiter?.();
    });
    socket.on("error", (error) => {
      this.closedError = error;
    });
  }

  /**
   * Connects (retrying while QEMU is not listening yet) and waits until the guest's shell
   * answers, which takes the guest's whole boot: seconds under TCG.
   */
  static async connect(port: number, timeoutMs = 60_000): Promise<GuestConsole> {
    const deadline = performance.now() + timeoutMs;
    let socket: Socket;
    for (;;) {
      try {
        socket = await open(port);
        break;
      } catch (error) {
        if (performance.now() > deadline) throw new Error(`Cannot connect to the guest console on port ${port}: ${String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const console = new GuestConsole(socket);
    try {
      // Typed before the shell runs, a line waits in the console's input until it does (or is
      // lost before the serial port is open): typed again every few seconds until answered.
      for (;;) {
        const marker = console.nextMarker("ready");
        console.type(`echo ${marker.typed}`);
        const answered = await console.until(marker.printed, Math.min(3000, deadline - performance.now())).then(
          () => true,
          (error: unknown) => {
            if (console.closedError !== undefined || performance.now() >= deadline) throw error;
            return false;
          },
        );
        if (answered) return console;
      }
    } catch (error) {
      console.close();
      throw new Error(`The guest shell did not answer on port ${port} within ${timeoutMs} ms: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Runs `line` in the guest's shell and returns its output and exit status. */
  async run(line: string, timeoutMs = 30_000): Promise<CommandResult> {
    const start = this.nextMarker("start");
    const end = this.nextMarker("end");
    this.buffer = "";
    this.type(`echo ${start.typed}; ${line}; echo ${end.typed}:$?`);
    const ended = new RegExp(`${start.printed}\\r*\\n([^]*?)${end.printed}:(\\d+)`);
    const [, output, status] = ended.exec(await this.until(ended, timeoutMs))!;
    return { output: output!.replace(/\r+\n|\r/g, "\n").trim(), status: Number(status) };
  }

  close(): void {
    this.socket.destroy();
  }

  /**
   * A marker as typed and as printed differ, so the shell's echo of the line (which its line
   * editing may wrap and redraw) never matches.
   */
  private nextMarker(kind: string): { typed: string; printed: string } {
    this.sequence += 1;
    return { typed: `@@''${kind}-${this.sequence}`, printed: `@@${kind}-${this.sequence}` };
  }

  private type(line: string): void {
    this.socket.write(`${line}\r`);
  }

  /** Resolves with the buffer once it holds `pattern`, and consumes it. */
  private async until(pattern: string | RegExp, timeoutMs: number): Promise<string> {
    const started = performance.now();
    const deadline = setTimeout(() => this.waiter?.(), timeoutMs);
    try {
      for (;;) {
        const found = typeof pattern === "string" ? this.buffer.includes(pattern) : pattern.test(this.buffer);
        if (found) {
          const text = this.buffer;
          this.buffer = "";
          return text;
        }
        if (this.closedError !== undefined) throw this.closedError;
        if (performance.now() - started >= timeoutMs) {
          throw new Error(`No ${String(pattern)} on the guest console within ${timeoutMs} ms; last output: ${JSON.stringify(this.buffer.slice(-300))}`);
        }
        await new Promise<void>((resolve) => (this.waiter = resolve));
        this.waiter = undefined;
      }
    } finally {
      clearTimeout(deadline);
    }
  }
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => resolve(socket)).once("error", (error) => {
      socket.destroy();
      reject(error);
    });
  });
}

/** busybox ping: "64 bytes from 10.0.0.1: seq=0 ttl=64 time=0.512 ms", then "3 packets transmitted, 2 packets received, …". */
const REPLY = /^\d+ bytes from ([^:]+): seq=(\d+) ttl=(\d+) time=([\d.]+) ms/;
const SUMMARY = /^(\d+) packets transmitted/;

/** Parses busybox's `ping` output; a probe with no reply line counts as a timeout. */
export function parseBusyboxPing(output: string): PingResult {
  const answered = new Map<number, PingReply>();
  let transmitted = 0;
  let host = "";
  for (const raw of output.split("\n")) {
    const line = raw.trim();
    const reply = REPLY.exec(line);
    if (reply !== null) {
      host = reply[1]!;
      answered.set(Number(reply[2]), { host, seq: Number(reply[2]), ttl: Number(reply[3]), timeMs: Number(reply[4]) });
    }
    const summary = SUMMARY.exec(line);
    if (summary !== null) transmitted = Number(summary[1]);
  }
  const replies = Array.from({ length: Math.max(transmitted, answered.size) }, (_, seq) => answered.get(seq) ?? { host, seq, timeout: true as const });
  const lost = replies.filter((reply) => "timeout" in reply).length;
  return { replies, received: replies.length - lost, lost, lossPercent: replies.length === 0 ? 100 : (lost * 100) / replies.length };
}

/**
 * The QEMU processes running a node: those that name it in their arguments (`-uuid`) or run
 * in its folder. Not every QEMU a daemon starts: its KVM probe is one too.
 */
export function qemuProcessesOf(nodeId: string): ProcessIdentity[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      const argv = commandLine(pid);
      if (argv === undefined || !basename(argv[0] ?? "").startsWith("qemu-system")) return false;
      return argv.some((arg) => arg.includes(nodeId)) || (workingDirectory(pid) ?? "").includes(nodeId);
    })
    .flatMap((pid) => identify(pid) ?? []);
}

/** A node as the tests address it. */
export interface LabNode {
  readonly node_id: string;
  readonly console: number;
}

export interface QemuVpcsLabOptions {
  readonly projectName: string;
  /** Images uploaded besides the guest's kernel (`vmlinuz`) and initramfs (`guest.cpio.gz`). */
  readonly images?: Readonly<Record<string, Buffer>>;
  /** The computes VM1 and PC1 run on; `local` unless given. */
  readonly vmCompute?: string;
  readonly pcCompute?: string;
  /** VM1's properties beyond the guest's kernel, initramfs, serial console, 256 MB and one NIC. */
  readonly vmProperties?: Readonly<Record<string, unknown>>;
  /** Free console ports to pick besides VM1's and PC1's, for the test's own nodes. */
  readonly spareConsoles?: number;
}

export const md5Of = (data: Buffer): string => createHash("md5").update(data).digest("hex");

/**
 * The guest as VM1 linked to PC1 (a VPCS) port 0 to port 0, in a new project of a running
 * controller, its images uploaded to the controller's image store. Starts both, talks to their
 * consoles, and after the run ends what a failed run left behind.
 */
export class QemuVpcsLab {
  /** The md5 of each uploaded image, computed here from the bytes sent. */
  readonly uploadedMd5 = new Map<string, string>();
  /** The QEMU processes of VM1 seen while it ran, ended by hand after the run if still there. */
  readonly vmProcesses: ProcessIdentity[] = [];
  guestConsole: GuestConsole | undefined;
  pcConsole: VpcsConsole | undefined;
  base = "";
  vm!: LabNode;
  pc!: LabNode;
  linkId = "";
  /**
   * Every console port is picked free on this machine: left to the controller, every test's
   * first node would get 5000, and the daemons of two hosts on one machine would clash.
   */
  spareConsoles: number[] = [];

  private constructor(
    private readonly controllerUrl: string,
    readonly api: Api,
  ) {}

  static async create(controllerUrl: string, api: Api, guest: QemuGuest, options: QemuVpcsLabOptions): Promise<QemuVpcsLab> {
    const lab = new QemuVpcsLab(controllerUrl, api);
    await lab.upload("vmlinuz", readFileSync(guest.kernelPath));
    await lab.upload("guest.cpio.gz", guest.initramfs);
    for (const [name, data] of Object.entries(options.images ?? {})) await lab.upload(name, data);
    const project = await api("POST", "/v2/projects", { name: options.projectName });
    if (project.status !== 201) throw new Error(`cannot create the project: ${JSON.stringify(project.body)}`);
    lab.base = `/v2/projects/${project.body.project_id}`;
    const [vmConsole, pcConsole, ...spare] = await freeConsolePorts(2 + (options.spareConsoles ?? 0));
    lab.spareConsoles = spare;
    lab.vm = await lab.createNode({
      name: "VM1",
      node_type: "qemu",
      compute_id: options.vmCompute ?? "local",
      console: vmConsole,
      properties: { kernel_image: "vmlinuz", initrd: "guest.cpio.gz", kernel_command_line: "console=ttyS0", ram: 256, adapters: 1, ...options.vmProperties },
    });
    lab.pc = await lab.createNode({ name: "PC1", node_type: "vpcs", compute_id: options.pcCompute ?? "local", console: pcConsole });
    const link = await api("POST", `${lab.base}/links`, {
      nodes: [
        { node_id: lab.vm.node_id, adapter_number: 0, port_number: 0 },
        { node_id: lab.pc.node_id, adapter_number: 0, port_number: 0 },
      ],
    });
    if (link.status !== 201) throw new Error(`cannot link VM1 to PC1: ${JSON.stringify(link.body)}`);
    lab.linkId = link.body.link_id;
    return lab;
  }

  /** A node of the lab's project, on `local` unless the body names a compute. */
  async createNode(body: Record<string, unknown>): Promise<LabNode> {
    const created = await this.api("POST", `${this.base}/nodes`, { compute_id: "local", ...body });
    if (created.status !== 201) throw new Error(`cannot create ${String(body.name)}: ${JSON.stringify(created.body)}`);
    return created.body;
  }

  /** Starts VM1 and PC1, each start answering once the node runs, and notes VM1's QEMU processes. */
  async startVmAndPc(): Promise<void> {
    for (const node of [this.vm, this.pc]) {
      const started = await this.api("POST", `${this.base}/nodes/${node.node_id}/start`);
      if (started.status !== 200 || started.body.status !== "started") throw new Error(`start ${node.node_id}: ${started.status} ${JSON.stringify(started.body)}`);
    }
    this.vmProcesses.push(...qemuProcessesOf(this.vm.node_id));
    if (this.vmProcesses.length === 0) throw new Error("no QEMU process runs for VM1");
  }

  /** Once the guest booted (seconds under TCG on an idle machine, more on a busy one) and PC1 answers. */
  async connectConsoles(): Promise<void> {
    this.guestConsole = await GuestConsole.connect(this.vm.console, 120_000);
    this.pcConsole = await VpcsConsole.connect(this.pc.console, { timeoutMs: 10_000 });
  }

  /** Addresses the guest (10.0.0.2) and PC1 (10.0.0.1), pings each from the other; PC1's pings, all answered, are returned. */
  async pingBothWays(): Promise<PingResult> {
    const addressed = await this.guestConsole!.run("ip addr add 10.0.0.2/24 dev eth0");
    if (addressed.status !== 0 || addressed.output !== "") throw new Error(`ip addr add in the guest: ${JSON.stringify(addressed)}`);
    await this.pcConsole!.command("ip 10.0.0.1/24", 10_000);
    const fromGuest = await this.guestConsole!.run("ping -c 3 -W 5 10.0.0.1", 30_000);
    if (parseBusyboxPing(fromGuest.output).received !== 3) throw new Error(`the guest's pings of PC1 went unanswered: ${fromGuest.output}`);
    const fromPc = parsePing(await this.pcConsole!.command("ping 10.0.0.2 -c 5 -i 250", 60_000));
    if (fromPc.received !== 5) throw new Error(`PC1's pings of the guest went unanswered: ${JSON.stringify(fromPc)}`);
    return fromPc;
  }

  /** Stops VM1 and waits for its QEMU processes to end. */
  async stopVm(): Promise<void> {
    this.guestConsole?.close();
    this.guestConsole = undefined;
    const stopped = await this.api("POST", `${this.base}/nodes/${this.vm.node_id}/stop`);
    if (stopped.status !== 200 || stopped.body.status !== "stopped") throw new Error(`stop VM1: ${stopped.status} ${JSON.stringify(stopped.body)}`);
    await waitFor("VM1's QEMU to end", () => !this.vmProcesses.some(isAlive) && qemuProcessesOf(this.vm.node_id).length === 0, 10_000);
  }

  /** Closes the consoles, then `stopServers`; then, the safety net of a run that failed half way, VM1's QEMU and the VPCS left under `dataDir`. */
  async close(stopServers: () => Promise<void>, dataDir: string): Promise<void> {
    this.guestConsole?.close();
    this.pcConsole?.close();
    await stopServers();
    this.vmProcesses.forEach((process) => signal(process, "SIGKILL"));
    await endLeftoverVpcs(dataDir);
  }

  private async upload(name: string, data: Buffer): Promise<void> {
    const response = await fetch(`${this.controllerUrl}/v2/compute/qemu/images/${name}`, { method: "POST", body: data });
    if (response.status !== 204) throw new Error(`upload ${name}: ${response.status} ${await response.text()}`);
    this.uploadedMd5.set(name, md5Of(data));
  }
}
