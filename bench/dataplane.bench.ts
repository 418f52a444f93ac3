/**
 * The daemon's forwarding, measured as users run it: its forwarding core in its own process
 * (bench/dataplane/daemon-child.ts: `createHostForwarding`, bundled, under plain Node; desired
 * states come from this bench instead of a controller), traffic from a C generator to a C
 * receiver (sendmmsg/recvmmsg, built here with gcc), and a C reference relay (recvmmsg/sendmmsg,
 * one thread, no filters) as the physical-limit line. Side by side in one run, runs interleaved
 * so that a busy moment of the machine hits every row alike, medians of REPS runs:
 * - frames/s through one link (between two UDP tunnels, as VM↔VM), 64 and 1400 bytes;
 * - the same with `delay [100, 0]`; cloud → hub → cloud; cloud → 3 switches → cloud (4 links);
 * - the highest offered rate with ≤ 1 % loss (64 bytes);
 * - CPU per forwarded frame; resident memory and CPU of 1,000 idle links;
 * - the native (recvmmsg/sendmmsg addon) path next to the node:dgram fallback;
 * - host devices as cloud ports (root only): UDP → TAP → bridge → TAP → UDP and UDP →
 *   AF_PACKET → veth → AF_PACKET → UDP, next to the UDP → UDP link, 64 and 1400 bytes.
 *
 *   npm run bench -- dataplane          (BENCH_SECONDS=2 BENCH_REPS=3 by default)
 *
 * Generator, receiver and forwarder are three processes on the machine's 2 cores: the ratios
 * between rows are the figures that matter.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { HostDeviceKind, NodeKind, type DesiredHostState, type Filter } from "@shared/proto";
import {
  buildUdpTool,
  cpuMsOf,
  freePort,
  freePorts,
  generate,
  startDaemon,
  startReceiver,
  startReferenceRelay,
  type DaemonProcess,
} from "./dataplane/tools";
import { benchDevicesUnavailable, makeBenchDevices } from "./dataplane/devices";
import { deviceChain, deviceLoop, emptyState, idleLinks, singleLink, type Ends } from "./dataplane/topologies";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const REPS = Number(process.env.BENCH_REPS ?? 3);
const DELAY: Filter[] = [{ type: "delay", numbers: [100, 0], text: "" }];

interface Run {
  readonly perSecond: number;
  readonly lossPercent: number;
  readonly cpuNsPerFrame: number;
  readonly reordered: number;
}

const tool = buildUdpTool();
const daemons = { native: await startDaemon(true), dgram: await startDaemon(false) };
for (const [name, daemon] of Object.entries(daemons)) {
  const { path } = await daemon.usage();
  if (path !== name) console.log(`note: the ${name} daemon runs on ${path} (the native addon is not built: npm ci builds it)`);
}
let revision = 1;

async function freshEnds(): Promise<Ends> {
  const [generator, daemonIn, daemonOut, receiver] = await freePorts(4);
  return { generator: generator!, daemonIn: daemonIn!, daemonOut: daemonOut!, receiver: receiver! };
}

/** One run through whatever forwards from `ends.daemonIn` to `ends.receiver`, `pid` being its process. */
async function measure(ends: Ends, pid: number | null, bytes: number, rate: number, extraMs = 0, ethertype?: number): Promise<Run> {
  const { result } = await startReceiver(tool, ends.receiver, SECONDS + 3 + extraMs / 1000);
  const cpuBefore = pid === null ? 0 : cpuMsOf(pid);
  const sent = await generate(tool, ends.generator, ends.daemonIn, bytes, rate, SECONDS, ethertype);
  const received = await result;
  const cpuMs = pid === null ? 0 : cpuMsOf(pid) - cpuBefore;
  return {
    perSecond: received.frames / Math.max(received.spanMs / 1000, 1e-3),
    lossPercent: sent > 0 ? 100 * (1 - received.frames / sent) : 0,
    cpuNsPerFrame: received.frames > 0 ? (cpuMs * 1e6) / received.frames : Number.NaN,
    reordered: received.reordered,
  };
}

type Forwarder = (bytes: number, rate: number) => Promise<Run>;

function throughDaemon(daemon: DaemonProcess, state: (revision: number, ends: Ends) => DesiredHostState, extraMs = 0, ethertype?: number): Forwarder {
  return async (bytes, rate) => {
    const ends = await freshEnds();
    const errors = await daemon.apply(state(revision++, ends));
    if (errors.length > 0) throw new Error(`the daemon refused the state: ${JSON.stringify(errors)}`);
    try {
      return await measure(ends, daemon.pid, bytes, rate, extraMs, ethertype);
    } finally {
      await daemon.apply(emptyState(revision++));
    }
  };
}

const referenceRelay: Forwarder = async (bytes, rate) => {
  const ends = await freshEnds();
  const relay = await startReferenceRelay(tool, ends.daemonIn, ends.generator, ends.daemonOut, ends.receiver);
  try {
    return await measure(ends, relay.pid, bytes, rate);
  } finally {
    await relay.stop();
  }
};

/** The generator straight into the receiver: what loopback carries with no forwarder at all. */
const noRelay: Forwarder = async (bytes, rate) => {
  const ends = await freshEnds();
  return measure({ ...ends, daemonIn: ends.receiver }, null, bytes, rate);
};

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Every forwarder REPS times, interleaved; the median run of each (by frames/s). */
async function sideBySide(forwarders: Record<string, Forwarder>, bytes: number): Promise<Record<string, Run>> {
  const runs: Record<string, Run[]> = {};
  for (let rep = 0; rep < REPS; rep++) {
    for (const [name, forwarder] of Object.entries(forwarders)) (runs[name] ??= []).push(await forwarder(bytes, 0));
  }
  return Object.fromEntries(
    Object.entries(runs).map(([name, list]) => {
      const middle = median(list.map((run) => run.perSecond));
      return [name, list.find((run) => run.perSecond === middle)!];
    }),
  );
}

/** Highest offered rate (frames/s) that loses ≤ 1 %, by bisection between `low` and `high`. */
async function lossFreeRate(forwarder: Forwarder, low: number, high: number, steps: number): Promise<number> {
  let best = 0;
  for (let step = 0; step < steps; step++) {
    const rate = Math.round((low + high) / 2);
    const run = await forwarder(64, rate);
    if (run.lossPercent <= 1) {
      best = rate;
      low = rate;
    } else high = rate;
  }
  return best;
}

const kfps = (value: number) => `${(value / 1000).toFixed(0)} k/s`;
const ratio = (value: number, of: number) => `${(value / of).toFixed(2)}×`;
const ns = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ns` : "—");
const rows: string[][] = [];
const row = (...cells: string[]) => rows.push(cells);

// Idle links first, on daemons that have forwarded nothing yet: no heap grown by traffic in the figure.
const idleRows: string[][] = [];
const IDLE_LINKS = 1000;
for (const [name, daemon] of Object.entries(daemons)) {
  // Once before measuring: the code paths compiled and the heap sized for them are not the links' cost.
  await daemon.apply(idleLinks(revision++, IDLE_LINKS, await freePort()));
  await daemon.apply(emptyState(revision++));
  const before = await daemon.usage();
  const errors = await daemon.apply(idleLinks(revision++, IDLE_LINKS, await freePort()));
  if (errors.length > 0) throw new Error(`idle links refused: ${JSON.stringify(errors.slice(0, 3))}`);
  await sleep(500);
  const loaded = await daemon.usage();
  const cpuBefore = cpuMsOf(daemon.pid);
  await sleep(3000);
  const idleCpuPercent = ((cpuMsOf(daemon.pid) - cpuBefore) / 3000) * 100;
  idleRows.push([
    `${IDLE_LINKS.toLocaleString("en")} idle links: daemon, ${name}`,
    `${((loaded.rssBytes - before.rssBytes) / IDLE_LINKS / 1024).toFixed(1)} KiB RSS/link`,
    `process ${(loaded.rssBytes / 1048576).toFixed(0)} MiB`,
    `${idleCpuPercent.toFixed(1)} % CPU idle`,
  ]);
  await daemon.apply(emptyState(revision++));
}

console.log(`forwarding through the daemon as a process, 127.0.0.1, ${SECONDS} s per run, median of ${REPS}, runs interleaved`);
const single = (daemon: DaemonProcess, filters: Filter[] = []) => throughDaemon(daemon, (rev, ends) => singleLink(rev, ends, filters), filters.length > 0 ? 100 : 0);
const singleRates: Record<number, Record<string, Run>> = {};
for (const bytes of [64, 1400]) {
  const runs = await sideBySide(
    {
      "no relay": noRelay,
      reference: referenceRelay,
      native: single(daemons.native),
      dgram: single(daemons.dgram),
      "native delay": single(daemons.native, DELAY),
      "dgram delay": single(daemons.dgram, DELAY),
    },
    bytes,
  );
  singleRates[bytes] = runs;
  const reference = runs.reference!.perSecond;
  row(`one link, ${bytes} B: C reference relay`, kfps(reference), "1.00×", ns(runs.reference!.cpuNsPerFrame));
  row(`one link, ${bytes} B: socket pair, no relay`, kfps(runs["no relay"]!.perSecond), ratio(runs["no relay"]!.perSecond, reference), "—");
  for (const name of ["native", "dgram", "native delay", "dgram delay"]) {
    const run = runs[name]!;
    const label = name.replace("delay", "delay [100, 0]");
    row(`one link, ${bytes} B: daemon, ${label}`, kfps(run.perSecond), ratio(run.perSecond, reference), ns(run.cpuNsPerFrame) + (run.reordered > 0 ? ` (${run.reordered} reordered!)` : ""));
  }
}

// Host devices: only the addon has them, and making them needs root.
const noDevices = benchDevicesUnavailable() ?? ((await daemons.native.usage()).path === "native" ? null : "the native addon is not built");
if (noDevices) {
  console.log(`note: no TAP and AF_PACKET rows: ${noDevices}`);
} else {
  const devices = makeBenchDevices();
  try {
    const tap = (name: string) => ({ kind: HostDeviceKind.TAP, interface: name });
    const ethernet = (name: string) => ({ kind: HostDeviceKind.ETHERNET, interface: name });
    for (const bytes of [64, 1400]) {
      const runs = await sideBySide(
        {
          udp: single(daemons.native),
          // Not IPv4: a host with br_netfilter loaded drops the generator's frames, bad IPv4, at the bridge.
          tap: throughDaemon(daemons.native, (rev, ends) => deviceLoop(rev, ends, tap(devices.taps[0]), tap(devices.taps[1])), 0, 0x88b5),
          packet: throughDaemon(daemons.native, (rev, ends) => deviceLoop(rev, ends, ethernet(devices.veth[0]), ethernet(devices.veth[1]))),
        },
        bytes,
      );
      const reference = singleRates[bytes]!.reference!.perSecond;
      const udp = runs.udp!.perSecond;
      for (const [name, label] of [
        ["tap", "UDP → TAP → bridge → TAP → UDP"],
        ["packet", "UDP → AF_PACKET → veth → AF_PACKET → UDP"],
      ] as const) {
        const run = runs[name]!;
        row(`${label}, ${bytes} B: daemon, native`, kfps(run.perSecond), `${ratio(run.perSecond, reference)} (${ratio(run.perSecond, udp)} of UDP → UDP)`, ns(run.cpuNsPerFrame));
      }
    }
  } finally {
    devices.remove();
  }
}

const chains = await sideBySide(
  {
    "native hub": throughDaemon(daemons.native, (rev, ends) => deviceChain(rev, ends, NodeKind.ETHERNET_HUB, 1)),
    "dgram hub": throughDaemon(daemons.dgram, (rev, ends) => deviceChain(rev, ends, NodeKind.ETHERNET_HUB, 1)),
    "native chain": throughDaemon(daemons.native, (rev, ends) => deviceChain(rev, ends, NodeKind.ETHERNET_SWITCH, 3)),
    "dgram chain": throughDaemon(daemons.dgram, (rev, ends) => deviceChain(rev, ends, NodeKind.ETHERNET_SWITCH, 3)),
  },
  64,
);
const reference64 = singleRates[64]!.reference!.perSecond;
for (const [name, label] of [
  ["hub", "cloud → hub → cloud (2 links)"],
  ["chain", "cloud → 3 switches → cloud (4 links)"],
] as const) {
  for (const path of ["native", "dgram"] as const) {
    const run = chains[`${path} ${name}`]!;
    const oneLink = singleRates[64]![path]!.perSecond;
    row(`${label}, 64 B: daemon, ${path}`, kfps(run.perSecond), `${ratio(run.perSecond, reference64)} (${ratio(run.perSecond, oneLink)} of its one link)`, ns(run.cpuNsPerFrame));
  }
}

const ceiling = Math.max(singleRates[64]!.reference!.perSecond, singleRates[64]!["no relay"]!.perSecond) * 1.5;
const lossFree = {
  reference: await lossFreeRate(referenceRelay, 10_000, ceiling, 6),
  native: await lossFreeRate(single(daemons.native), 10_000, ceiling, 6),
  dgram: await lossFreeRate(single(daemons.dgram), 10_000, ceiling, 6),
};
for (const [name, rate] of Object.entries(lossFree)) {
  row(`highest rate with ≤ 1 % loss, 64 B, one link: ${name === "reference" ? "C reference relay" : `daemon, ${name}`}`, kfps(rate), ratio(rate, lossFree.reference), "—");
}

await Promise.all(Object.values(daemons).map((daemon) => daemon.stop()));
rows.push(...idleRows);

const header = ["what", "frames/s (median)", "× C reference relay", "CPU per frame"];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((cells) => cells[column]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
console.log(line(header));
console.log(`|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
for (const cells of rows) console.log(line(cells));
