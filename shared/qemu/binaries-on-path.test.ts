import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { qemuBinariesOnPath } from "./binaries-on-path";

describe("the QEMU binaries on the PATH", () => {
  let first: string;
  let second: string;
  const script = (folder: string, name: string, output: string, mode = 0o755) => {
    writeFileSync(join(folder, name), `#!/bin/sh\necho '${output}'\n`);
    chmodSync(join(folder, name), mode);
  };
  beforeAll(() => {
    first = mkdtempSync(join(tmpdir(), "qemu-path-a-"));
    second = mkdtempSync(join(tmpdir(), "qemu-path-b-"));
    script(first, "qemu-system-x86_64", "QEMU emulator version 7.2.9 (Debian 1:7.2+dfsg-7)");
    script(first, "qemu-system-aarch64", "QEMU emulator version 8.0.0");
    script(first, "qemu-img", "qemu-img version 7.2.9");
    script(first, "qemu-system-arm", "QEMU emulator version 6.2.0", 0o644);
    script(second, "qemu-system-i386", "qemu: unsupported option");
    script(second, "qemu-kvm", "QEMU emulator version 5.0.1");
  });
  afterAll(() => {
    rmSync(first, { recursive: true, force: true });
    rmSync(second, { recursive: true, force: true });
  });

  it("lists the executables that tell their version, as GNS3's compute does", async () => {
    const path = [first, second, join(first, "missing"), first].join(":");
    expect(await qemuBinariesOnPath(path)).toEqual([
      { path: join(first, "qemu-system-aarch64"), version: "8.0.0" },
      { path: join(first, "qemu-system-x86_64"), version: "7.2.9" },
      { path: join(second, "qemu-kvm"), version: "5.0.1" },
    ]);
  });
});
