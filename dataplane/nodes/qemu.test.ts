import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QemuSpec } from "@shared/proto";
import { ownerProcess, printOwned } from "@shared/testing/owner-process";
import { identify, isAlive, portHolder, signal, type ProcessIdentity } from "./processes";
import { QemuProcess, qemuAvailable, type QemuNodeSpec, type QemuProcessOptions } from "./qemu";
import type { ProcessCrash } from "./process-supervisor";
import { buildInitramfs, hostKernel, kernelModules } from "./testing/initramfs";
import { freeTcpPort, qemuSpec } from "./testing/qemu-spec";

const kernel = await hostKernel();
const canRun = kernel !== undefined && (await qemuAvailable());
const workRoot = mkdtempSync(join(tmpdir(), "qemu-runtime-"));
const imageDir = join(workRoot, "images", "QEMU");
const runtimes: QemuProcess[] = [];
const specs = new Map<QemuProcess, QemuNodeSpec>();
/** QEMUs a test left on purpose; killed at the end should the test fail before ending them. */
const orphans: ProcessIdentity[] = [];
const GUEST_MAC = "0c:7e:5f:00:01:00";
const BOOTED = "GNS3-QEMU-BOOTED";

/**
 * The guest's /init: loads the virtio disk and NIC and the ACPI power button, says it booted,
 * writes to its disk, brings its NIC up (the kernel then sends IPv6 neighbour discovery),
 * powers off when the power button is pressed, and prints a tick with its NIC's received
 * frame count every 0.3 s.
 */
const INIT = (loadModules: string) => `
bb=/bin/busybox
$bb mount -t proc proc /proc
$bb mount -t sysfs sys /sys
$bb mount -t devtmpfs dev /dev
$bb dmesg -n 1
${loadModules}
echo ${BOOTED}
echo written-by-guest | $bb dd of=/dev/vda bs=512 seek=8 conv=fsync 2>/dev/null && echo DISK-WRITTEN
$bb ip link set eth0 up && echo LINK-UP
for e in /sys/class/input/event*; do
  if $bb grep -q "Power Button" $e/device/name; then ($bb head -c 1 /dev/input/\${e##*/} >/dev/null; echo POWERING-OFF; $bb poweroff -f) & fi
done
i=0
while true; do i=$((i+1)); echo "tick $i rx=$($bb cat /sys/class/net/eth0/statistics/rx_packets)"; $bb sleep 0.3; done
`;

beforeAll(async () => {
  if (!canRun) return;
  mkdirSync(imageDir, { recursive: true });
  symlinkSync(kernel!.image, join(imageDir, "vmlinuz"));
  const modules = await kernelModules(kernel!.version, ["virtio_pci", "virtio_blk", "virtio_net", "button", "evdev"]);
  writeFileSync(join(imageDir, "guest.cpio"), await buildInitramfs({ init: INIT(modules.load), files: modules.files }));
  execFileSync("qemu-img", ["create", "-q", "-f", "qcow2", join(imageDir, "disk.qcow2"), "16M"]);
}, 60_000);

afterAll(async () => {
  await Promise.all(runtimes.map((runtime) => runtime.stop().catch(() => {})));
  orphans.forEach((orphan) => signal(orphan, "SIGKILL"));
  rmSync(workRoot, { recursive: true, force: true });
});

function md5(path: string): string {
  return createHash("md5").update(readFileSync(path)).digest("hex");
}

/** The guest above, booted from the image store with a linked clone of disk.qcow2 on virtio and one virtio NIC. */
function guestSpec(overrides: Partial<QemuSpec> = {}): QemuSpec {
  return qemuSpec({
    kernelImage: { name: "vmlinuz", md5: "" },
    initrd: { name: "guest.cpio", md5: md5(join(imageDir, "guest.cpio")) },
    kernelCommandLine: "console=ttyS0 quiet panic=-1",
    disks: [{ slot: "hda", image: { name: "disk.qcow2", md5: md5(join(imageDir, "disk.qcow2")) }, interface: "virtio", growMb: 0 }],
    adapters: [{ adapterNumber: 0, model: "virtio-net-pci", macAddress: GUEST_MAC }],
    options: "-no-reboot",
    ...overrides,
  });
}

async function newRuntime(name: string, qemu: QemuSpec, options: Partial<QemuProcessOptions> = {}): Promise<QemuProcess> {
  const spec: QemuNodeSpec = { nodeId: `node-${name}`, projectId: "project", name, consolePort: await freeTcpPort(), qemu };
  const runtime = new QemuProcess(spec, { workDir: join(workRoot, "qemu", "project", name), imageDir, ...options });
  runtimes.push(runtime);
  specs.set(runtime, spec);
  return runtime;
}

function consolePortOf(runtime: QemuProcess): number {
  return specs.get(runtime)!.consolePort;
}

/** What the serial console prints, read over QEMU's telnet server (its negotiation bytes are left in, harmlessly). */
class ConsoleReader {
  text = "";
  private constructor(private readonly socket: Socket) {
    socket.on("data", (chunk) => (this.text += chunk.toString("latin1")));
    socket.on("error", () => {});
  }

  static async open(port: number): Promise<ConsoleReader> {
    const socket = connect(port, "127.0.0.1");
    await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    return new ConsoleReader(socket);
  }

  async waitFor(pattern: string | RegExp, timeoutMs: number): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    const found = () => (typeof pattern === "string" ? this.text.includes(pattern) : pattern.test(this.text));
    while (!found()) {
      if (performance.now() > deadline) throw new Error(`console did not show ${pattern} within ${timeoutMs} ms; it showed: ${this.text.slice(-500)}`);
      await sleep(50);
    }
  }

  ticks(): number {
    return this.text.match(/tick \d+/g)?.length ?? 0;
  }

  close(): void {
    this.socket.destroy();
  }
}

describe.skipIf(!canRun)("QemuProcess with a booted guest", () => {
  let runtime: QemuProcess;
  let console_: ConsoleReader;
  let leader: ProcessIdentity;
  const frames: Buffer[] = [];
  const imageMd5 = () => md5(join(imageDir, "disk.qcow2"));
  let imageMd5Before: string;

  it("boots a kernel and initramfs from the image store: its serial console is on the console port", async () => {
    imageMd5Before = imageMd5();
    runtime = await newRuntime("guest", guestSpec({ onClose: "shutdown_signal" }), { shutdownTimeoutMs: 20_000 });
    runtime.endpoint(0)!.onFrame((frame) => frames.push(Buffer.from(frame)));
    const started = performance.now();
    await runtime.start();
    const startMs = performance.now() - started;
    expect(runtime.running).toBe(true);
    leader = identify(runtime.pid!)!;
    console_ = await ConsoleReader.open(consolePortOf(runtime));
    await console_.waitFor(BOOTED, 60_000);
    console.info(`QEMU served its console ${Math.round(startMs)} ms after start; the guest booted ${Math.round(performance.now() - started)} ms after start`);
    await console_.waitFor("DISK-WRITTEN", 10_000);
    await console_.waitFor("LINK-UP", 10_000);
  }, 90_000);

  it("carries the guest's NIC frames over its adapter's endpoint, both ways", async () => {
    const deadline = performance.now() + 15_000;
    while (!frames.some((frame) => frame.subarray(6, 12).toString("hex") === GUEST_MAC.replaceAll(":", ""))) {
      if (performance.now() > deadline) throw new Error(`no frame from ${GUEST_MAC} within 15 s (${frames.length} frames)`);
      await sleep(50);
    }
    const broadcast = Buffer.concat([Buffer.alloc(6, 0xff), Buffer.from("0c7e5f0002000800", "hex"), Buffer.alloc(46, 0x42)]);
    for (let i = 0; i < 3; i++) runtime.endpoint(0)!.send(broadcast);
    await console_.waitFor(/rx=[1-9]/, 10_000);
  }, 30_000);

  it("suspends the VM (no output while paused) and resumes it", async () => {
    await console_.waitFor(/tick \d+/, 10_000);
    await runtime.suspend();
    expect(runtime.suspended).toBe(true);
    await sleep(300);
    const paused = console_.ticks();
    await sleep(1500);
    expect(console_.ticks()).toBe(paused);
    await runtime.resume();
    expect(runtime.suspended).toBe(false);
    const resumed = performance.now();
    while (console_.ticks() < paused + 2) {
      if (performance.now() - resumed > 10_000) throw new Error("the guest printed nothing after resume");
      await sleep(50);
    }
  }, 30_000);

  it("stops with on_close shutdown_signal by the guest powering off; nothing is left and the image is unwritten", async () => {
    const stopping = performance.now();
    await runtime.stop();
    const stopMs = performance.now() - stopping;
    console.info(`the guest powered off ${Math.round(stopMs)} ms after the power button`);
    expect(console_.text).toContain("POWERING-OFF");
    expect(stopMs).toBeLessThan(20_000);
    expect(runtime.running).toBe(false);
    expect(isAlive(leader)).toBe(false);
    expect(await portHolder("tcp", consolePortOf(runtime), [])).toBe("nobody");
    console_.close();
    expect(imageMd5()).toBe(imageMd5Before);
    const overlay = join(workRoot, "qemu", "project", "guest", "hda_disk.qcow2");
    const info = JSON.parse(execFileSync("qemu-img", ["info", "--output=json", overlay], { encoding: "utf8" })) as { "backing-filename": string; "backing-filename-format": string };
    expect(info["backing-filename"]).toBe(join(imageDir, "disk.qcow2"));
    expect(info["backing-filename-format"]).toBe("qcow2");
    expect(sectorEight(overlay)).toContain("written-by-guest");
  }, 30_000);

  it("keeps the linked clone, with what the guest wrote, across starts", async () => {
    const overlay = join(workRoot, "qemu", "project", "guest", "hda_disk.qcow2");
    const inode = statSync(overlay).ino;
    const spec = specs.get(runtime)!;
    // Stopped at once, before the guest boots and writes again.
    runtime.configure({ ...spec, qemu: { ...spec.qemu, onClose: "power_off" } });
    await runtime.start();
    await runtime.stop();
    expect(statSync(overlay).ino).toBe(inode);
    expect(sectorEight(overlay)).toContain("written-by-guest");
    expect(imageMd5()).toBe(imageMd5Before);
  }, 30_000);
});

/** Sector 8 of a qcow2 disk, where the guest writes. */
function sectorEight(disk: string): string {
  const raw = join(workRoot, "disk.raw");
  execFileSync("qemu-img", ["convert", "-U", "-O", "raw", disk, raw]);
  const sector = readFileSync(raw).subarray(8 * 512, 9 * 512).toString("latin1");
  rmSync(raw);
  return sector;
}

describe.skipIf(!canRun)("QemuProcess start, stop and crash", () => {
  it("announces a QEMU that exits by itself (SIGKILL) at once, and releases its ports", async () => {
    const runtime = await newRuntime("crash", qemuSpec());
    const crashes: ProcessCrash[] = [];
    runtime.onCrash((crash) => crashes.push(crash));
    await runtime.start();
    const leader = identify(runtime.pid!)!;
    process.kill(leader.pid, "SIGKILL");
    const killed = performance.now();
    while (crashes.length === 0 && performance.now() - killed < 5000) await sleep(20);
    expect(crashes).toEqual([{ nodeId: "node-crash", exitCode: null, signal: "SIGKILL", message: expect.stringMatching(/^QEMU exited by itself \(signal SIGKILL\)/) }]);
    expect(runtime.running).toBe(false);
    expect(await portHolder("tcp", consolePortOf(runtime), [])).toBe("nobody");
    await runtime.start();
    expect(runtime.running).toBe(true);
    await runtime.stop();
    expect(crashes).toHaveLength(1);
  }, 30_000);

  it("stops with on_close power_off at once, leaving no process", async () => {
    const runtime = await newRuntime("poweroff", qemuSpec({ onClose: "power_off" }));
    await runtime.start();
    const leader = identify(runtime.pid!)!;
    const stopping = performance.now();
    await runtime.stop();
    expect(performance.now() - stopping).toBeLessThan(2000);
    expect(isAlive(leader)).toBe(false);
    expect(runtime.pid).toBeUndefined();
  }, 30_000);

  it("kills a guest that ignores the power button once the shutdown time is over", async () => {
    // No kernel and no disk: the firmware finds nothing to boot, and no OS handles ACPI.
    const runtime = await newRuntime("deaf", qemuSpec({ onClose: "shutdown_signal" }), { shutdownTimeoutMs: 1000 });
    await runtime.start();
    const leader = identify(runtime.pid!)!;
    const stopping = performance.now();
    await runtime.stop();
    const stopMs = performance.now() - stopping;
    expect(stopMs).toBeGreaterThanOrEqual(1000);
    expect(stopMs).toBeLessThan(6000);
    expect(isAlive(leader)).toBe(false);
  }, 30_000);

  it("serves a VNC console on the console port", async () => {
    const runtime = await newRuntime("vnc", qemuSpec({ consoleType: "vnc" }));
    await runtime.start();
    const socket = connect(consolePortOf(runtime), "127.0.0.1");
    const banner = await new Promise<string>((resolve, reject) => socket.once("data", (chunk) => resolve(chunk.toString("latin1"))).once("error", reject));
    socket.destroy();
    expect(banner).toMatch(/^RFB 003\.008/);
    await runtime.stop();
  }, 30_000);

  it("ends a QEMU left running by a daemon killed with SIGKILL before starting the node again", async () => {
    const workDir = join(workRoot, "qemu", "project", "orphan");
    const consolePort = await freeTcpPort();
    const orphan = await orphanedQemu(workDir, consolePort);
    expect(isAlive(orphan)).toBe(true);
    const runtime = new QemuProcess({ nodeId: "node-orphan", projectId: "project", name: "orphan", consolePort, qemu: qemuSpec() }, { workDir, imageDir });
    runtimes.push(runtime);
    await runtime.start();
    expect(isAlive(orphan)).toBe(false);
    expect(runtime.pid).not.toBe(orphan.pid);
    await runtime.stop();
  }, 60_000);
});

describe.skipIf(!canRun)("QemuProcess start failures", () => {
  it.each<[string, Partial<QemuSpec>, string | RegExp]>([
    ["a missing image", { disks: [{ slot: "hda", image: { name: "absent.qcow2", md5: "" }, interface: "ide", growMb: 0 }] }, /^image absent\.qcow2 is not on this host/],
    ["an image with another md5", { kernelImage: { name: "vmlinuz", md5: "0".repeat(32) } }, /^image vmlinuz on this host \(.*vmlinuz\) has md5 [0-9a-f]{32}, not 0{32} as the controller's copy$/],
    ["an image name outside the store", { initrd: { name: "../../../../etc/passwd", md5: "" } }, "image ../../../../etc/passwd is not in the image store"],
    ["no such QEMU program", { binary: "/nonexistent/qemu-system-x86_64" }, /^QEMU binary not found: \/nonexistent\/qemu-system-x86_64/],
    ["a program that is not QEMU", { binary: "/bin/sh" }, "/bin/sh is not a QEMU system emulator (qemu-system-…)"],
    ["options with an unbalanced quote", { options: "-smbios 'type=1" }, "an unterminated single quote in the options (at character 9)"],
    ["options QEMU refuses", { options: "-device no-such-nic" }, /^QEMU exited during start \(exit code 1\): .*no-such-nic/],
  ])("names the cause: %s", async (_, overrides, message) => {
    const runtime = await newRuntime(`fails-${runtimes.length}`, qemuSpec(overrides));
    await expect(runtime.start()).rejects.toThrow(message);
    expect(runtime.running).toBe(false);
  }, 30_000);

  it("refuses a console port another program holds", async () => {
    const runtime = await newRuntime("taken", qemuSpec());
    const port = consolePortOf(runtime);
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(port, "0.0.0.0", resolve));
    try {
      await expect(runtime.start()).rejects.toThrow(`console port ${port} is already in use on this host: free it, or give the node another "console" port`);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  }, 30_000);
});

/**
 * Starts a QEMU node from another Node process and SIGKILLs that process once QEMU serves, as
 * a daemon killed with kill -9: resolves with the QEMU process it leaves running.
 */
async function orphanedQemu(workDir: string, consolePort: number): Promise<ProcessIdentity> {
  const owner = await ownerProcess([
    `import { QemuProcess } from ${JSON.stringify(join(import.meta.dirname, "qemu.ts"))};`,
    `const qemu = ${JSON.stringify(qemuSpec())};`,
    `const runtime = new QemuProcess({ nodeId: "node-orphan", projectId: "project", name: "orphan", consolePort: ${consolePort}, qemu }, { workDir: ${JSON.stringify(workDir)}, imageDir: ${JSON.stringify(imageDir)}, accelerator: "tcg" });`,
    "await runtime.start();",
    printOwned("runtime.pid"),
  ]);
  const orphan = identify(owner.owned)!;
  orphans.push(orphan);
  await owner.kill();
  return orphan;
}
