/**
 * The busybox our init runs with inside every container, mounted read-only at /gns3: a static
 * one, since an image's own libraries (musl, an old glibc, none at all) are not ours to rely
 * on. Debian's busybox-static installs it as /bin/busybox, as GNS3 expects it too.
 */
import { openSync, readSync, closeSync } from "node:fs";

const CANDIDATES = ["/bin/busybox", "/usr/bin/busybox", "/usr/local/bin/busybox", "/usr/lib/initramfs-tools/bin/busybox"];
const PT_INTERP = 3;

/** Whether an ELF executable's first bytes show it static: no PT_INTERP among its program headers (64-bit little-endian). */
export function isStaticElf(header: Buffer): boolean {
  if (header.length < 64 || header.readUInt32BE(0) !== 0x7f454c46 || header[4] !== 2 || header[5] !== 1) return false;
  const table = Number(header.readBigUInt64LE(32));
  const entrySize = header.readUInt16LE(54);
  const count = header.readUInt16LE(56);
  for (let index = 0; index < count; index++) {
    const at = table + index * entrySize;
    if (at + 4 > header.length) return false;
    if (header.readUInt32LE(at) === PT_INTERP) return false;
  }
  return true;
}

function firstBytes(path: string): Buffer | null {
  try {
    const fd = openSync(path, "r");
    try {
      const buffer = Buffer.alloc(4096);
      return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0));
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
}

/** The first static busybox of the usual places (`BUSYBOX` names another); throws saying what to install. */
export function staticBusybox(candidates = process.env.BUSYBOX ? [process.env.BUSYBOX] : CANDIDATES): string {
  for (const path of candidates) {
    const header = firstBytes(path);
    if (header && isStaticElf(header)) return path;
  }
  throw new Error(`Docker nodes need a static busybox for their init (none at ${candidates.join(", ")}): apt-get install busybox-static`);
}
