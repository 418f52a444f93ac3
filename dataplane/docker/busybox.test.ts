import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "@shared/testing/cleanups";
import { isStaticElf, staticBusybox } from "./busybox";

const { tempDir } = cleanupAfterEach();

/** A 64-bit little-endian ELF header with program headers of the given types. */
function elf(types: number[]): Buffer {
  const header = Buffer.alloc(64 + 56 * types.length);
  header.writeUInt32BE(0x7f454c46, 0);
  header[4] = 2;
  header[5] = 1;
  header.writeBigUInt64LE(64n, 32);
  header.writeUInt16LE(56, 54);
  header.writeUInt16LE(types.length, 56);
  types.forEach((type, index) => header.writeUInt32LE(type, 64 + 56 * index));
  return header;
}

describe("static busybox", () => {
  it("reads an ELF without an interpreter as static, one with PT_INTERP or anything else as not", () => {
    expect(isStaticElf(elf([1, 1, 4]))).toBe(true);
    expect(isStaticElf(elf([6, 3, 1]))).toBe(false);
    expect(isStaticElf(Buffer.from("#!/bin/sh\necho hi\n"))).toBe(false);
    expect(isStaticElf(Buffer.alloc(10))).toBe(false);
  });

  it("is found where Debian's busybox-static puts it, and a dynamic program is not taken for it", () => {
    const dir = tempDir("busybox-");
    copyFileSync("/bin/ls", join(dir, "busybox"));
    expect(() => staticBusybox([join(dir, "busybox"), join(dir, "missing")])).toThrow(
      `Docker nodes need a static busybox for their init (none at ${dir}/busybox, ${dir}/missing): apt-get install busybox-static`,
    );
    expect(staticBusybox([join(dir, "missing"), "/bin/busybox"])).toBe("/bin/busybox");
  });
});
