/**
 * The batched native path and its fallback: which one runs, and a link direction handed to C
 * and taken back as filters come and go, with order and counters as on the JavaScript path.
 * `npm test` runs this file (as every forwarding test) once per path.
 */
import { execFileSync } from "node:child_process";
import { createSocket, type Socket } from "node:dgram";
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { cleanupAfterEach } from "@shared/testing/cleanups";
import { spec } from "../filters/testing";
import { STAT_FIELDS, udpPath } from "./native-udp";
import { Sfc32 } from "../filters/random";
import { accountedFor, makeFrame, openLinkHarness, Peer, sendPaced, sequenceOf, waitFor, type LinkHarness } from "./testing";
import { UdpEndpoint } from "./udp-endpoint";

const { later } = cleanupAfterEach();

let harness: LinkHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe("the UDP path", () => {
  it("is node:dgram when GNS3_DATAPLANE_NATIVE=0, and the native addon in CI, which builds it", () => {
    const path = udpPath();
    if (process.env.GNS3_DATAPLANE_NATIVE === "0") expect(path).toEqual({ kind: "dgram", reason: "GNS3_DATAPLANE_NATIVE=0" });
    else if (process.env.CI) expect(path.kind).toBe("native");
  });

  it.runIf(udpPath().kind === "native")("reads each field of the addon's stats where the addon says it writes it, no two at one place", () => {
    const path = udpPath();
    if (path.kind !== "native") return;
    const { statFields } = path.addon;
    expect(Object.keys(statFields).sort()).toEqual([...STAT_FIELDS].sort());
    expect(new Set(STAT_FIELDS.map((field) => statFields[field])).size).toBe(STAT_FIELDS.length);
  });
});

describe("a UDP endpoint on either path", () => {
  async function peer(type: "udp4" | "udp6", address: string): Promise<{ socket: Socket; received: string[] }> {
    const socket = createSocket(type);
    const received: string[] = [];
    socket.on("message", (message) => received.push(message.toString()));
    await new Promise<void>((resolve) => socket.bind(0, address, resolve));
    later(() => new Promise<void>((resolve) => socket.close(() => resolve())));
    return { socket, received };
  }

  async function open(remoteHost: string, remotePort: number): Promise<UdpEndpoint> {
    const endpoint = await UdpEndpoint.open({ localPort: 0, remoteHost, remotePort });
    later(() => endpoint.close());
    return endpoint;
  }

  it("talks to an IPv6 peer, and to a peer named by host name", async () => {
    const six = await peer("udp6", "::1");
    const endpoint = await open("::1", six.socket.address().port);
    const frames: string[] = [];
    endpoint.onFrame((frame) => frames.push(Buffer.from(frame).toString()));
    endpoint.send(Buffer.from("to six"));
    six.socket.send("from six", endpoint.localPort, "::1");
    await waitFor(() => six.received.length === 1 && frames.length === 1, "a datagram each way over IPv6");
    expect([six.received, frames]).toEqual([["to six"], ["from six"]]);

    const four = await peer("udp4", "127.0.0.1");
    (await open("localhost", four.socket.address().port)).send(Buffer.from("by name"));
    await waitFor(() => four.received.length === 1, "a datagram to localhost");
    expect(four.received).toEqual(["by name"]);
  });

  it("delivers a burst of equal frames, shorter and jumbo ones among them, one datagram a frame, bytes and order intact", async () => {
    // Sent together, the native path hands runs of equal frames to the kernel as one UDP_SEGMENT train.
    const sizes = [...Array(150).fill(200), 50, ...Array(100).fill(1400), 1399, 9000, ...Array(70).fill(64), 1452, 1452, 1453, 1453];
    const frames = sizes.map((size, index) => Buffer.alloc(size, index % 251));
    for (const [type, address] of [
      ["udp4", "127.0.0.1"],
      ["udp6", "::1"],
    ] as const) {
      const received: Buffer[] = [];
      const socket = createSocket({ type, recvBufferSize: 8 << 20 });
      socket.on("message", (message) => received.push(message));
      await new Promise<void>((resolve) => socket.bind(0, address, resolve));
      later(() => new Promise<void>((resolve) => socket.close(() => resolve())));
      const endpoint = await open(address, socket.address().port);
      for (const frame of frames) endpoint.send(frame);
      await waitFor(() => received.length === frames.length, `${frames.length} datagrams over ${type}`);
      expect(received.map((datagram) => datagram.length)).toEqual(sizes);
      expect(received.every((datagram, index) => datagram.equals(frames[index]!))).toBe(true);
      expect(endpoint.errors).toBe(0);
    }
  });

  it("refuses a peer whose name does not resolve, naming the tunnel", async () => {
    await expect(UdpEndpoint.open({ localPort: 0, remoteHost: "no-such-host.invalid", remotePort: 9 })).rejects.toThrow(/^Cannot open UDP tunnel from port 0 to no-such-host\.invalid:9: /);
  });
});

describe("a link direction forwarded in C", () => {
  async function sendAToB(link: LinkHarness, from: number, count: number): Promise<void> {
    const before = link.relay.counters().aToB.framesIn;
    await sendPaced(link.peerA, count, (index) => makeFrame(from + index), () => link.relay.counters().aToB.framesIn - before);
    await waitFor(() => link.relay.counters().aToB.framesIn === before + count, "the relay to take every frame in");
  }

  it("goes back to JavaScript for filters and capture and returns to C after, in order, every frame counted", async () => {
    const link = (harness = await openLinkHarness());
    await sendAToB(link, 0, 300);
    const captured: number[] = [];
    link.relay.setCapture({ write: (frame) => captured.push(sequenceOf(frame)) });
    await sendAToB(link, 300, 100);
    link.relay.setCapture(null);
    expect(link.relay.setFilters([spec("delay", 40)], false).ok).toBe(true);
    await sendAToB(link, 400, 100);
    // Frames still wait in the delay line: C must not overtake them.
    expect(link.relay.counters().aToB.delayedQueued).toBeGreaterThan(0);
    expect(link.relay.setFilters([], false).ok).toBe(true);
    await sendAToB(link, 500, 300);
    await waitFor(() => link.peerB.arrivals.length === 800, "every frame at B");

    expect(link.peerB.arrivals.map((arrival) => sequenceOf(arrival.frame))).toEqual([...Array(800).keys()]);
    expect(captured).toEqual([...Array(100).keys()].map((index) => 300 + index));
    expect(link.relay.counters().aToB).toMatchObject({ framesIn: 800, framesOut: 800, bytesIn: 60 * 800, bytesOut: 60 * 800, delayedQueued: 0 });
    if (udpPath().kind === "native") expect(link.endpointA.nativeForwarded().framesOut).toBeGreaterThanOrEqual(300);
  });

  it("holds a delay in C and hands the frames held to JavaScript, in order, when a capture starts", async () => {
    const link = (harness = await openLinkHarness());
    const native = udpPath().kind === "native";
    expect(link.relay.setFilters([spec("delay", 80)], false).ok).toBe(true);
    const sentAt = new Map<number, number>();
    const send = async (from: number, count: number) => {
      for (let index = from; index < from + count; index++) sentAt.set(index, performance.now());
      await sendAToB(link, from, count);
    };
    await send(0, 100);
    expect(link.relay.counters().aToB.delayedQueued).toBe(100 - link.peerB.arrivals.length);
    if (native) expect(link.endpointA.nativeForwarded().held).toBe(100 - link.peerB.arrivals.length);

    link.relay.setCapture({ write: () => undefined });
    if (native) expect(link.endpointA.nativeForwarded().held).toBe(0);
    await send(100, 100);
    link.relay.setCapture(null);
    // Lowered while frames wait: they keep their due times, and later frames queue behind them.
    expect(link.relay.setFilters([spec("delay", 5)], false).ok).toBe(true);
    await send(200, 100);
    await waitFor(() => link.peerB.arrivals.length === 300, "the frames sent while the direction was in JavaScript");
    // Its delay line empty, the direction is back in C.
    await send(300, 50);
    await waitFor(() => link.peerB.arrivals.length === 350, "every frame at B");

    const sequences = link.peerB.arrivals.map((arrival) => sequenceOf(arrival.frame));
    expect(sequences).toEqual([...Array(350).keys()]);
    const early = link.peerB.arrivals.filter((arrival) => {
      const sequence = sequenceOf(arrival.frame);
      return arrival.at - sentAt.get(sequence)! < (sequence < 200 ? 79 : 4);
    });
    expect(early).toEqual([]);
    expect(link.relay.counters().aToB).toMatchObject({ framesIn: 350, framesOut: 350, bytesIn: 60 * 350, bytesOut: 60 * 350, delayedQueued: 0 });
    if (native) expect(link.endpointA.nativeForwarded().framesOut).toBe(50);
  });

  it("stops when the relay closes: the endpoints stay open and forward nothing", async () => {
    const link = (harness = await openLinkHarness());
    await sendAToB(link, 0, 10);
    await waitFor(() => link.peerB.arrivals.length === 10, "the first frames");
    link.relay.close();
    link.peerA.send(makeFrame(10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(link.peerB.arrivals).toHaveLength(10);
    expect(link.relay.counters().aToB).toMatchObject({ framesIn: 10, framesOut: 10 });
  });
});

describe("busy links on the forwarding threads", () => {
  const frames = (count: number) => [...Array(count).keys()];

  it.runIf(udpPath().kind === "native")("are one per core (or as many as GNS3_DATAPLANE_THREADS says), named, at nice -5 as root", () => {
    const path = udpPath();
    if (path.kind !== "native") return;
    const configured = process.env.GNS3_DATAPLANE_THREADS;
    const cores = availableParallelism();
    const count = configured ? Number(configured) : cores > 1 ? Math.min(cores, 16) : 0;
    const root = process.getuid?.() === 0;
    const nice = process.env.GNS3_DATAPLANE_THREAD_NICE ? Number(process.env.GNS3_DATAPLANE_THREAD_NICE) : -5;
    expect(path.addon.threads).toEqual({ count, nice: root ? nice : 0, niceRefused: root || nice === 0 ? "" : expect.any(String) });
    // As `top -H` and `ps -L` show them: the niceness is field 19 of a task's stat.
    const tasks = readdirSync("/proc/self/task").map((task) => ({
      name: readFileSync(`/proc/self/task/${task}/comm`, "utf8").trim(),
      nice: Number(readFileSync(`/proc/self/task/${task}/stat`, "utf8").replace(/^.*\) /, "").split(" ")[16]),
    }));
    const forwarding = tasks.filter((task) => task.name.startsWith("gns3-forward-"));
    expect(forwarding.map((task) => task.name).sort()).toEqual([...Array(count).keys()].map((index) => `gns3-forward-${index}`).sort());
    for (const task of forwarding) expect(task.nice).toBe(root ? nice : 0);
  });

  it.runIf(udpPath().kind === "native")("take a port only once the turn that asked ends: a link filtered in the turn it was made forwards nothing unfiltered", async () => {
    const endpoints: UdpEndpoint[] = [];
    const peerA = await Peer.open(() => endpoints[0]!.localPort);
    const peerB = await Peer.open(() => endpoints[1]!.localPort);
    later(() => peerB.close());
    for (const peer of [peerA, peerB]) {
      const endpoint = await UdpEndpoint.open({ localPort: 0, localAddress: "127.0.0.1", remoteHost: "127.0.0.1", remotePort: peer.port });
      later(() => endpoint.close());
      endpoints.push(endpoint);
    }
    const [a, b] = endpoints as [UdpEndpoint, UdpEndpoint];
    const taken: number[] = [];
    expect(a.forwardNatively(b)).toBe(true);
    // Sent in this very turn (node:dgram would send them in a later one) by another process:
    // then, as a relay sets its filters, a thread that took the port at once would forward them.
    // A's tunnel takes only its peer's datagrams: the other process sends from peer A's port.
    await peerA.close();
    const send = [
      "import socket",
      "s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)",
      `s.bind(("127.0.0.1", ${peerA.port}))`,
      `for i in range(100): s.sendto(bytes(14) + i.to_bytes(4, "big") + bytes(42), ("127.0.0.1", ${a.localPort}))`,
    ].join("\n");
    execFileSync("python3", ["-c", send]);
    const until = performance.now() + 50;
    while (performance.now() < until);
    a.onFrame((frame) => taken.push(sequenceOf(frame)));
    await waitFor(() => taken.length === 100, "the frames, in JavaScript");
    await sleep(20);
    expect(taken).toEqual([...Array(100).keys()]);
    expect(peerB.arrivals).toEqual([]);
  });

  it("carry eight links busy both ways at once: every frame once and in order, every counter exact", async () => {
    const links = await Promise.all(Array.from({ length: 8 }, () => openLinkHarness()));
    later(() => Promise.all(links.map((link) => link.close())));
    const COUNT = 1500;
    await Promise.all(
      links.flatMap((link) => [
        sendPaced(link.peerA, COUNT, (index) => makeFrame(index), () => link.relay.counters().aToB.framesIn),
        sendPaced(link.peerB, COUNT, (index) => makeFrame(index, 100), () => link.relay.counters().bToA.framesIn),
      ]),
    );
    await waitFor(() => links.every((link) => link.peerA.arrivals.length === COUNT && link.peerB.arrivals.length === COUNT), "every frame at both ends");
    for (const link of links) {
      expect(link.peerB.arrivals.map((arrival) => sequenceOf(arrival.frame))).toEqual(frames(COUNT));
      expect(link.peerA.arrivals.map((arrival) => sequenceOf(arrival.frame))).toEqual(frames(COUNT));
      const { aToB, bToA } = link.relay.counters();
      expect(aToB).toMatchObject({ framesIn: COUNT, framesOut: COUNT, bytesIn: 60 * COUNT, bytesOut: 60 * COUNT });
      expect(bToA).toMatchObject({ framesIn: COUNT, framesOut: COUNT, bytesIn: 100 * COUNT, bytesOut: 100 * COUNT });
    }
  });

  it("go on forwarding and counting while links move between threads, JavaScript and delay lines, and close under traffic", async () => {
    const random = new Sfc32(7);
    const links = await Promise.all(Array.from({ length: 6 }, () => openLinkHarness()));
    const closed: LinkHarness[] = [];
    later(() => Promise.all(links.map((link) => link.close())));
    let sequence = 0;
    let sending = true;
    const traffic = (async () => {
      while (sending) {
        for (const link of links) for (let burst = 0; burst < 20; burst++) link.peerA.send(makeFrame(sequence++));
        await sleep(1);
      }
    })();
    // A bounded storm of changes, each one while frames are in flight.
    for (let change = 0; change < 150; change++) {
      const index = random.nextUint32() % links.length;
      const link = links[index]!;
      switch (random.nextUint32() % 5) {
        case 0:
          expect(link.relay.setFilters([], false).ok).toBe(true);
          break;
        case 1:
          expect(link.relay.setFilters([spec("delay", 2)], false).ok).toBe(true);
          break;
        case 2:
          link.relay.setCapture({ write: () => undefined });
          break;
        case 3:
          link.relay.setCapture(null);
          break;
        case 4:
          // A link deleted under traffic, and a new one in its place.
          closed.push(link);
          links[index] = await openLinkHarness();
          await link.close();
          break;
      }
      await sleep(random.nextUint32() % 3);
    }
    sending = false;
    await traffic;
    for (const link of links) {
      expect(link.relay.setFilters([], false).ok).toBe(true);
      link.relay.setCapture(null);
    }
    await waitFor(() => links.every((link) => link.relay.counters().aToB.delayedQueued === 0), "the delay lines to empty");
    await sleep(50);
    for (const link of links) expect(link.relay.counters().aToB, "every frame accounted for").toSatisfy(accountedFor);
    for (const link of [...links, ...closed]) {
      const arrived = link.peerB.arrivals.map((arrival) => sequenceOf(arrival.frame));
      // Nothing duplicated or reordered on the way: what arrived is in the order it was sent.
      expect(arrived).toEqual([...arrived].sort((a, b) => a - b));
      expect(new Set(arrived).size).toBe(arrived.length);
    }
    for (const link of links) expect(link.peerB.arrivals.length).toBe(link.relay.counters().aToB.framesOut);
  });
});
