/**
 * The hub with UDP tunnels on its links, on real sockets: it repeats every frame to every other
 * port, in C while every link forwards in C and in JavaScript otherwise, with the same order
 * and the same counters either way. `npm test` runs this file on both UDP paths.
 */
import { afterEach, describe, expect, it } from "vitest";
import { spec } from "../filters/testing";
import { LinkRelay } from "../forwarding/link-relay";
import { udpPath } from "../forwarding/native-udp";
import { makeFrame, Peer, seededSources, sendPaced, sequenceOf, waitFor } from "../forwarding/testing";
import { UdpEndpoint } from "../forwarding/udp-endpoint";
import { EthernetHub } from "./ethernet-hub";

const native = udpPath().kind === "native";

interface HubLab {
  readonly hub: EthernetHub;
  readonly peers: Peer[];
  readonly tunnels: UdpEndpoint[];
  /** Link i joins tunnel i (end A) to hub port i (end B). */
  readonly links: LinkRelay[];
}

let lab: HubLab | undefined;
afterEach(async () => {
  if (lab === undefined) return;
  for (const link of lab.links) link.close();
  lab.hub.close();
  await Promise.all([...lab.tunnels.map((tunnel) => tunnel.close()), ...lab.peers.map((peer) => peer.close())]);
  lab = undefined;
});

async function openHubLab(ports: number): Promise<HubLab> {
  const hub = new EthernetHub([...Array(ports).keys()]);
  const tunnels: UdpEndpoint[] = [];
  const peers: Peer[] = [];
  const links: LinkRelay[] = [];
  for (let index = 0; index < ports; index++) {
    const peer = await Peer.open(() => tunnels[index]!.localPort);
    const tunnel = await UdpEndpoint.open({ localPort: 0, localAddress: "127.0.0.1", remoteHost: "127.0.0.1", remotePort: peer.port });
    peers.push(peer);
    tunnels.push(tunnel);
    links.push(new LinkRelay(tunnel, hub.port(index), { random: seededSources(index + 1) }));
  }
  return (lab = { hub, peers, tunnels, links });
}

/** Sends `count` frames from peer `from`, numbered from `first`, paced on what the hub took in. */
async function sendFrom(hubLab: HubLab, from: number, first: number, count: number): Promise<void> {
  const link = hubLab.links[from]!;
  const taken = () => link.counters().aToB.framesOut;
  const before = taken();
  await sendPaced(hubLab.peers[from]!, count, (index) => makeFrame(first + index), taken);
  await waitFor(() => taken() === before + count, "the hub to take every frame in");
}

const sequences = (peer: Peer) => peer.arrivals.map((arrival) => sequenceOf(arrival.frame));
const range = (from: number, count: number) => [...Array(count).keys()].map((index) => from + index);

describe("an Ethernet hub between UDP tunnels", () => {
  it("repeats every frame to every other port, in order, and each link counts what it carried", async () => {
    const hubLab = await openHubLab(3);
    await sendFrom(hubLab, 0, 0, 400);
    await waitFor(() => hubLab.peers[1]!.arrivals.length === 400 && hubLab.peers[2]!.arrivals.length === 400, "every frame at ports 1 and 2");
    expect(sequences(hubLab.peers[1]!)).toEqual(range(0, 400));
    expect(sequences(hubLab.peers[2]!)).toEqual(range(0, 400));
    expect(hubLab.peers[0]!.arrivals).toEqual([]);
    expect(hubLab.links[0]!.counters().aToB).toMatchObject({ framesIn: 400, framesOut: 400, bytesIn: 60 * 400 });
    for (const index of [1, 2]) expect(hubLab.links[index]!.counters().bToA).toMatchObject({ framesIn: 400, framesOut: 400, bytesOut: 60 * 400 });
    // On the native path the frames never entered JavaScript: the tunnel forwarded them in C.
    if (native) expect(hubLab.tunnels[0]!.nativeForwarded().framesOut).toBe(400);
  });

  it("goes through JavaScript while one link captures or filters, and back to C, in order, every frame counted", async () => {
    const hubLab = await openHubLab(3);
    await sendFrom(hubLab, 0, 0, 200);
    const captured: number[] = [];
    hubLab.links[2]!.setCapture({ write: (frame) => captured.push(sequenceOf(frame)) });
    await sendFrom(hubLab, 0, 200, 200);
    hubLab.links[2]!.setCapture(null);
    // A delay on the link into the hub: that direction stays in JavaScript, the others in C.
    expect(hubLab.links[0]!.setFilters([spec("delay", 5)], false).ok).toBe(true);
    await sendFrom(hubLab, 0, 400, 100);
    expect(hubLab.links[0]!.setFilters([], false).ok).toBe(true);
    await sendFrom(hubLab, 0, 500, 300);
    await waitFor(() => hubLab.peers[1]!.arrivals.length === 800 && hubLab.peers[2]!.arrivals.length === 800, "every frame at ports 1 and 2");

    expect(sequences(hubLab.peers[1]!)).toEqual(range(0, 800));
    expect(sequences(hubLab.peers[2]!)).toEqual(range(0, 800));
    expect(captured).toEqual(range(200, 200));
    expect(hubLab.links[0]!.counters().aToB).toMatchObject({ framesIn: 800, framesOut: 800 });
    for (const index of [1, 2]) expect(hubLab.links[index]!.counters().bToA).toMatchObject({ framesIn: 800, framesOut: 800, bytesOut: 60 * 800 });
    if (native) expect(hubLab.tunnels[0]!.nativeForwarded().framesOut).toBeGreaterThanOrEqual(500);
  });

  it("repeats from every port at once, and keeps repeating to the ports left when a link is deleted", async () => {
    const hubLab = await openHubLab(4);
    await Promise.all([0, 1, 2, 3].map((from) => sendFrom(hubLab, from, from * 1000, 150)));
    await waitFor(() => hubLab.peers.every((peer) => peer.arrivals.length === 450), "every frame at every other port");
    for (const [index, peer] of hubLab.peers.entries()) {
      const got = sequences(peer);
      for (const from of [0, 1, 2, 3]) {
        const fromThere = got.filter((sequence) => Math.floor(sequence / 1000) === from);
        expect(fromThere).toEqual(from === index ? [] : range(from * 1000, 150));
      }
    }
    hubLab.links[3]!.close();
    await sendFrom(hubLab, 0, 5000, 100);
    await waitFor(() => hubLab.peers[1]!.arrivals.length === 550 && hubLab.peers[2]!.arrivals.length === 550, "the frames after the deletion");
    expect(sequences(hubLab.peers[1]!).slice(450)).toEqual(range(5000, 100));
    expect(hubLab.peers[3]!.arrivals).toHaveLength(450);
  });
});
