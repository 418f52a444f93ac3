/**
 * Whether QEMU can use KVM on this host. /dev/kvm being there is not enough: under some
 * nested hypervisors it opens and runs real-mode code, then a guest that enters long mode
 * spins forever. So the probe boots a 64 KiB firmware of our own that goes from real mode
 * through protected mode into long mode with paging, writes 4 MiB, then writes to QEMU's
 * isa-debug-exit port, which ends QEMU with status 3. Anything else within the time limit
 * (KVM refused, a hang, a crash) means TCG. Probed once per daemon and QEMU program; what
 * the host offers before and after the first probe is `kvmState`, for the controller.
 */
import { spawn } from "node:child_process";
import { constants } from "node:fs";
import { access, mkdtemp, rm, writeFile } from "node:fs/promises";
import { arch, tmpdir } from "node:os";
import { basename, join } from "node:path";
import { createLogger } from "@shared/logging/logger";
import type { Accelerator } from "./qemu-command";

const log = createLogger("dataplane.qemu");

const PROBE_TIMEOUT_MS = 3000;
/** (value written << 1) | 1, for the value 1 the firmware writes. */
const PROBE_SUCCESS_STATUS = 3;
/** Programs for an x86 guest, the only ones KVM can run here. */
const KVM_CAPABLE = new Set(["qemu-system-x86_64", "qemu-kvm"]);

/**
 * The firmware's code, loaded at 0xF0000 (assembled from GNU as source, AT&T syntax):
 *   cli; mov $0xf000,%ax; mov %ax,%ds; lgdtl gdt_desc; set CR0.PE; ljmpl $0x08,$pm32
 *   pm32: load data segments 0x10; zero 0x10000..0x13000; PML4[0]→0x11003, PDPT[0]→0x12003,
 *         512 PD entries of 2 MiB (flags 0x83); CR4.PAE; CR3=0x10000; EFER.LME; CR0.PG;
 *         ljmp $0x18,$lm64
 *   lm64: rep stosq 0x80000 quadwords at 0x200000; mov $1,%al; out %al,$0xf4; hlt loop
 *   gdt: null, 32-bit code, data, 64-bit code; gdt_desc: limit 31, base 0xF0000+gdt
 * The reset vector at 0xFFFF0 jumps to its start (ljmp $0xf000,$0).
 */
const PROBE_CODE =
  "fab800f08ed8660f0116d8000f20c06683c8010f22c066ea1e000f00080066b810008ed88ec08ed0bf00000100b9000c000031c0f3abc7050000010003100100c7050010010003200100bf00200100b883000000b9000200008907050000200083c708e2f40f20e083c8200f22e0b8000001000f22d8b9800000c00f320d000100000f300f20c00d000000800f22c0ea96000f00180048c7c70000200048c7c1000008004831c0f348abb001e6f4f4ebfd8db426000000000000000000000000ffff0000009acf00ffff00000092cf00ffff0000009aaf001f00b8000f00";
const RESET_VECTOR = "ea000000f0";

const probes = new Map<string, Promise<Accelerator>>();

/** Whether QEMU guests get KVM on this host: unprobed until the first QEMU start, unless plainly not. */
export type KvmState = { kvm: "unprobed" } | { kvm: "usable" } | { kvm: "unusable"; detail: string };

/** The newest probe's verdict, for the whole host: KVM is the kernel's, whichever program asks. */
let verdict: KvmState | undefined;
const verdictWatchers = new Set<(state: KvmState) => void>();

/**
 * What the host offers now: the probe's verdict once one ran, before that `unusable` when a
 * look at /dev/kvm rules it out (no QEMU started, no CPU spent), else `unprobed`.
 */
export async function kvmState(): Promise<KvmState> {
  if (verdict !== undefined) return verdict;
  const reason = await kvmRuledOut();
  return reason === undefined ? { kvm: "unprobed" } : { kvm: "unusable", detail: reason };
}

/** Calls `watcher` with each probe's verdict; the returned function stops it. */
export function watchKvmState(watcher: (state: KvmState) => void): () => void {
  verdictWatchers.add(watcher);
  return () => verdictWatchers.delete(watcher);
}

/** Why KVM cannot work here without trying it, or undefined when only a probe can tell. */
async function kvmRuledOut(): Promise<string | undefined> {
  // The probe's firmware and the programs KVM is used with are x86.
  if (arch() !== "x64") return `KVM is used for x86_64 guests on an x86_64 host, and this host is ${arch()}`;
  try {
    await access("/dev/kvm", constants.R_OK | constants.W_OK);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT"
      ? "/dev/kvm does not exist (the kernel offers no KVM to this machine)"
      : `/dev/kvm cannot be opened for reading and writing by this daemon (${(error as NodeJS.ErrnoException).code}): add its user to the kvm group`;
  }
}

function settle(state: KvmState): void {
  verdict = state;
  for (const watcher of verdictWatchers) watcher(state);
}

/**
 * KVM when it runs a long-mode guest here with `binary`, else TCG; probed once per binary.
 * Rejects with the spawn error (code ENOENT) when the program is not there.
 */
export function acceleratorFor(binary: string): Promise<Accelerator> {
  let probe = probes.get(binary);
  if (probe === undefined) {
    probe = probeKvm(binary).then(
      (accelerator) => {
        log.info("QEMU accelerator chosen", { binary, accelerator });
        return accelerator;
      },
      (error: unknown) => {
        // The program could not be run (not installed yet): probe again at the next start.
        probes.delete(binary);
        throw error;
      },
    );
    probes.set(binary, probe);
  }
  return probe;
}

async function probeKvm(binary: string): Promise<Accelerator> {
  if (!KVM_CAPABLE.has(basename(binary))) return "tcg";
  const ruledOut = await kvmRuledOut();
  if (ruledOut !== undefined) {
    settle({ kvm: "unusable", detail: ruledOut });
    return "tcg";
  }
  const dir = await mkdtemp(join(tmpdir(), "qemu-kvm-probe-"));
  try {
    const firmware = join(dir, "probe.bin");
    await writeFile(firmware, probeFirmware());
    const status = await run(binary, [
      "-accel", "kvm", "-machine", "pc", "-m", "16", "-display", "none", "-nodefaults", "-no-user-config",
      "-bios", firmware, "-device", "isa-debug-exit,iobase=0xf4,iosize=0x04",
    ]);
    if (status === PROBE_SUCCESS_STATUS) {
      settle({ kvm: "usable" });
      return "kvm";
    }
    log.warn("KVM does not run guests here: QEMU nodes use TCG (slower)", { binary, probe: status ?? "timed out" });
    settle({
      kvm: "unusable",
      detail:
        status === null
          ? `a test guest did not finish under KVM within ${PROBE_TIMEOUT_MS / 1000} s (KVM hangs here, as under some nested hypervisors)`
          : `QEMU could not run a test guest under KVM (${basename(binary)} ended with status ${status})`,
    });
    return "tcg";
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function probeFirmware(): Buffer {
  const firmware = Buffer.alloc(0x10000);
  Buffer.from(PROBE_CODE, "hex").copy(firmware, 0);
  Buffer.from(RESET_VECTOR, "hex").copy(firmware, 0xfff0);
  return firmware;
}

/**
 * The exit status, or null when it did not end by itself within the time limit (then it is
 * killed); rejects with the spawn error when the program cannot be run.
 */
function run(binary: string, args: string[]): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const probe = spawn(binary, args, { stdio: "ignore" });
    const timer = setTimeout(() => probe.kill("SIGKILL"), PROBE_TIMEOUT_MS);
    probe.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    probe.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}
