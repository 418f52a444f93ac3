import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** What a server holds, read from /proc: the same for Node and for workerd, whatever runs it. */
export interface ServerFigures {
  /** The process listening on the port. */
  pid: number;
  /** Its client connections: sockets on the port it still holds (closed ones the kernel finishes alone hold no descriptor). */
  connections: number;
  /** Every file descriptor it holds: sockets, files being uploaded, pipes. */
  descriptors: number;
  residentMiB: number;
}

const LISTEN = "0A";
/** The inode of a socket no process holds any more (TIME_WAIT, an orphaned FIN_WAIT). */
const ORPHANED = "0";

interface TcpEntry {
  localPort: number;
  remotePort: number;
  state: string;
  inode: string;
}

function tcpEntries(): TcpEntry[] {
  const entries: TcpEntry[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(table, "latin1");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      entries.push({ localPort: parseInt(fields[1]!.split(":")[1]!, 16), remotePort: parseInt(fields[2]!.split(":")[1]!, 16), state: fields[3]!, inode: fields[9]! });
    }
  }
  return entries;
}

/** The pid whose descriptors include the socket listening on `port`. */
export function listeningProcess(port: number): number | undefined {
  const listening = tcpEntries().find((entry) => entry.localPort === port && entry.state === LISTEN);
  if (!listening) return undefined;
  const target = `socket:[${listening.inode}]`;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let descriptors: string[];
    try {
      descriptors = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const descriptor of descriptors) {
      try {
        if (readlinkSync(`/proc/${entry}/fd/${descriptor}`) === target) return Number(entry);
      } catch {
        // Closed while we looked.
      }
    }
  }
  return undefined;
}

export function serverFigures(port: number, pid: number): ServerFigures {
  const connections = tcpEntries().filter((entry) => entry.localPort === port && entry.state !== LISTEN && entry.inode !== ORPHANED).length;
  const descriptors = readdirSync(`/proc/${pid}/fd`).length;
  const status = readFileSync(`/proc/${pid}/status`, "latin1");
  const residentMiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  return { pid, connections, descriptors, residentMiB: Math.round(residentMiB * 10) / 10 };
}

/** Whether the server on `serverPort` still holds its end of the connection from the client's `clientPort`. */
export function serverHolds(serverPort: number, clientPort: number): boolean {
  return tcpEntries().some((entry) => entry.localPort === serverPort && entry.remotePort === clientPort && entry.inode !== ORPHANED);
}

/** What a process's descriptors point at, counted by kind ("socket", "pipe", a file's name): says what leaked when their number grew. */
export function descriptorKinds(pid: number): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const descriptor of readdirSync(`/proc/${pid}/fd`)) {
    let target: string;
    try {
      target = readlinkSync(`/proc/${pid}/fd/${descriptor}`);
    } catch {
      continue;
    }
    const kind = target.replace(/:\[\d+\]$/, "").replace(/^.*\//, "");
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return kinds;
}
