/** A link to a node whose process restarts: its port swaps tunnels under a relay that may forward in C. */
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "@shared/testing/cleanups";
import { LinkRelay } from "../forwarding/link-relay";
import { udpPath } from "../forwarding/native-udp";
import { makeFrame, Peer, sequenceOf, waitFor } from "../forwarding/testing";
import { UdpEndpoint } from "../forwarding/udp-endpoint";
import { SwitchablePort } from "./switchable-port";

const { later } = cleanupAfterEach();

async function tunnelTo(peer: Peer): Promise<UdpEndpoint> {
  const tunnel = await UdpEndpoint.open({ localPort: 0, localAddress: "127.0.0.1", remoteHost: "127.0.0.1", remotePort: peer.port });
  later(() => tunnel.close());
  return tunnel;
}

async function peer(endpointPort: () => number): Promise<Peer> {
  const opened = await Peer.open(endpointPort);
  later(() => opened.close());
  return opened;
}

describe("a switchable port under a link relay", () => {
  it("keeps forwarding both ways across a restart of either end, every frame counted", async () => {
    let vmTunnel: UdpEndpoint | undefined;
    let otherTunnel: UdpEndpoint | undefined;
    const vm = await peer(() => vmTunnel!.localPort);
    const other = await peer(() => otherTunnel!.localPort);
    const vmPort = new SwitchablePort();
    const otherPort = new SwitchablePort();
    vmTunnel = await tunnelTo(vm);
    otherTunnel = await tunnelTo(other);
    vmPort.attach(vmTunnel);
    otherPort.attach(otherTunnel);
    const relay = new LinkRelay(vmPort, otherPort);
    later(() => relay.close());

    const exchange = async (from: number, count: number): Promise<void> => {
      for (let index = 0; index < count; index++) {
        vm.send(makeFrame(from + index));
        other.send(makeFrame(from + index));
      }
      await waitFor(() => other.arrivals.length === from + count && vm.arrivals.length === from + count, `${from + count} frames each way`);
    };
    await exchange(0, 50);

    // The VM restarts: a new process, a new tunnel socket behind the same port.
    vmPort.detach();
    await vmTunnel.close();
    vmTunnel = await tunnelTo(vm);
    vmPort.attach(vmTunnel);
    await exchange(50, 50);

    // Then the other end restarts.
    otherPort.detach();
    await otherTunnel.close();
    otherTunnel = await tunnelTo(other);
    otherPort.attach(otherTunnel);
    await exchange(100, 50);

    expect(other.arrivals.map((arrival) => sequenceOf(arrival.frame))).toEqual([...Array(150).keys()]);
    expect(vm.arrivals.map((arrival) => sequenceOf(arrival.frame))).toEqual([...Array(150).keys()]);
    const { aToB, bToA } = relay.counters();
    expect([aToB.framesIn, aToB.framesOut, bToA.framesIn, bToA.framesOut]).toEqual([150, 150, 150, 150]);
    expect([aToB.bytesOut, bToA.bytesOut]).toEqual([150 * 60, 150 * 60]);
    if (udpPath().kind === "native") expect([vmPort.nativeForwarded().framesOut > 0, otherPort.nativeForwarded().framesOut > 0]).toEqual([true, true]);
  });
});
