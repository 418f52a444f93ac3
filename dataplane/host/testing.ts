/** Stand-ins and specs for the tests of a host's reconciler and its node runtimes. */
import { createSocket, type Socket } from "node:dgram";
import { NodeKind, PortMode, type LinkSpec, type NodeSpec } from "@shared/proto";

/** A stand-in emulator: a UDP socket on loopback that records the frames it receives. */
export interface StandInEmulator {
  socket: Socket;
  port: number;
  frames: Buffer[];
}

/** Opens one; `later` closes it after the test. */
export async function standInEmulator(later: (step: () => unknown) => void): Promise<StandInEmulator> {
  // A real emulator reads in its own process; this one shares the relay's event loop, so its
  // buffer must hold what one wake-up of the batched path sends (up to 512 datagrams).
  const socket = createSocket({ type: "udp4", recvBufferSize: 4 << 20 });
  const frames: Buffer[] = [];
  socket.on("message", (frame) => frames.push(frame));
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", () => resolve()));
  later(() => new Promise<void>((resolve) => socket.close(() => resolve())));
  return { socket, port: socket.address().port, frames };
}

/** A cloud of project "p" whose port N is a UDP tunnel from the daemon's port `local` to an emulator's `remote`. */
export function cloudOfTunnels(nodeId: string, tunnels: ReadonlyArray<{ local: number; remote: number }>): NodeSpec {
  return {
    nodeId, projectId: "p", name: nodeId, kind: NodeKind.CLOUD, running: true, consolePort: 0, startupScript: "", restartGeneration: 0, suspended: false, qemu: null, docker: null, dynamips: null,
    ports: tunnels.map((tunnel, index) => ({
      portNumber: index, name: `udp${index}`, mode: PortMode.MODE_UNSPECIFIED, vlan: 0, ethertype: 0,
      cloudUdp: { localPort: tunnel.local, remoteHost: "127.0.0.1", remotePort: tunnel.remote }, cloudDevice: null, linked: true,
    })),
  };
}

/** A link of project "p" between two local ports on adapter 0, `[node id, port]` each. */
export function localLink(linkId: string, a: [string, number], b: [string, number], extra: Partial<LinkSpec> = {}): LinkSpec {
  return {
    linkId, projectId: "p",
    a: { nodeId: a[0], adapterNumber: 0, portNumber: a[1], local: true },
    b: { nodeId: b[0], adapterNumber: 0, portNumber: b[1], local: true },
    filters: [], suspended: false, tunnel: null, capture: null, ...extra,
  };
}
