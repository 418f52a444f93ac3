import { execFile } from "node:child_process";
import { constants } from "node:fs";
import { access, readdir, stat } from "node:fs/promises";
import { delimiter, join } from "node:path";
import type { QemuBinary } from "@shared/schemas/compute";

/** How long a QEMU binary may take to print its version before it is left out, as GNS3 leaves out one that fails. */
const VERSION_TIMEOUT_MS = 5000;

/**
 * Every `qemu-system-*` (and `qemu-kvm`, `qemu`) executable in the PATH's folders that tells its
 * version, as GNS3's compute lists them: the controller reads its own machine's for `local`
 * when no daemon reported, and each daemon reports its host's.
 */
export async function qemuBinariesOnPath(path: string): Promise<QemuBinary[]> {
  const folders = [...new Set(path.split(delimiter).filter((folder) => folder !== ""))];
  const candidates = new Set<string>();
  for (const folder of folders) {
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names) {
      if (!isQemuName(name)) continue;
      const file = join(folder, name);
      if (await isExecutableFile(file)) candidates.add(file);
    }
  }
  const binaries: QemuBinary[] = [];
  for (const file of [...candidates].sort()) {
    const version = await qemuVersion(file);
    if (version !== undefined) binaries.push({ path: file, version });
  }
  return binaries;
}

function isQemuName(name: string): boolean {
  return name.startsWith("qemu-system") || name.startsWith("qemu-kvm") || name === "qemu";
}

async function isExecutableFile(file: string): Promise<boolean> {
  try {
    if (!(await stat(file)).isFile()) return false;
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function qemuVersion(file: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(file, ["-version", "-nographic"], { timeout: VERSION_TIMEOUT_MS }, (error, stdout) => {
      resolve(error ? undefined : /version\s+([0-9a-z\-.]+)/.exec(stdout)?.[1]);
    });
  });
}
