/**
 * Filter fidelity: each filter type configured on a link relay between two real UDP sockets
 * on 127.0.0.1, and what the far socket measures, with the interval the measure must fall in
 * (±2 % for rates over 5 s; 99 % binomial, Gilbert-Elliott or geometric intervals for the
 * probabilities; the uniform range for delay and jitter). Then tc-netem's figures from a veth
 * pair between two network namespaces, when the machine allows it (root, iproute2, sch_netem).
 *
 *   npm run bench -- fidelity
 */
import { spawnSync } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import type { FilterSpec } from "../dataplane/filters/filter";
import { geometricMeanInterval, gilbertLossInterval, spec, Z99 } from "../dataplane/filters/testing";
import { makeFrame, openLinkHarness, sendPaced, sequenceOf, waitFor, type LinkHarness } from "../dataplane/forwarding/testing";

interface Row {
  filter: string;
  configured: string;
  measured: string;
  interval: string;
  within: boolean;
}
const rows: Row[] = [];

async function withLink<T>(filters: FilterSpec[], run: (link: LinkHarness) => Promise<T>): Promise<T> {
  const link = await openLinkHarness();
  const set = link.relay.setFilters(filters, false);
  if (!set.ok) throw new Error(set.message);
  try {
    return await run(link);
  } finally {
    await link.close();
  }
}

/**
 * Sends `count` frames A→B, never more than a window ahead of what reached B or was dropped,
 * so neither socket's buffer overflows and every loss is the filters' doing.
 */
async function sendAll(link: LinkHarness, count: number, length = 60): Promise<void> {
  const handled = () => {
    const counters = link.relay.counters().aToB;
    const dropped = counters.droppedLoss + counters.droppedLossBurst + counters.droppedRateQueueFull + counters.droppedDelayFull;
    return link.peerB.arrivals.length + dropped - counters.duplicated;
  };
  await sendPaced(link.peerA, count, (index) => makeFrame(index, length), handled, { timeoutMs: 120_000 });
  await waitFor(() => handled() === count, "every frame handled", 30_000);
}

function binomialRow(filter: string, percent: number, trials: number, hits: number): void {
  const p = percent / 100;
  const sigma = Math.sqrt(p * (1 - p) / trials);
  const low = p - Z99 * sigma;
  const high = p + Z99 * sigma;
  const share = hits / trials;
  rows.push({ filter, configured: `${percent} %`, measured: pct(share), interval: `${pct(low)} … ${pct(high)} (99 %, n=${trials})`, within: share >= low && share <= high });
}

function pct(share: number): string {
  return `${(share * 100).toFixed(2)} %`;
}

/** Holds the shaper's queue busy for `seconds` and measures the rate at which bytes arrive. */
async function measureRate(kilobits: number, length: number, seconds: number): Promise<void> {
  await withLink([spec("rate", kilobits, 0, 64 << 20)], async (link) => {
    const bitsPerSecond = kilobits * 1000;
    // Enough in the queue for 50 ms of the wire (at least 4 frames), to ride out a busy event loop.
    const backlog = Math.max(4, Math.ceil((bitsPerSecond * 0.05) / (length * 8)));
    const frame = makeFrame(0, length);
    let sent = 0;
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end) {
      const counters = link.relay.counters().aToB;
      // Frames the kernel dropped before the relay never arrive: count at most a backlog in flight.
      const inFlight = Math.min(sent - counters.framesIn, backlog);
      for (let more = 2 * backlog - counters.rateQueued - inFlight; more > 0; more--) {
        link.peerA.send(frame);
        sent += 1;
      }
      await sleep(1);
    }
    await sleep(20);
    await waitFor(() => link.relay.counters().aToB.rateQueued === 0, "the queue to drain", 30_000);
    await sleep(50);
    const arrivals = link.peerB.arrivals;
    const span = (arrivals.at(-1)!.at - arrivals[0]!.at) / 1000;
    const bytes = (arrivals.length - 1) * length;
    const measured = (bytes * 8) / span;
    const error = measured / bitsPerSecond - 1;
    const lost = link.relay.counters().aToB.framesOut - arrivals.length;
    const refused = link.relay.counters().aToB.droppedRateQueueFull;
    // Below the rate, the sender (same process) could not keep the queue full: not the shaper's doing.
    const offered = (link.relay.counters().aToB.bytesIn * 8) / span;
    rows.push({
      filter: "rate",
      configured: `${formatBits(bitsPerSecond)} (${length}-byte frames)`,
      measured: `${formatBits(measured)} over ${span.toFixed(2)} s (${error >= 0 ? "+" : ""}${(error * 100).toFixed(2)} %)${lost > 0 ? `, ${lost} lost by the kernel` : ""}${refused > 0 ? `, ${refused} tail drops` : ""}${offered < bitsPerSecond * 0.99 ? `, offered only ${formatBits(offered)}` : ""}`,
      interval: "±2 %",
      within: Math.abs(error) <= 0.02,
    });
  });
}

function formatBits(bitsPerSecond: number): string {
  if (bitsPerSecond >= 1e9) return `${(bitsPerSecond / 1e9).toFixed(3)} Gbit/s`;
  if (bitsPerSecond >= 1e6) return `${(bitsPerSecond / 1e6).toFixed(3)} Mbit/s`;
  return `${(bitsPerSecond / 1e3).toFixed(2)} kbit/s`;
}

async function measureShares(): Promise<void> {
  const count = 40_000;
  await withLink([spec("packet_loss", 10)], async (link) => {
    await sendAll(link, count);
    binomialRow("packet_loss", 10, count, link.relay.counters().aToB.droppedLoss);
  });
  await withLink([spec("duplicate", 10)], async (link) => {
    await sendAll(link, count);
    binomialRow("duplicate", 10, count, link.relay.counters().aToB.duplicated);
  });
  await withLink([spec("corrupt", 10)], async (link) => {
    await sendAll(link, count);
    const arrivals = link.peerB.arrivals;
    const altered = arrivals.filter((arrival) => !arrival.frame.equals(makeFrame(sequenceOf(arrival.frame), 60))).length;
    binomialRow("corrupt", 10, arrivals.length, altered);
  });
  await withLink([spec("delay", 10), spec("reorder", 25)], async (link) => {
    await sendAll(link, count);
    binomialRow("reorder (delay 10 ms)", 25, count, link.relay.counters().aToB.reordered);
  });
}

async function measureBurstLoss(): Promise<void> {
  // 1 % loss in bursts of 4 on average: p = 25/10000·(…) ≈ 0.2525 %, r = 25 %.
  const count = 200_000;
  const [p, r] = [25, 2500];
  await withLink([spec("loss_burst", p, r, 10_000, 0)], async (link) => {
    await sendAll(link, count);
    const arrived = new Uint8Array(count);
    for (const arrival of link.peerB.arrivals) arrived[sequenceOf(arrival.frame)] = 1;
    let lost = 0;
    let bursts = 0;
    for (let sequence = 0; sequence < count; sequence++) {
      if (arrived[sequence]) continue;
      lost += 1;
      if (sequence === 0 || arrived[sequence - 1]) bursts += 1;
    }
    const loss = gilbertLossInterval(count, p / 10_000, r / 10_000);
    rows.push({
      filter: "loss_burst loss rate",
      configured: `p=${p} r=${r} 1-h=10000 1-k=0 (${pct(loss.rate)})`,
      measured: pct(lost / count),
      interval: `${pct(loss.low)} … ${pct(loss.high)} (99 %, n=${count})`,
      within: lost / count >= loss.low && lost / count <= loss.high,
    });
    const burst = geometricMeanInterval(bursts, r / 10_000);
    rows.push({
      filter: "loss_burst mean burst",
      configured: `${burst.mean.toFixed(2)} frames`,
      measured: `${(lost / bursts).toFixed(2)} frames (${bursts} bursts)`,
      interval: `${burst.low.toFixed(2)} … ${burst.high.toFixed(2)} (99 %)`,
      within: lost / bursts >= burst.low && lost / bursts <= burst.high,
    });
  });
}

async function measureDelay(latency: number, jitter: number): Promise<void> {
  // Sparse frames (one every latency + jitter + 5 ms): FIFO never holds one behind another.
  const count = 150;
  await withLink([spec("delay", latency, jitter)], async (link) => {
    const gap = latency + jitter + 5;
    const sentAt: number[] = [];
    for (let index = 0; index < count; index++) {
      sentAt.push(performance.now());
      link.peerA.send(makeFrame(index));
      await sleep(index % 2 === 0 ? 1 : gap);
    }
    await waitFor(() => link.peerB.arrivals.length === count, "every delayed frame", 10_000);
    const delays = link.peerB.arrivals.map((arrival) => arrival.at - sentAt[sequenceOf(arrival.frame)]!).sort((x, y) => x - y);
    const mean = delays.reduce((sum, value) => sum + value, 0) / count;
    const quantile = (q: number) => delays[Math.min(count - 1, Math.floor(q * count))]!;
    // Whole ms drawn in [L−J, L+J]; the delay line releases up to 0.5 ms early (timers fire on
    // whole ms) and sockets and timers add up to ~1.5 ms. Judged on the 1st to 99th percentile.
    const [low, high] = [Math.max(0, latency - jitter) - 0.5, latency + jitter + 1.5];
    rows.push({
      filter: jitter === 0 ? "delay" : "delay + jitter",
      configured: jitter === 0 ? `${latency} ms` : `${latency} ± ${jitter} ms`,
      measured: `min ${delays[0]!.toFixed(2)}, p1 ${quantile(0.01).toFixed(2)}, p50 ${quantile(0.5).toFixed(2)}, mean ${mean.toFixed(2)}, p99 ${quantile(0.99).toFixed(2)}, max ${delays.at(-1)!.toFixed(2)} ms`,
      interval: `p1 … p99 within ${low} … ${high} ms`,
      within: quantile(0.01) >= low && quantile(0.99) <= high,
    });
  });
}

/** Whether tc-netem can run here, or why not. */
function netemProblem(): string | null {
  if (process.getuid?.() !== 0) return "not root";
  const namespace = `fidelity-${process.pid}`;
  const run = (args: string[]) => spawnSync(args[0]!, args.slice(1), { encoding: "utf8" });
  const added = run(["ip", "netns", "add", namespace]);
  if (added.error || added.status !== 0) return `ip netns add failed: ${(added.stderr || String(added.error)).trim()}`;
  try {
    const veth = run(["ip", "netns", "exec", namespace, "ip", "link", "add", "fa", "type", "veth", "peer", "name", "fb"]);
    if (veth.status !== 0) return `no veth pair: ${veth.stderr.trim()}`;
    const netem = run(["ip", "netns", "exec", namespace, "tc", "qdisc", "add", "dev", "fa", "root", "netem", "delay", "1ms"]);
    if (netem.status !== 0) return `tc qdisc add … netem: ${netem.stderr.trim()} (the kernel has no sch_netem module)`;
    return "sch_netem is available, but the side-by-side run is not written yet";
  } finally {
    run(["ip", "netns", "del", namespace]);
  }
}

for (const [kilobits, length] of [
  [64, 1514],
  [1_000, 1514],
  [10_000, 1514],
  [100_000, 1514],
  [500_000, 9014],
  [1_000_000, 9014],
] as const) {
  await measureRate(kilobits, length, 5);
}
await measureShares();
await measureBurstLoss();
await measureDelay(30, 0);
await measureDelay(30, 5);

const widths = [22, 36, 80, 38];
const line = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join(" | ");
console.log(line(["filter", "configured", "measured (this relay, real UDP sockets)", "must fall in"]) + " | ok");
console.log(widths.map((width) => "-".repeat(width)).join("-|-") + "-|---");
for (const row of rows) console.log(line([row.filter, row.configured, row.measured, row.interval]) + ` | ${row.within ? "yes" : "NO"}`);
const problem = netemProblem();
console.log(`\ntc-netem side by side: ${problem === null ? "measured above" : `not measured — ${problem}`}`);
process.exit(rows.every((row) => row.within) ? 0 : 1);
