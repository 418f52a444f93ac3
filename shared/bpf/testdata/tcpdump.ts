import { execFile } from "node:child_process";
import { readPcap } from "./pcap";

/** What tcpdump made of one expression over one pcap file. */
export type TcpdumpVerdict = { ok: true; matched: number[] } | { ok: false; message: string };

/**
 * Runs `tcpdump -r file -w - -- expression` and returns the indices (timestamp seconds, see
 * writePcap) of the frames it kept. Writing a pcap instead of printing avoids dissecting
 * thousands of malformed frames; `--` keeps an expression starting with `-` an expression.
 */
export function runTcpdump(pcapPath: string, expression: string): Promise<TcpdumpVerdict> {
  return new Promise((resolve, reject) => {
    execFile(
      "tcpdump",
      ["-r", pcapPath, "-w", "-", "--", expression],
      { encoding: "buffer", maxBuffer: 1 << 28 },
      (error, stdout, stderr) => {
        if (error && error.code === "ENOENT") {
          reject(new Error("tcpdump is not installed: apt-get update && apt-get install -y tcpdump"));
          return;
        }
        if (error) {
          const message = stderr.toString().replace(/^reading from file.*\n/m, "").trim();
          resolve({ ok: false, message });
          return;
        }
        resolve({ ok: true, matched: readPcap(new Uint8Array(stdout)).frames.map((frame) => frame.seconds) });
      },
    );
  });
}

/** Runs `task` over `items` with at most `limit` in flight, keeping the order of results. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
