/** Reads a pcap file back with the real tcpdump, the oracle for what we write; a real small disk to fill. */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface TcpdumpRecord {
  /** Seconds since the epoch, as tcpdump prints them with -tt (microsecond precision). */
  readonly timestamp: number;
  /** The frame's length on the wire (pcap `len`). */
  readonly length: number;
  /** The captured bytes (pcap `caplen` of them). */
  readonly bytes: Buffer;
}

export function readWithTcpdump(path: string): { linkType: string; snaplen: number; records: TcpdumpRecord[] } {
  const run = spawnSync("tcpdump", ["-r", path, "-tt", "-n", "-e", "-xx"], { encoding: "utf8", maxBuffer: 256 << 20 });
  if (run.status !== 0) throw new Error(`tcpdump -r ${path} failed: ${run.stderr}`);
  // tcpdump names the file's link type and snaplen on stderr before the records.
  const described = /link-type (\S+) .*snapshot length (\d+)/.exec(run.stderr);
  if (!described) throw new Error(`tcpdump did not describe ${path}: ${run.stderr}`);
  const records: { timestamp: number; length: number; hex: string[] }[] = [];
  for (const line of run.stdout.split("\n")) {
    const data = /^\s+0x[0-9a-f]+:\s+(.*)$/.exec(line);
    if (data) {
      records.at(-1)?.hex.push(data[1]!.replace(/\s+/g, ""));
      continue;
    }
    const header = /^(\d+\.\d{6}) .*?length (\d+)/.exec(line);
    if (header) records.push({ timestamp: Number(header[1]), length: Number(header[2]), hex: [] });
  }
  return {
    linkType: described[1]!,
    snaplen: Number(described[2]),
    records: records.map(({ timestamp, length, hex }) => ({ timestamp, length, bytes: Buffer.from(hex.join(""), "hex") })),
  };
}

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
