/**
 * The daemon's forwarding, measured as users run it: its forwarding core in its own process
 * (bench/dataplane/daemon-child.ts: `createHostForwarding`, bundled, under plain Node; desired
 * states come from this bench instead of a controller), traffic from a C generator to a C
 * receiver (sendmmsg/recvmmsg, built here with gcc), beside three references: the generator
 * straight into the receiver (no relay: what loopback itself carries, the kernel's limit), a C
 * relay (recvmmsg/sendmmsg, one thread, no filters), and GNS3's ubridge when `UBRIDGE` names a
 * build of it. Runs interleaved so that a busy moment of the machine hits every row alike,
 * medians of REPS runs:
 * - frames/s through one link (between two UDP tunnels, as VM↔VM) and through cloud → hub →
 *   cloud, 64 and 1400 bytes, and the same link with `delay [100, 0]`;
 * - eight such hub paths busy at once, each with its own generator and receiver;
 * - cloud → 3 switches → cloud (4 links); the highest offered rate with ≤ 1 % loss (64 bytes);
 * - CPU per forwarded frame; resident memory and CPU of 1,000 idle links;
 * - the native (recvmmsg/sendmmsg addon) path next to the node:dgram fallback;
 * - host devices as cloud ports (root only): UDP → TAP → bridge → TAP → UDP and UDP →
 *   AF_PACKET → veth → AF_PACKET → UDP, next to the UDP → UDP link, 64 and 1400 bytes.
 *
 *   npm run bench -- dataplane          (BENCH_SECONDS=2 BENCH_REPS=3 by default;
 *                                        UBRIDGE=/path/to/ubridge adds ubridge's rows)
 *
 * Generators, receivers and forwarders share the machine's 2 cores: the ratios between rows of
 * one run are the figures that matter.
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
  type ForwarderProcess,
} from "./dataplane/tools";
import { benchDevicesUnavailable, makeBenchDevices } from "./dataplane/devices";
import { deviceChain, deviceLoop, emptyState, idleLinks, parallelChains, singleLink, type Ends } from "./dataplane/topologies";
import { startUbridge, ubridgeBinary } from "./dataplane/ubridge";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const REPS = Number(process.env.BENCH_REPS ?? 3);
const PATHS = 8;
const DELAY: Filter[] = [{ type: "delay", numbers: [100, 0], text: "" }];

interface Run {
  readonly perSecond: number;
  readonly lossPercent: number;
  readonly cpuNsPerFrame: number;
  readonly reordered: number;
}

const tool = buildUdpTool();
const ubridge = ubridgeBinary();
if (ubridge === null) console.log("note: no ubridge rows (UBRIDGE=/path/to/ubridge adds them)");
const daemons = { native: await startDaemon(true), dgram: await startDaemon(false) };
for (const [name, daemon] of Object.entries(daemons)) {
  const { path } = await daemon.usage();
  if (path !== name) console.log(`note: the ${name} daemon runs on ${path} (the native addon is not built: npm ci builds it)`);
}
let revision = 1;

async function freshEnds(count = 1): Promise<Ends[]> {
  const ports = await freePorts(4 * count);
  return Array.from({ length: count }, (_, index) => {
    const [generator, daemonIn, daemonOut, receiver] = ports.slice(4 * index, 4 * index + 4) as [number, number, number, number];
    return { generator, daemonIn, daemonOut, receiver };
  });
}

/**
 * One run through whatever forwards from each path's `daemonIn` to its `receiver`, every
 * path's generator at once; `pids` are the forwarders' processes (their CPU per frame). The
 * rate is the sum of the paths' rates.
 */
async function measure(paths: readonly Ends[], pids: readonly number[], bytes: number, rate: number, extraMs = 0, ethertype?: number): Promise<Run> {
  const receivers = await Promise.all(paths.map((ends) => startReceiver(tool, ends.receiver, SECONDS + 3 + extraMs / 1000)));
  const cpuOf = () => pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
  const cpuBefore = cpuOf();
  const sent = await Promise.all(paths.map((ends) => generate(tool, ends.generator, ends.daemonIn, bytes, rate, SECONDS, ethertype)));
  const received = await Promise.all(receivers.map((receiver) => receiver.result));
  const cpuMs = cpuOf() - cpuBefore;
  const frames = received.reduce((sum, path) => sum + path.frames, 0);
  const offered = sent.reduce((sum, count) => sum + count, 0);
  return {
    perSecond: received.reduce((sum, path) => sum + path.frames / Math.max(path.spanMs / 1000, 1e-3), 0),
    lossPercent: offered > 0 ? 100 * (1 - frames / offered) : 0,
    cpuNsPerFrame: pids.length > 0 && frames > 0 ? (cpuMs * 1e6) / frames : Number.NaN,
    reordered: received.reduce((sum, path) => sum + path.reordered, 0),
  };
}

type Forwarder = (bytes: number, rate: number) => Promise<Run>;

function throughDaemon(daemon: DaemonProcess, state: (revision: number, paths: Ends[]) => DesiredHostState, pathCount = 1, extraMs = 0, ethertype?: number): Forwarder {
  return async (bytes, rate) => {
    const paths = await freshEnds(pathCount);
    const errors = await daemon.apply(state(revision++, paths));
    if (errors.length > 0) throw new Error(`the daemon refused the state: ${JSON.stringify(errors)}`);
    try {
      return await measure(paths, [daemon.pid], bytes, rate, extraMs, ethertype);
    } finally {
      await daemon.apply(emptyState(revision++));
    }
  };
}

/** A C reference relay process per path. */
function referenceRelays(pathCount = 1): Forwarder {
  return async (bytes, rate) => {
    const paths = await freshEnds(pathCount);
    const relays = await Promise.all(paths.map((ends) => startReferenceRelay(tool, ends.daemonIn, ends.generator, ends.daemonOut, ends.receiver)));
    try {
      return await measure(paths, relays.map((relay) => relay.pid), bytes, rate);
    } finally {
      await Promise.all(relays.map((relay) => relay.stop()));
    }
  };
}

/** One ubridge process with a bridge per path, as GNS3 runs it. */
function ubridgeBridges(binary: string, pathCount = 1): Forwarder {
  return async (bytes, rate) => {
    const paths = await freshEnds(pathCount);
    const bridges = paths.map((ends) => ({ portA: ends.daemonIn, peerA: ends.generator, portB: ends.daemonOut, peerB: ends.receiver }));
    const process: ForwarderProcess = await startUbridge(binary, bridges);
    try {
      return await measure(paths, [process.pid], bytes, rate);
    } finally {
      await process.stop();
    }
  };
}

/** Each path's generator straight into its receiver: what loopback carries with no forwarder at all. */
function noRelay(pathCount = 1): Forwarder {
  return async (bytes, rate) => {
    const paths = await freshEnds(pathCount);
    return measure(
      paths.map((ends) => ({ ...ends, daemonIn: ends.receiver })),
      [],
      bytes,
      rate,
    );
  };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Every forwarder REPS times, interleaved; the median run of each (by frames/s). */
async function sideBySide(forwarders: Record<string, Forwarder | null>, bytes: number): Promise<Record<string, Run>> {
  const runs: Record<string, Run[]> = {};
  for (let rep = 0; rep < REPS; rep++) {
    for (const [name, forwarder] of Object.entries(forwarders)) if (forwarder !== null) (runs[name] ??= []).push(await forwarder(bytes, 0));
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
const ratio = (value: number, of: number | undefined) => (of === undefined || !(of > 0) ? "—" : `${(value / of).toFixed(2)}×`);
const ns = (run: Run | undefined) => (run !== undefined && Number.isFinite(run.cpuNsPerFrame) ? `${run.cpuNsPerFrame.toFixed(0)} ns` : "—");
const rows: string[][] = [];

/** The references of a set of runs: the C relay, ubridge (when measured) and the no-relay limit. */
interface References {
  readonly relay: number;
  readonly ubridge?: number;
  readonly limit: number;
}
const referencesOf = (runs: Record<string, Run>): References => ({ relay: runs.reference!.perSecond, ubridge: runs.ubridge?.perSecond, limit: runs["no relay"]!.perSecond });
function row(what: string, run: Run, references: References, note = ""): void {
  const reordered = run.reordered > 0 ? ` (${run.reordered} reordered!)` : "";
  rows.push([what, kfps(run.perSecond) + note, ratio(run.perSecond, references.relay), ratio(run.perSecond, references.ubridge), ratio(run.perSecond, references.limit), ns(run) + reordered]);
}
function referenceRows(label: string, runs: Record<string, Run>, references: References): void {
  row(`${label}: no relay (the kernel's limit)`, runs["no relay"]!, references);
  row(`${label}: C reference relay`, runs.reference!, references);
  if (runs.ubridge !== undefined) row(`${label}: ubridge`, runs.ubridge, references);
}

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
    "",
    "",
  ]);
  await daemon.apply(emptyState(revision++));
}

console.log(`forwarding through the daemon as a process, 127.0.0.1, ${SECONDS} s per run, median of ${REPS}, runs interleaved`);
const single = (daemon: DaemonProcess, filters: Filter[] = []) => throughDaemon(daemon, (rev, [ends]) => singleLink(rev, ends!, filters), 1, filters.length > 0 ? 100 : 0);
const hub = (daemon: DaemonProcess) => throughDaemon(daemon, (rev, [ends]) => deviceChain(rev, ends!, NodeKind.ETHERNET_HUB, 1));
const singleRates: Record<number, Record<string, Run>> = {};
for (const bytes of [64, 1400]) {
  const runs = await sideBySide(
    {
      "no relay": noRelay(),
      reference: referenceRelays(),
      ubridge: ubridge === null ? null : ubridgeBridges(ubridge),
      native: single(daemons.native),
      dgram: single(daemons.dgram),
      "native delay": single(daemons.native, DELAY),
      "dgram delay": single(daemons.dgram, DELAY),
      "native hub": hub(daemons.native),
      "dgram hub": hub(daemons.dgram),
    },
    bytes,
  );
  singleRates[bytes] = runs;
  const references = referencesOf(runs);
  referenceRows(`one link, ${bytes} B`, runs, references);
  for (const path of ["native", "dgram"] as const) {
    row(`one link, ${bytes} B: daemon, ${path}`, runs[path]!, references);
    const delayed = runs[`${path} delay`]!;
    row(`one link, ${bytes} B, delay [100, 0]: daemon, ${path}`, delayed, references, ` (${ratio(delayed.perSecond, runs[path]!.perSecond)} undelayed)`);
    row(`cloud → hub → cloud, ${bytes} B: daemon, ${path}`, runs[`${path} hub`]!, references);
  }
}

for (const bytes of [64, 1400]) {
  const runs = await sideBySide(
    {
      "no relay": noRelay(PATHS),
      reference: referenceRelays(PATHS),
      ubridge: ubridge === null ? null : ubridgeBridges(ubridge, PATHS),
      native: throughDaemon(daemons.native, (rev, paths) => parallelChains(rev, paths, NodeKind.ETHERNET_HUB), PATHS),
    },
    bytes,
  );
  const label = `${PATHS} cloud → hub → cloud paths at once, ${bytes} B`;
  const references = referencesOf(runs);
  rows.push([`${label} (frames/s in all; C relay: one process a path; ubridge: one process, a bridge a path)`, "", "", "", "", ""]);
  referenceRows(label, runs, references);
  row(`${label}: daemon, native`, runs.native!, references);
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
          tap: throughDaemon(daemons.native, (rev, [ends]) => deviceLoop(rev, ends!, tap(devices.taps[0]), tap(devices.taps[1])), 1, 0, 0x88b5),
          packet: throughDaemon(daemons.native, (rev, [ends]) => deviceLoop(rev, ends!, ethernet(devices.veth[0]), ethernet(devices.veth[1]))),
        },
        bytes,
      );
      const references = referencesOf(singleRates[bytes]!);
      for (const [name, label] of [
        ["tap", "UDP → TAP → bridge → TAP → UDP"],
        ["packet", "UDP → AF_PACKET → veth → AF_PACKET → UDP"],
      ] as const) {
        row(`${label}, ${bytes} B: daemon, native`, runs[name]!, references, ` (${ratio(runs[name]!.perSecond, runs.udp!.perSecond)} of UDP → UDP)`);
      }
    }
  } finally {
    devices.remove();
  }
}

const chains = await sideBySide(
  {
    native: throughDaemon(daemons.native, (rev, [ends]) => deviceChain(rev, ends!, NodeKind.ETHERNET_SWITCH, 3)),
    dgram: throughDaemon(daemons.dgram, (rev, [ends]) => deviceChain(rev, ends!, NodeKind.ETHERNET_SWITCH, 3)),
  },
  64,
);
for (const path of ["native", "dgram"] as const) {
  const run = chains[path]!;
  row(`cloud → 3 switches → cloud (4 links), 64 B: daemon, ${path}`, run, referencesOf(singleRates[64]!), ` (${ratio(run.perSecond, singleRates[64]![path]!.perSecond)} of its one link)`);
}

const ceiling = Math.max(...Object.values(singleRates[64]!).map((run) => run.perSecond)) * 1.5;
const lossFree = {
  reference: await lossFreeRate(referenceRelays(), 10_000, ceiling, 6),
  ubridge: ubridge === null ? 0 : await lossFreeRate(ubridgeBridges(ubridge), 10_000, ceiling, 6),
  native: await lossFreeRate(single(daemons.native), 10_000, ceiling, 6),
  dgram: await lossFreeRate(single(daemons.dgram), 10_000, ceiling, 6),
};
for (const [name, rate] of Object.entries(lossFree)) {
  if (name === "ubridge" && ubridge === null) continue;
  const label = { reference: "C reference relay", ubridge: "ubridge" }[name] ?? `daemon, ${name}`;
  rows.push([`highest rate with ≤ 1 % loss, 64 B, one link: ${label}`, kfps(rate), ratio(rate, lossFree.reference), ubridge === null ? "—" : ratio(rate, lossFree.ubridge), "—", "—"]);
}

await Promise.all(Object.values(daemons).map((daemon) => daemon.stop()));
rows.push(...idleRows);

const header = ["what", "frames/s (median)", "× C relay", "× ubridge", "× no relay", "CPU per frame"];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((cells) => cells[column]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
console.log(line(header));
console.log(`|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
for (const cells of rows) console.log(line(cells));
