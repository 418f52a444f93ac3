/**
 * The extended filters and one-direction filters through a relay over real UDP sockets on
 * 127.0.0.1: what reaches the far socket, and the counters, each direction on its own.
 */
import { afterEach, describe, expect, it } from "vitest";
import { setTimeout as sleep } from "node:timers/promises";
import type { FilterSpec } from "../filters/filter";
import { binomialBounds, geometricMeanInterval, gilbertLossInterval, spec } from "../filters/testing";
import { accountedFor, makeFrame, openLinkHarness, sendPaced, sequenceOf, waitFor, type LinkHarness, type Peer } from "./testing";

let harness: LinkHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function open(filters: FilterSpec[]): Promise<LinkHarness> {
  harness = await openLinkHarness();
  const result = harness.relay.setFilters(filters, false);
  if (!result.ok) throw new Error(result.message);
  return harness;
}

type Way = "aToB" | "bToA";

/** Sends `count` frames one way and waits until every one is handled and nothing is held. */
async function send(link: LinkHarness, way: Way, count: number, length = 60): Promise<Peer> {
  const [from, to] = way === "aToB" ? [link.peerA, link.peerB] : [link.peerB, link.peerA];
  const before = link.relay.counters()[way].framesIn;
  await sendPaced(from, count, (index) => makeFrame(index, length), () => link.relay.counters()[way].framesIn);
  await waitFor(() => {
    const counters = link.relay.counters()[way];
    return counters.framesIn - before === count && counters.delayedQueued === 0 && counters.rateQueued === 0;
  }, "the relay to handle every frame", 20_000);
  await waitFor(() => to.arrivals.length === link.relay.counters()[way].framesOut, "frames to arrive");
  return to;
}

describe("extended filters over UDP", () => {
  it("duplicate sends P % of frames twice, in both directions", async () => {
    const link = await open([spec("duplicate", 20)]);
    const count = 5000;
    const { low, high } = binomialBounds(count, 0.2);
    for (const way of ["aToB", "bToA"] as const) {
      const receiver = await send(link, way, count);
      const counters = link.relay.counters()[way];
      expect(counters.duplicated).toBeGreaterThan(low);
      expect(counters.duplicated).toBeLessThan(high);
      expect(receiver.arrivals).toHaveLength(count + counters.duplicated);
      // A duplicate follows its original at once.
      const sequences = receiver.arrivals.map((arrival) => sequenceOf(arrival.frame));
      expect(new Set(sequences).size).toBe(count);
      expect(accountedFor(counters)).toBe(true);
    }
  });

  it("a one-direction filter leaves the other direction alone", async () => {
    const link = await open([spec("packet_loss:a_to_b", 100), spec("duplicate:b_to_a", 100)]);
    expect((await send(link, "aToB", 500)).arrivals).toHaveLength(0);
    expect((await send(link, "bToA", 500)).arrivals).toHaveLength(1000);
    expect(link.relay.counters().aToB).toMatchObject({ droppedLoss: 500, duplicated: 0 });
    expect(link.relay.counters().bToA).toMatchObject({ droppedLoss: 0, duplicated: 500 });
  });

  it("suspend:b_to_a stops one direction only, counted as suspended", async () => {
    const link = await open([spec("suspend:b_to_a", 1)]);
    expect((await send(link, "aToB", 300)).arrivals).toHaveLength(300);
    expect((await send(link, "bToA", 300)).arrivals).toHaveLength(0);
    expect(link.relay.counters().bToA.droppedSuspended).toBe(300);
    expect(link.relay.counters().aToB.droppedSuspended).toBe(0);
  });

  it("loss_burst loses in bursts, within the 99 % intervals of rate and mean burst", async () => {
    // p = 5 %, r = 25 %: loss 1/6 ≈ 16.7 %, bursts of 4 on average.
    const link = await open([spec("loss_burst:a_to_b", 500, 2500, 10_000, 0)]);
    const count = 5000;
    const receiver = await send(link, "aToB", count);
    const lost = link.relay.counters().aToB.droppedLossBurst;
    const arrived = new Set(receiver.arrivals.map((arrival) => sequenceOf(arrival.frame)));
    let bursts = 0;
    for (let sequence = 0; sequence < count; sequence++) if (!arrived.has(sequence) && (sequence === 0 || arrived.has(sequence - 1))) bursts += 1;
    const loss = gilbertLossInterval(count, 0.05, 0.25);
    expect(lost / count).toBeGreaterThan(loss.low);
    expect(lost / count).toBeLessThan(loss.high);
    const burst = geometricMeanInterval(bursts, 0.25);
    expect(lost / bursts).toBeGreaterThan(burst.low);
    expect(lost / bursts).toBeLessThan(burst.high);
    expect((await send(link, "bToA", 1000)).arrivals).toHaveLength(1000);
  });

  it("reorder with a delay sends every gap-th frame ahead of the delayed ones", async () => {
    const link = await open([spec("delay:a_to_b", 30), spec("reorder:a_to_b", 100, 5)]);
    const receiver = await send(link, "aToB", 50);
    const order = receiver.arrivals.map((arrival) => sequenceOf(arrival.frame));
    const ahead = [4, 9, 14, 19, 24, 29, 34, 39, 44, 49];
    // The reordered frames left at once, all before the first delayed one.
    expect(order.slice(0, 10)).toEqual(ahead);
    expect(order.slice(10)).toEqual([...Array(50).keys()].filter((sequence) => !ahead.includes(sequence)));
    expect(link.relay.counters().aToB.reordered).toBe(10);
  });

  it("rate holds a direction to its bandwidth within 2 %, counting frame bytes, and leaves the other alone", async () => {
    const link = await open([spec("rate:a_to_b", 2000, 10_000)]);
    const count = 250;
    const length = 1000;
    const receiver = await send(link, "aToB", count, length);
    expect(receiver.arrivals).toHaveLength(count);
    // The first frame leaves one frame time after it came; from then on, one every 4 ms.
    const span = receiver.arrivals.at(-1)!.at - receiver.arrivals[0]!.at;
    const measured = ((count - 1) * length * 8) / (span / 1000);
    expect(Math.abs(measured - 2_000_000) / 2_000_000).toBeLessThan(0.02);
    const started = performance.now();
    await send(link, "bToA", count, length);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("rate drops at the tail of a full queue as rate_queue_full", async () => {
    const link = await open([spec("rate", 100, 10)]);
    // A burst faster than 100 kbit/s drains: 10 frames held, the rest refused.
    for (let index = 0; index < 50; index++) link.peerA.send(makeFrame(index, 1000));
    await waitFor(() => link.relay.counters().aToB.framesIn === 50, "the burst");
    const counters = link.relay.counters().aToB;
    expect(counters.droppedRateQueueFull).toBeGreaterThanOrEqual(35);
    expect(counters.rateQueued + counters.framesOut + counters.droppedRateQueueFull).toBe(50);
    expect(accountedFor(counters)).toBe(true);
  });

  it("shapes before the delay line: a delay adds to the time on the wire", async () => {
    const link = await open([spec("delay", 20), spec("rate", 1000)]);
    const sentAt = performance.now();
    // 1,250 bytes at 1 Mbit/s: 10 ms on the wire, then 20 ms of delay.
    link.peerA.send(makeFrame(0, 1250));
    await waitFor(() => link.peerB.arrivals.length === 1, "the frame");
    // Both, one after the other: no less than the sum. No upper bound: how late a loaded
    // machine delivers a frame says nothing of the order of the filters.
    const took = link.peerB.arrivals[0]!.at - sentAt;
    expect(took).toBeGreaterThanOrEqual(29);
  });

  it("keeps frames held by the shaper when the filters change, and drops them on close", async () => {
    const link = await open([spec("rate", 8)]);
    // 100 bytes at 8 kbit/s: 100 ms each.
    for (let index = 0; index < 5; index++) link.peerA.send(makeFrame(index, 100));
    await waitFor(() => link.relay.counters().aToB.framesIn === 5, "the frames");
    expect(link.relay.setFilters([], false)).toEqual({ ok: true });
    expect(link.relay.counters().aToB.rateQueued).toBeGreaterThan(0);
    await sleep(50);
    link.relay.close();
    expect(link.relay.counters().aToB.rateQueued).toBe(0);
  });
});
