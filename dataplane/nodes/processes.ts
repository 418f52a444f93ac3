/**
 * Process bookkeeping for node runtimes on Linux. VPCS's console daemon runs the PC in a
 * child it creates with forkpty, in a session of its own, so killing our child's process
 * group misses it: descendants are read from /proc, remembered with their start time (pids
 * are reused) and signalled one by one.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { readFile } from "node:fs/promises";

export interface ProcessIdentity {
  readonly pid: number;
  /** Field 22 of /proc/<pid>/stat: start time in clock ticks since boot. */
  readonly startTime: string;
}

/** The process as it runs now, or undefined when it is gone (or a zombie). */
export function identify(pid: number): ProcessIdentity | undefined {
  const fields = statFields(pid);
  if (fields === undefined || fields[0] === "Z" || fields[0] === "X") return undefined;
  const startTime = fields[19];
  return startTime === undefined ? undefined : { pid, startTime };
}

/** Whether the same process (not a later one reusing its pid) is still alive. */
export function isAlive(process: ProcessIdentity): boolean {
  return identify(process.pid)?.startTime === process.startTime;
}

/** Every live descendant of `pid`, children before grandchildren. */
export function descendants(pid: number): ProcessIdentity[] {
  const found: ProcessIdentity[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const child of childrenOf(parent)) {
      const identity = identify(child);
      if (identity !== undefined) {
        found.push(identity);
        queue.push(child);
      }
    }
  }
  return found;
}

/** The program and arguments the process runs, or undefined when it is gone. */
export function commandLine(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "latin1").split("\0").slice(0, -1);
  } catch {
    return undefined;
  }
}

/** The process's current directory, or undefined when it is gone (or not ours to read). */
export function workingDirectory(pid: number): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return undefined;
  }
}

/**
 * Who has `port` right now: a TCP socket listening on it or a UDP socket bound to it, on any
 * address, held by one of `pids` ("ours"), only by other programs ("another"), or by nobody.
 * A program's own console is told from another one answering on the same port this way.
 * Only a reading of the tables begun at `since` or later is used: one begun before the caller
 * closed a probe of the port could take the probe for another program.
 */
export async function portHolder(protocol: "tcp" | "udp", port: number, pids: readonly number[], since = performance.now()): Promise<"ours" | "another" | "nobody"> {
  const sockets = (await socketTable(protocol, since)).get(port) ?? new Set<string>();
  if (sockets.size === 0) return "nobody";
  return pids.some((pid) => socketInodesOf(pid).some((inode) => sockets.has(inode))) ? "ours" : "another";
}

/** Signals the process only if it is still the one we started; never throws. */
export function signal(process: ProcessIdentity, name: NodeJS.Signals): void {
  if (!isAlive(process)) return;
  try {
    globalThis.process.kill(process.pid, name);
  } catch {
    // Exited between the check and the signal.
  }
}

/** Signals a whole process group; never throws. */
export function signalGroup(groupId: number, name: NodeJS.Signals): void {
  try {
    process.kill(-groupId, name);
  } catch {
    // The group is already empty.
  }
}

function childrenOf(pid: number): number[] {
  try {
    const tasks = readFileSync(`/proc/${pid}/task/${pid}/children`, "latin1");
    return tasks.split(" ").filter((part) => part !== "").map(Number);
  } catch {
    return [];
  }
}

/** Fields after the command name (which may contain spaces): state first. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/**
 * How long one reading of the socket tables serves. A hundred emulators starting at once each
 * poll for their ports every 20 ms, and the kernel writes out tables that grow with every
 * socket of the host: read by each of them, and on the daemon's thread, those readings took
 * that thread for seconds at a time (its progress reports came late, and the controller
 * answered 409 to a start that was working). Now they share one reading, done off the thread.
 */
const SOCKET_TABLE_FRESH_MS = 25;
const socketTables = new Map<string, { readAt: number; byPort: Promise<Map<number, Set<string>>> }>();

/** Listening TCP sockets or bound UDP sockets by local port, in this network namespace (IPv4 and IPv6). */
function socketTable(protocol: "tcp" | "udp", since: number): Promise<Map<number, Set<string>>> {
  const now = performance.now();
  const cached = socketTables.get(protocol);
  if (cached && cached.readAt >= since && now - cached.readAt < SOCKET_TABLE_FRESH_MS) return cached.byPort;
  const byPort = readSocketTable(protocol);
  socketTables.set(protocol, { readAt: now, byPort });
  return byPort;
}

async function readSocketTable(protocol: "tcp" | "udp"): Promise<Map<number, Set<string>>> {
  const byPort = new Map<number, Set<string>>();
  for (const table of [`/proc/net/${protocol}`, `/proc/net/${protocol}6`]) {
    let text: string;
    try {
      text = await readFile(table, "latin1");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      // sl, local address:port (hex), remote address, state (0A: TCP LISTEN), …, inode (10th field).
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      const localPort = local?.split(":")[1];
      if (localPort === undefined || inode === undefined) continue;
      if (protocol === "tcp" && state !== "0A") continue;
      const port = parseInt(localPort, 16);
      const inodes = byPort.get(port) ?? new Set<string>();
      inodes.add(inode);
      byPort.set(port, inodes);
    }
  }
  return byPort;
}

/** The inodes of the sockets the process has open (file descriptors that read `socket:[inode]`). */
function socketInodesOf(pid: number): string[] {
  let descriptors: string[];
  try {
    descriptors = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
  return descriptors.flatMap((descriptor) => {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${descriptor}`));
      return socket ? [socket[1]!] : [];
    } catch {
      return [];
    }
  });
}
