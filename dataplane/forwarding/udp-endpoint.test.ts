import { createSocket, type Socket } from "node:dgram";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { makeFrame, waitFor } from "./testing";
import { UdpEndpoint } from "./udp-endpoint";

const opened: { close(): unknown }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

async function socket(): Promise<Socket> {
  const bound = createSocket("udp4");
  await new Promise<void>((resolve) => bound.bind(0, "127.0.0.1", resolve));
  opened.push({ close: () => new Promise<void>((resolve) => bound.close(() => resolve())) });
  return bound;
}

async function endpointTo(peer: Socket, localPort = 0): Promise<UdpEndpoint> {
  const endpoint = await UdpEndpoint.open({ localPort, localAddress: "127.0.0.1", remoteHost: "127.0.0.1", remotePort: peer.address().port });
  opened.push(endpoint);
  return endpoint;
}

describe("UDP endpoint", () => {
  it("sends to its peer and hands over what the peer sends", async () => {
    const peer = await socket();
    const endpoint = await endpointTo(peer);
    const fromPeer: Uint8Array[] = [];
    const toPeer: Buffer[] = [];
    endpoint.onFrame((frame) => fromPeer.push(frame));
    peer.on("message", (frame) => toPeer.push(frame));
    endpoint.send(makeFrame(1));
    peer.send(makeFrame(2), endpoint.localPort, "127.0.0.1");
    await waitFor(() => fromPeer.length === 1 && toPeer.length === 1, "one frame each way");
    expect(Buffer.from(fromPeer[0]!).equals(makeFrame(2))).toBe(true);
    expect(toPeer[0]!.equals(makeFrame(1))).toBe(true);
  });

  it("ignores datagrams from anyone but the peer, like a connected socket", async () => {
    const peer = await socket();
    const stranger = await socket();
    const endpoint = await endpointTo(peer);
    const received: Uint8Array[] = [];
    endpoint.onFrame((frame) => received.push(frame));
    stranger.send(makeFrame(1), endpoint.localPort, "127.0.0.1");
    peer.send(makeFrame(2), endpoint.localPort, "127.0.0.1");
    await waitFor(() => received.length === 1, "the peer's frame");
    await sleep(20);
    expect(received.map((frame) => Buffer.from(frame).readUInt32BE(14))).toEqual([2]);
  });

  it("keeps working after the peer refused datagrams (ECONNREFUSED), counting the errors", async () => {
    const peer = await socket();
    const port = peer.address().port;
    const endpoint = await endpointTo(peer);
    const [peerEntry] = opened.splice(0, 1);
    await peerEntry!.close();
    for (let index = 0; index < 5; index++) {
      endpoint.send(makeFrame(index));
      await sleep(2);
    }
    await waitFor(() => endpoint.errors > 0, "an ICMP port-unreachable error");
    // The peer comes back on the same port: traffic resumes on the same socket.
    const back = createSocket("udp4");
    await new Promise<void>((resolve) => back.bind(port, "127.0.0.1", resolve));
    opened.push({ close: () => new Promise<void>((resolve) => back.close(() => resolve())) });
    const received: Uint8Array[] = [];
    endpoint.onFrame((frame) => received.push(frame));
    back.send(makeFrame(9), endpoint.localPort, "127.0.0.1");
    await waitFor(() => received.length === 1, "a frame from the returned peer");
  });

  it("refuses a port in use with a message naming it, and closes idempotently", async () => {
    const peer = await socket();
    const first = await endpointTo(peer);
    await expect(endpointTo(peer, first.localPort)).rejects.toThrow(
      new RegExp(`^Cannot open UDP tunnel from port ${first.localPort} to 127\\.0\\.0\\.1:${peer.address().port}: .*EADDRINUSE`),
    );
    await first.close();
    await first.close();
    first.send(makeFrame(1));
  });

  it("delivers nothing to a detached handler", async () => {
    const peer = await socket();
    const endpoint = await endpointTo(peer);
    const received: Uint8Array[] = [];
    endpoint.onFrame((frame) => received.push(frame));
    endpoint.onFrame(null);
    peer.send(makeFrame(1), endpoint.localPort, "127.0.0.1");
    await sleep(20);
    expect(received).toEqual([]);
  });
});
