/** Reads a pcap file back with the real tcpdump, the oracle for what we write; and a disk that stalls. */
import { spawnSync } from "node:child_process";
import { closeSync, constants, openSync, readSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

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
 * The capture written into a named pipe stands for a disk that stalls: a write blocks once the
 * pipe's 64 KiB are full and goes on only as the test reads, so the test decides when the
 * "disk" catches up.
 */
export class StalledDisk {
  private readonly reader: number;
  private readonly received: Buffer[] = [];

  constructor(readonly path: string) {
    const made = spawnSync("mkfifo", [this.path]);
    if (made.status !== 0) throw new Error(`mkfifo: ${made.stderr}`);
    // A reader first, so opening the pipe for writing does not wait for one.
    this.reader = openSync(this.path, constants.O_RDONLY | constants.O_NONBLOCK);
  }

  /** Reads whatever the writer has written so far; false once the writer closed the pipe. */
  catchUp(): boolean {
    const buffer = Buffer.alloc(1 << 16);
    for (;;) {
      let read: number;
      try {
        read = readSync(this.reader, buffer);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EAGAIN") return true;
        throw error;
      }
      if (read === 0) return false;
      this.received.push(Buffer.from(buffer.subarray(0, read)));
    }
  }

  /** Keeps reading until `done` resolves (a write waiting on the pipe would never finish otherwise). */
  async drainUntil(done: Promise<unknown>): Promise<void> {
    let finished = false;
    void done.then(() => (finished = true));
    while (!finished) {
      this.catchUp();
      await sleep(2);
    }
    this.catchUp();
  }

  receivedBytes(): number {
    return this.received.reduce((total, chunk) => total + chunk.length, 0);
  }

  /** The records received, read back by tcpdump. */
  records(): TcpdumpRecord[] {
    const copy = `${this.path}.received`;
    writeFileSync(copy, Buffer.concat(this.received));
    return readWithTcpdump(copy).records;
  }

  close(): void {
    closeSync(this.reader);
  }
}
