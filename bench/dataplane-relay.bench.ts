/**
 * The link relay in process (the daemon as its own process is `dataplane.bench.ts`), side by side
 * in one run on 127.0.0.1:
 * - frames per second through one LinkRelay (64- and 1400-byte frames, no filter and
 *   `delay: [100, 0]`) next to a bare relay (two connected dgram sockets that forward each
 *   datagram to the other, nothing else), with the same traffic generator;
 * - delay accuracy at a steady 10,000 frames/s: |measured − configured| per frame, p50/p99,
 *   next to the undelayed link's latency under the same load;
 * - the memory of 1,000 link relays (2,000 UDP endpoints, filters installed).
 *
 *   npm run bench -- dataplane-relay
 *
 * Generator, relay and receiver share one event loop, so a frame rate is what the whole
 * process sustains; the ratio between rows is the figure that matters.
 */
import { createSocket, type Socket } from "node:dgram";
import { setImmediate as yieldToLoop, setTimeout as sleep } from "node:timers/promises";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { FilterSpec } from "../dataplane/filters/filter";
import type { Endpoint } from "../dataplane/forwarding/endpoint";
import { LinkRelay } from "../dataplane/forwarding/link-relay";
import { UdpEndpoint } from "../dataplane/forwarding/udp-endpoint";

const BUFFER_BYTES = 4 << 20;
const WINDOW = 128;

async function boundSocket(): Promise<Socket> {
  const socket = createSocket({ type: "udp4", recvBufferSize: BUFFER_BYTES, sendBufferSize: BUFFER_BYTES });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return socket;
}

function closeSocket(socket: Socket): Promise<void> {
  return new Promise((resolve) => socket.close(() => resolve()));
}

/** A forwarder under test: the port the generator sends to, and how many frames it has taken in and sent on. */
interface Forwarder {
  readonly inputPort: number;
  accepted(): number;
  emitted(): number;
  close(): Promise<void>;
}

async function linkRelayForwarder(sender: Socket, receiver: Socket, filters: FilterSpec[]): Promise<Forwarder> {
  const open = (peer: Socket) =>
    UdpEndpoint.open({ localPort: 0, localAddress: "127.0.0.1", remoteHost: "127.0.0.1", remotePort: peer.address().port, receiveBufferBytes: BUFFER_BYTES, sendBufferBytes: BUFFER_BYTES });
  const a = await open(sender);
  const b = await open(receiver);
  const relay = new LinkRelay(a, b);
  const result = relay.setFilters(filters, false);
  if (!result.ok) throw new Error(result.message);
  return {
    inputPort: a.localPort,
    accepted: () => relay.counters().aToB.framesIn,
    emitted: () => relay.counters().aToB.framesOut,
    async close() {
      relay.close();
      await Promise.all([a.close(), b.close()]);
    },
  };
}

/** The comparison: what a relay is with nothing but sockets. */
async function bareForwarder(sender: Socket, receiver: Socket): Promise<Forwarder> {
  const a = await boundSocket();
  const b = await boundSocket();
  await new Promise<void>((resolve) => a.connect(sender.address().port, "127.0.0.1", resolve));
  await new Promise<void>((resolve) => b.connect(receiver.address().port, "127.0.0.1", resolve));
  let accepted = 0;
  a.on("message", (frame) => {
    accepted++;
    b.send(frame);
  });
  b.on("message", (frame) => a.send(frame));
  return {
    inputPort: a.address().port,
    accepted: () => accepted,
    emitted: () => accepted,
    close: () => Promise.all([closeSocket(a), closeSocket(b)]).then(() => undefined),
  };
}

/**
 * Frames per second from the first send to the last arrival, minus the configured delay;
 * the generator stays at most WINDOW frames ahead of what the forwarder has taken in, and
 * pauses while WINDOW frames sent on have not reached the receiver, so the kernel buffers
 * never overflow and nothing is lost.
 */
async function throughput(
  frameBytes: number,
  frames: number,
  delayMs: number,
  makeForwarder: (sender: Socket, receiver: Socket) => Promise<Forwarder>,
): Promise<{ perSecond: number; lost: number }> {
  const sender = await boundSocket();
  const receiver = await boundSocket();
  const forwarder = await makeForwarder(sender, receiver);
  const frame = Buffer.alloc(frameBytes, 0xab);
  let received = 0;
  let lastArrival = performance.now();
  receiver.on("message", () => {
    received++;
    lastArrival = performance.now();
  });
  const start = performance.now();
  let sent = 0;
  // Frames written off as lost: on this shared machine the kernel now and then drops a
  // datagram even with a bounded window; counting it lost keeps the generator going.
  let lost = 0;
  const deadline = start + 30_000;
  while (sent < frames && performance.now() < deadline) {
    const outstanding = forwarder.emitted() - received - lost;
    if (outstanding >= WINDOW && performance.now() - lastArrival > 50) lost += outstanding;
    const limit = outstanding < WINDOW ? Math.min(frames, forwarder.accepted() + WINDOW) : sent;
    while (sent < limit) {
      sender.send(frame, forwarder.inputPort, "127.0.0.1");
      sent++;
    }
    await yieldToLoop();
  }
  while (received < frames && performance.now() < deadline && performance.now() - lastArrival < delayMs + 200) await sleep(5);
  await forwarder.close();
  await Promise.all([closeSocket(sender), closeSocket(receiver)]);
  return { perSecond: received / ((lastArrival - start - delayMs) / 1000), lost: frames - received };
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Per-frame |arrival − send − configured| at a steady rate, sorted. */
async function delayErrors(delayMs: number, rate: number, seconds: number): Promise<Float64Array> {
  const sender = await boundSocket();
  const receiver = await boundSocket();
  const forwarder = await linkRelayForwarder(sender, receiver, delayMs > 0 ? [{ type: "delay", numbers: [delayMs], text: "" }] : []);
  const total = rate * seconds;
  const sentAt = new Float64Array(total);
  const errors = new Float64Array(total).fill(Number.NaN);
  let received = 0;
  receiver.on("message", (frame: Buffer) => {
    const sequence = frame.readUInt32BE(14);
    if (!Number.isNaN(errors[sequence]!)) throw new Error(`frame ${sequence} arrived twice`);
    errors[sequence] = Math.abs(performance.now() - sentAt[sequence]! - delayMs);
    received++;
  });
  const start = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
    while (sent < due) {
      // A fresh buffer each time: a datagram may still be queued after send() returns.
      const frame = Buffer.alloc(64);
      frame.writeUInt32BE(sent, 14);
      sentAt[sent] = performance.now();
      sender.send(frame, forwarder.inputPort, "127.0.0.1");
      sent++;
    }
    await sleep(1);
  }
  const deadline = performance.now() + delayMs + 5_000;
  while (received < total && performance.now() < deadline) await sleep(5);
  await forwarder.close();
  await Promise.all([closeSocket(sender), closeSocket(receiver)]);
  if (received < total) throw new Error(`only ${received} of ${total} frames arrived`);
  return errors.sort();
}

function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

async function relayMemory(count: number): Promise<{ heapPerRelay: number; rssPerRelay: number; rssTotal: number }> {
  const sink = await boundSocket();
  const filters: FilterSpec[] = [
    { type: "delay", numbers: [10, 2], text: "" },
    { type: "packet_loss", numbers: [1], text: "" },
    { type: "bpf", numbers: [], text: "arp" },
  ];
  collectGarbage();
  const before = process.memoryUsage();
  const held: { relay: LinkRelay; ends: Endpoint[] }[] = [];
  for (let index = 0; index < count; index++) {
    const open = () => UdpEndpoint.open({ localPort: 0, localAddress: "127.0.0.1", remoteHost: "127.0.0.1", remotePort: sink.address().port });
    const ends = [await open(), await open()] as const;
    const relay = new LinkRelay(ends[0], ends[1]);
    relay.setFilters(filters, false);
    held.push({ relay, ends: [...ends] });
  }
  collectGarbage();
  const after = process.memoryUsage();
  for (const { relay, ends } of held) {
    relay.close();
    await Promise.all(ends.map((end) => end.close()));
  }
  await closeSocket(sink);
  return {
    heapPerRelay: (after.heapUsed - before.heapUsed) / count,
    rssPerRelay: (after.rss - before.rss) / count,
    rssTotal: after.rss,
  };
}

const kfps = (value: number) => `${(value / 1000).toFixed(1)} k frames/s`;
const ms = (value: number) => `${value.toFixed(2)} ms`;

// Warm-up: JIT and socket paths.
await throughput(64, 20_000, 0, bareForwarder);
await throughput(64, 20_000, 0, (s, r) => linkRelayForwarder(s, r, []));

console.log("throughput through one link, 127.0.0.1, generator and receiver in the same process:");
for (const frameBytes of [64, 1400]) {
  const frames = 100_000;
  const bare = await throughput(frameBytes, frames, 0, bareForwarder);
  const plain = await throughput(frameBytes, frames, 0, (s, r) => linkRelayForwarder(s, r, []));
  const delayed = await throughput(frameBytes, frames, 100, (s, r) => linkRelayForwarder(s, r, [{ type: "delay", numbers: [100, 0], text: "" }]));
  const lost = bare.lost + plain.lost + delayed.lost;
  console.log(
    `  ${String(frameBytes).padStart(4)} B: bare dgram relay ${kfps(bare.perSecond)} | LinkRelay no filter ${kfps(plain.perSecond)}` +
      ` (${((plain.perSecond / bare.perSecond) * 100).toFixed(0)} % of bare) | LinkRelay delay [100, 0] ${kfps(delayed.perSecond)}` +
      ` (${((delayed.perSecond / plain.perSecond) * 100).toFixed(0)} % of undelayed)${lost > 0 ? ` | ${lost} of ${3 * frames} frames lost in the kernel` : ""}`,
  );
}

console.log("delay accuracy at a steady 10,000 frames/s for 3 s (64-byte frames), |arrival − send − configured|:");
const baseline = await delayErrors(0, 10_000, 3);
console.log(`  no delay (baseline latency):  p50 ${ms(percentile(baseline, 50))}  p99 ${ms(percentile(baseline, 99))}  max ${ms(baseline.at(-1)!)}`);
for (const delay of [10, 100]) {
  const errors = await delayErrors(delay, 10_000, 3);
  console.log(`  delay [${delay}, 0]:${" ".repeat(14 - String(delay).length)}p50 ${ms(percentile(errors, 50))}  p99 ${ms(percentile(errors, 99))}  max ${ms(errors.at(-1)!)}`);
}

const memory = await relayMemory(1000);
console.log(
  `memory of 1,000 link relays (2,000 UDP endpoints, delay + packet_loss + bpf each): heap ${(memory.heapPerRelay / 1024).toFixed(1)} KiB/relay,` +
    ` RSS ${(memory.rssPerRelay / 1024).toFixed(1)} KiB/relay, process RSS ${(memory.rssTotal / 1048576).toFixed(0)} MiB`,
);
