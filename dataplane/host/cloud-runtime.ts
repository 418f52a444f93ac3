import type { NodeSpec, PortSpec } from "@shared/proto";
import type { Endpoint } from "../forwarding/endpoint";
import { UdpEndpoint } from "../forwarding/udp-endpoint";
import { portKey, type NodeRuntime } from "./node-runtime";

/**
 * A cloud node's UDP-tunnel ports: each listens on its `local_port` and sends to the
 * emulator's `remote_host:remote_port`, so QEMU (`-netdev dgram`/`socket,udp=`), Dynamips or
 * another ubridge plug into the topology unchanged. Host-interface and TAP ports need
 * privileges this daemon does not take; they are reported, not silently ignored.
 */
export class CloudRuntime implements NodeRuntime {
  private readonly ports = new Map<string, { spec: PortSpec; endpoint: UdpEndpoint }>();

  static async start(spec: NodeSpec): Promise<CloudRuntime> {
    const runtime = new CloudRuntime();
    const problem = await runtime.update(spec);
    if (problem && runtime.ports.size === 0 && spec.ports.some((port) => port.cloudUdp)) throw new Error(problem);
    return runtime;
  }

  endpoint(adapterNumber: number, portNumber: number): Endpoint | undefined {
    return adapterNumber === 0 ? this.ports.get(portKey(0, portNumber))?.endpoint : undefined;
  }

  async update(spec: NodeSpec): Promise<string | null> {
    const problems: string[] = [];
    const wanted = new Map(spec.ports.map((port) => [portKey(0, port.portNumber), port]));
    for (const [key, open] of this.ports) {
      const port = wanted.get(key);
      if (!port?.cloudUdp || !sameTunnel(port, open.spec)) {
        await open.endpoint.close();
        this.ports.delete(key);
      }
    }
    for (const [key, port] of wanted) {
      if (this.ports.has(key)) continue;
      if (!port.cloudUdp) {
        problems.push(`port ${port.name}: only UDP tunnel ports are forwarded by this daemon`);
        continue;
      }
      try {
        const endpoint = await UdpEndpoint.open({
          localPort: port.cloudUdp.localPort,
          remoteHost: port.cloudUdp.remoteHost,
          remotePort: port.cloudUdp.remotePort,
        });
        this.ports.set(key, { spec: port, endpoint });
      } catch (error) {
        problems.push(`port ${port.name}: cannot open UDP ${port.cloudUdp.localPort} → ${port.cloudUdp.remoteHost}:${port.cloudUdp.remotePort}: ${(error as Error).message}`);
      }
    }
    return problems.length > 0 ? problems.join("; ") : null;
  }

  async close(): Promise<void> {
    await Promise.all([...this.ports.values()].map((port) => port.endpoint.close()));
    this.ports.clear();
  }
}

function sameTunnel(a: PortSpec, b: PortSpec): boolean {
  return (
    a.cloudUdp?.localPort === b.cloudUdp?.localPort &&
    a.cloudUdp?.remoteHost === b.cloudUdp?.remoteHost &&
    a.cloudUdp?.remotePort === b.cloudUdp?.remotePort
  );
}
