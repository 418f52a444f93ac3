import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "@shared/testing/cleanups";
import { ensureGrown, ensureLinkedClone, overlayPath } from "./qemu-images";
import { hasQemuDiskTools, writePattern, holdsPattern } from "./testing/qemu-disks";

const { tempDir } = cleanupAfterEach();
const MiB = 1024 * 1024;

const virtualSize = (path: string) => JSON.parse(execFileSync("qemu-img", ["info", "-U", "--output=json", path], { encoding: "utf8" }))["virtual-size"] as number;

describe.skipIf(!hasQemuDiskTools)("a linked clone's disk grown by resize_disk", () => {
  it("grows to the image's size plus what was asked, keeps what the guest wrote, and never shrinks", async () => {
    const dir = tempDir("qemu-growth-");
    const image = join(dir, "base.img");
    execFileSync("qemu-img", ["create", "-q", "-f", "raw", image, "4M"]);
    const overlay = overlayPath(dir, "hda");
    await ensureLinkedClone("qemu-img", image, overlay);
    writePattern(overlay, "qcow2", 0xab, MiB, 64 * 1024);

    await ensureGrown("qemu-img", image, overlay, 0);
    expect(virtualSize(overlay)).toBe(4 * MiB);
    await ensureGrown("qemu-img", image, overlay, 12);
    expect(virtualSize(overlay)).toBe(16 * MiB);
    expect(holdsPattern(overlay, 0xab, MiB, 64 * 1024)).toBe(true);
    // Every start asks again: nothing changes once it is that large.
    await ensureGrown("qemu-img", image, overlay, 12);
    expect(virtualSize(overlay)).toBe(16 * MiB);
    // A smaller total (an older record) never shrinks it.
    await ensureGrown("qemu-img", image, overlay, 4);
    expect(virtualSize(overlay)).toBe(16 * MiB);
    expect(virtualSize(image)).toBe(4 * MiB);
  });
});
