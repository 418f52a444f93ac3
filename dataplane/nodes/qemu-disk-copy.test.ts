import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { QemuSpec } from "@shared/proto";
import { cleanupAfterEach } from "@shared/testing/cleanups";
import { copyDuplicatedDisks } from "./qemu-disk-copy";
import { ensureLinkedClone, overlayPath } from "./qemu-images";
import { hasQemuDiskTools, holdDiskOpen, holdsPattern, writePattern } from "./testing/qemu-disks";

const { later, tempDir } = cleanupAfterEach();

const NO_IMAGE = { name: "", md5: "" };
const MiB = 1024 * 1024;
const KiB64 = 64 * 1024;

function spec(disks: Array<[slot: string, image: string]>, overrides: Partial<QemuSpec> = {}): QemuSpec {
  return {
    binary: "qemu-system-x86_64", ramMb: 64, cpus: 1, adapters: [], kernelImage: NO_IMAGE, initrd: NO_IMAGE, bios: NO_IMAGE, kernelCommandLine: "",
    bootPriority: "c", options: "", consoleType: "none", onClose: "power_off", linkedClone: true, overlaySourceNodeId: "src", overlaySourceProjectId: "",
    disks: disks.map(([slot, name]) => ({ slot, image: { name, md5: "" }, interface: "ide", growMb: 0 })),
    ...overrides,
  };
}

const md5 = (file: string) => createHash("md5").update(readFileSync(file)).digest("hex");

/**
 * A data dir with two images of 4 MiB filled with 0x11 and 0x22, and node `src` of project `p`
 * whose guest wrote 0xab at 1 MiB of its hda, over the first image.
 */
async function lab() {
  const dataDir = tempDir("qemu-disk-copy-");
  const imageDir = join(dataDir, "images", "QEMU");
  mkdirSync(imageDir, { recursive: true });
  const image = (name: string, pattern: number) => {
    const path = join(imageDir, name);
    execFileSync("qemu-img", ["create", "-q", "-f", "raw", path, "4M"]);
    writePattern(path, "raw", pattern, 0, 4 * MiB);
    return path;
  };
  const base = image("base.img", 0x11);
  image("other.img", 0x22);
  const sourceDir = join(dataDir, "qemu", "p", "src");
  const source = overlayPath(sourceDir, "hda");
  mkdirSync(sourceDir, { recursive: true });
  await ensureLinkedClone("qemu-img", base, source);
  writePattern(source, "qcow2", 0xab, MiB, KiB64);
  const workDir = join(dataDir, "qemu", "p", "dup");
  return { dataDir, base, source, sourceDir, workDir, folders: { workDir, sourceDir, imageDir } };
}

describe.skipIf(!hasQemuDiskTools)("copyDuplicatedDisks", () => {
  it("makes the duplicate's disk a copy of the original's, over the same image, which stays as it was", async () => {
    const { base, source, workDir, folders } = await lab();
    const baseMd5 = md5(base);
    await copyDuplicatedDisks("dup", spec([["hda", "base.img"]]), folders);

    const copy = overlayPath(workDir, "hda");
    expect(holdsPattern(copy, 0xab, MiB, KiB64)).toBe(true);
    expect(holdsPattern(copy, 0x11, 0, MiB)).toBe(true);
    expect(execFileSync("qemu-img", ["compare", "-f", "qcow2", "-F", "qcow2", source, copy], { encoding: "utf8" })).toContain("Images are identical");
    const info = JSON.parse(execFileSync("qemu-img", ["info", "--output=json", copy], { encoding: "utf8" }));
    expect(info).toMatchObject({ format: "qcow2", "backing-filename": base, "backing-filename-format": "raw" });
    expect(readdirSync(workDir)).toEqual(["hda_disk.qcow2"]);

    // From then on the two disks are apart: what the duplicate writes stays in its own.
    writePattern(copy, "qcow2", 0xcd, MiB, KiB64);
    expect(holdsPattern(source, 0xab, MiB, KiB64)).toBe(true);
    expect(md5(base)).toBe(baseMd5);
  });

  it("copies every disk slot the original has, and never a CD-ROM", async () => {
    const { base, sourceDir, workDir, folders } = await lab();
    const hdb = overlayPath(sourceDir, "hdb");
    await ensureLinkedClone("qemu-img", base, hdb);
    writePattern(hdb, "qcow2", 0x5a, 0, KiB64);
    await copyDuplicatedDisks("dup", spec([["hda", "base.img"], ["hdb", "base.img"], ["cdrom", "base.img"]]), folders);
    expect(readdirSync(workDir).sort()).toEqual(["hda_disk.qcow2", "hdb_disk.qcow2"]);
    expect(holdsPattern(overlayPath(workDir, "hdb"), 0x5a, 0, KiB64)).toBe(true);
  });

  it("leaves a disk the duplicate has alone, so naming the original again changes nothing", async () => {
    const { base, workDir, folders } = await lab();
    const own = overlayPath(workDir, "hda");
    mkdirSync(workDir, { recursive: true });
    await ensureLinkedClone("qemu-img", base, own);
    const made = statSync(own);
    await copyDuplicatedDisks("dup", spec([["hda", "base.img"]]), folders);
    expect(statSync(own).ino).toBe(made.ino);
    expect(holdsPattern(own, 0x11, MiB, KiB64)).toBe(true);
  });

  it("makes nothing where there is nothing to copy: no original here, its disk over another image, no linked clone", async () => {
    const { dataDir, workDir, folders } = await lab();
    await copyDuplicatedDisks("dup", spec([["hda", "base.img"]]), { ...folders, sourceDir: join(dataDir, "qemu", "p", "elsewhere") });
    await copyDuplicatedDisks("dup", spec([["hda", "other.img"]]), folders);
    await copyDuplicatedDisks("dup", spec([["hda", "base.img"]], { linkedClone: false }), folders);
    expect(existsSync(overlayPath(workDir, "hda"))).toBe(false);
  });

  it("refuses while a VM holds the original's disk, leaving nothing behind, and copies once it is let go", async () => {
    const { source, workDir, folders } = await lab();
    const release = await holdDiskOpen(source);
    later(release);
    await expect(copyDuplicatedDisks("dup", spec([["hda", "base.img"]]), folders)).rejects.toThrow(
      /^cannot copy disk hda of the node this one duplicates \(the VM of the node this one duplicates runs: stop it, then start this one\): .*lock/,
    );
    expect(readdirSync(workDir)).toEqual([]);

    await release();
    await copyDuplicatedDisks("dup", spec([["hda", "base.img"]]), folders);
    expect(holdsPattern(overlayPath(workDir, "hda"), 0xab, MiB, KiB64)).toBe(true);
  });
});
