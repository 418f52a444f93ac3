import type { NodeSpec, PortSpec } from "@shared/proto";
import type { Endpoint } from "../forwarding/endpoint";
import { UdpEndpoint } from "../forwarding/udp-endpoint";
import { openHostDevice } from "../host-network/host-devices";
import { portKey, type NodeRuntime } from "./node-runtime";

/** An open port: what it was opened as (a change reopens it), its endpoint, what stops its watchers. */
interface OpenPort {
  identity: string;
  endpoint: Endpoint;
  stopWatching(): void;
}

/**
 * A cloud node's ports, as `ports_mapping` gives them. A `udp` port listens on its
 * `local_port` and sends to the emulator's `remote_host:remote_port`, so QEMU, Dynamips or
 * another ubridge plug into the topology unchanged; it is open while the node exists. An
 * `ethernet` port (a host interface) or `tap` port (a TAP device) is opened while a link uses
 * it, as GNS3 does: a cloud offering every interface of the host does not read them all.
 */
export class CloudRuntime implements NodeRuntime {
  private readonly ports = new Map<string, OpenPort>();
  /** Why a device port a link uses could not be opened: the link reports it. */
  private readonly refused = new Map<string, string>();

  static async start(spec: NodeSpec): Promise<CloudRuntime> {
    const runtime = new CloudRuntime();
    const problem = await runtime.update(spec);
    if (problem && runtime.ports.size === 0 && spec.ports.some((port) => port.cloudUdp)) throw new Error(problem);
    return runtime;
  }

  endpoint(adapterNumber: number, portNumber: number): Endpoint | undefined {
    return adapterNumber === 0 ? this.ports.get(portKey(0, portNumber))?.endpoint : undefined;
  }

  portProblem(adapterNumber: number, portNumber: number): string | undefined {
    return adapterNumber === 0 ? this.refused.get(portKey(0, portNumber)) : undefined;
  }

  /** Resolves with the UDP ports that could not be opened; a device port's problem goes to its link. */
  async update(spec: NodeSpec): Promise<string | null> {
    const problems: string[] = [];
    const wanted = new Map<string, { port: PortSpec; identity: string }>();
    for (const port of spec.ports) {
      const identity = identityOf(port);
      if (identity !== undefined) wanted.set(portKey(0, port.portNumber), { port, identity });
    }
    this.refused.clear();
    for (const [key, open] of this.ports) {
      if (wanted.get(key)?.identity === open.identity) continue;
      open.stopWatching();
      await open.endpoint.close();
      this.ports.delete(key);
    }
    for (const [key, { port, identity }] of wanted) {
      if (this.ports.has(key)) continue;
      if (port.cloudDevice) {
        try {
          const { endpoint, stopWatching } = openHostDevice(port.cloudDevice, spec.name, port.portNumber);
          this.ports.set(key, { identity, endpoint, stopWatching });
        } catch (error) {
          this.refused.set(key, (error as Error).message);
        }
      } else if (port.cloudUdp) {
        const { localPort, remoteHost, remotePort } = port.cloudUdp;
        try {
          const endpoint = await UdpEndpoint.open({ localPort, remoteHost, remotePort });
          this.ports.set(key, { identity, endpoint, stopWatching: () => undefined });
        } catch (error) {
          problems.push(`port ${port.name}: cannot open UDP ${localPort} → ${remoteHost}:${remotePort}: ${(error as Error).message}`);
        }
      }
    }
    return problems.length > 0 ? problems.join("; ") : null;
  }

  async close(): Promise<void> {
    for (const open of this.ports.values()) open.stopWatching();
    await Promise.all([...this.ports.values()].map((open) => open.endpoint.close()));
    this.ports.clear();
  }
}

/** What a port is opened as; undefined for a port that is not to be open (a device no link uses). */
function identityOf(port: PortSpec): string | undefined {
  if (port.cloudUdp) return `udp ${port.cloudUdp.localPort} ${port.cloudUdp.remoteHost} ${port.cloudUdp.remotePort}`;
  if (port.cloudDevice && port.linked) return `device ${port.cloudDevice.kind} ${port.cloudDevice.interface}`;
  return undefined;
}
