/**
 * A Dynamips UDP NIO and the daemon socket at its other end: one datagram is one frame (an
 * Ethernet frame, or a serial link's Frame Relay frame or ATM cell), as GNS3's nio_udp.
 * Dynamips picks its own port (`create_udp_auto`, no race with another program) in the
 * kernel's ephemeral range, where the daemon's tunnel port range is not; the daemon's socket
 * is then opened toward it and Dynamips is told where that is (`connect_udp_auto`).
 */
import { readFileSync } from "node:fs";
import { UdpEndpoint } from "../forwarding/udp-endpoint";
import type { HypervisorClient } from "./hypervisor-client";

function ephemeralPorts(): [number, number] {
  try {
    const [low, high] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number);
    if (low && high && low < high) return [low, high];
  } catch {
    // Not Linux: the range most systems use.
  }
  return [49152, 65535];
}

export async function openUdpNio(client: HypervisorClient, name: string): Promise<UdpEndpoint> {
  const [low, high] = ephemeralPorts();
  const [port] = await client.send("nio", "create_udp_auto", name, "127.0.0.1", low, high);
  const tunnel = await UdpEndpoint.open({ localPort: 0, localAddress: "127.0.0.1", remoteHost: "127.0.0.1", remotePort: Number(port) });
  try {
    await client.send("nio", "connect_udp_auto", name, "127.0.0.1", tunnel.localPort);
  } catch (error) {
    await tunnel.close();
    throw error;
  }
  return tunnel;
}
