import { readFile, statfs } from "node:fs/promises";
import { cpus, freemem, loadavg, totalmem } from "node:os";
import { hostNetworkInterfaces } from "@shared/host/network-interfaces";
import { qemuBinariesOnPath } from "@shared/qemu/binaries-on-path";
import type { ComputeStatistics } from "@shared/schemas/compute";
import type { LocalHost } from "../deps";

export interface NodeLocalHostOptions {
  /** The port the API listens on. */
  port: number;
  /** Where projects and images are kept: its file system's use is the disk use reported. */
  dataDir: string;
  usage: () => { cpu_usage_percent: number };
}

/** The machine `npm start` runs on, read from the OS each time a client asks. */
export function nodeLocalHost(options: NodeLocalHostOptions): LocalHost {
  return {
    port: options.port,
    statistics: () => hostStatistics(options),
    qemuBinaries: () => qemuBinariesOnPath(process.env.PATH ?? ""),
    networkInterfaces: hostNetworkInterfaces,
  };
}

async function hostStatistics(options: NodeLocalHostOptions): Promise<ComputeStatistics> {
  const memoryTotal = totalmem();
  const memoryFree = freemem();
  const swap = await swapBytes();
  const cores = cpus().length || 1;
  return {
    cpu_usage_percent: Math.trunc(options.usage().cpu_usage_percent),
    disk_usage_percent: await diskUsagePercent(options.dataDir),
    load_average_percent: loadavg().map((load) => Math.trunc((load / cores) * 100)),
    memory_free: memoryFree,
    memory_total: memoryTotal,
    memory_usage_percent: percent(memoryTotal - memoryFree, memoryTotal),
    memory_used: memoryTotal - memoryFree,
    swap_free: swap.free,
    swap_total: swap.total,
    swap_usage_percent: percent(swap.total - swap.free, swap.total),
    swap_used: swap.total - swap.free,
  };
}

function percent(part: number, whole: number): number {
  return whole > 0 ? Math.trunc((part / whole) * 100) : 0;
}

/** Linux tells swap in /proc/meminfo; elsewhere it is reported as none. */
async function swapBytes(): Promise<{ total: number; free: number }> {
  const meminfo = await readFile("/proc/meminfo", "utf8").catch(() => "");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(meminfo)?.[1] ?? 0) * 1024;
  return { total: kib("SwapTotal"), free: kib("SwapFree") };
}

/** Used space over what users may use (root's reserve left out), as `df` and GNS3 count it. */
async function diskUsagePercent(dataDir: string): Promise<number> {
  const disk = await statfs(dataDir).catch(() => undefined);
  if (!disk) return 0;
  const used = (disk.blocks - disk.bfree) * disk.bsize;
  return percent(used, used + disk.bavail * disk.bsize);
}
