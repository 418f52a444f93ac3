/** A real small disk to fill, for the tests of a full disk in the controller and the daemon. */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Why a small tmpfs cannot be mounted here (not root, or mounting refused), or undefined when
 * it can: tests of a full disk use a real one, whose kernel says "no space left on device".
 */
export function smallDiskSkipReason(): string | undefined {
  if (process.getuid?.() !== 0) return "mounting a small tmpfs needs root";
  const probe = mkdtempSync(join(tmpdir(), "small-disk-probe-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe], { stdio: "pipe" });
    execFileSync("umount", [probe], { stdio: "pipe" });
    return undefined;
  } catch (error) {
    return `mount -t tmpfs is refused here: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

export interface SmallDisk {
  readonly path: string;
  /** Takes `bytes` of the disk in a file of its own; deleting it stands for the user freeing space. */
  takeSpace(bytes: number): () => void;
  unmount(): Promise<void>;
}

/** A tmpfs of `kib` KiB mounted on `path` (created if needed; left in place, empty, after unmounting). */
export function mountSmallDisk(path: string, kib: number): SmallDisk {
  mkdirSync(path, { recursive: true });
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${kib}k`, "tmpfs", path], { stdio: "pipe" });
  let ballasts = 0;
  return {
    path,
    takeSpace(bytes) {
      const ballast = join(path, `.ballast-${ballasts++}`);
      writeFileSync(ballast, new Uint8Array(bytes));
      return () => unlinkSync(ballast);
    },
    // A process that still holds a file on it (a daemon being killed) keeps it busy a moment.
    async unmount() {
      for (let attempt = 0; attempt < 50; attempt++) {
        try {
          execFileSync("umount", [path], { stdio: "pipe" });
          return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      execFileSync("umount", ["--lazy", path]);
    },
  };
}
