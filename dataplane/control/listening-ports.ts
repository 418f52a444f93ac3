import { readFile } from "node:fs/promises";

/** TCP_LISTEN in the kernel's `st` column of /proc/net/tcp. */
const LISTEN = "0A";

/**
 * The local ports of the listening sockets in a /proc/net/tcp or tcp6 table: what a `bind` to
 * that port would be refused for, read without binding anything (a probe that binds each port
 * of a range would race the programs starting on it).
 */
export function listeningPortsIn(table: string): number[] {
  const ports: number[] = [];
  for (const line of table.split("\n").slice(1)) {
    const [, local, , state] = line.trim().split(/\s+/);
    if (state !== LISTEN || local === undefined) continue;
    const port = Number.parseInt(local.slice(local.lastIndexOf(":") + 1), 16);
    if (Number.isInteger(port)) ports.push(port);
  }
  return ports;
}

/** Every TCP port something listens on here, IPv4 and IPv6; none where /proc cannot be read. */
export async function listeningTcpPorts(): Promise<Set<number>> {
  const tables = await Promise.all(["/proc/net/tcp", "/proc/net/tcp6"].map((path) => readFile(path, "utf8").catch(() => "")));
  return new Set(tables.flatMap(listeningPortsIn));
}
