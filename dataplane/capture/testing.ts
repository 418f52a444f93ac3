/** Reads a pcap file back with the real tcpdump, the oracle for what we write. */
import { spawnSync } from "node:child_process";

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
