import { HostDeviceKind, type NodeSpec } from "@shared/proto";
import type { Endpoint } from "../forwarding/endpoint";
import { openHostDevice, type OpenedDevice } from "../host-network/host-devices";
import type { NatNetworks } from "../host-network/nat-network";
import type { NodeRuntime, NodeRuntimeFactory } from "./node-runtime";

/**
 * A NAT node: its one port (`nat0`) is a TAP in the host's NAT network (libvirt's virbr0, or
 * the one the daemon makes), opened while a link uses it, as GNS3 plugs a NAT node into
 * virbr0. The network exists while a NAT node does.
 */
export class NatRuntime implements NodeRuntime {
  private port: OpenedDevice | undefined;
  private problem: string | undefined;
  private released = false;

  private constructor(
    private readonly networks: NatNetworks,
    private readonly bridge: string,
  ) {}

  static async start(spec: NodeSpec, networks: NatNetworks): Promise<NatRuntime> {
    const runtime = new NatRuntime(networks, await networks.acquire(spec.name));
    await runtime.update(spec);
    return runtime;
  }

  endpoint(adapterNumber: number, portNumber: number): Endpoint | undefined {
    return adapterNumber === 0 && portNumber === 0 ? this.port?.endpoint : undefined;
  }

  portProblem(adapterNumber: number, portNumber: number): string | undefined {
    return adapterNumber === 0 && portNumber === 0 ? this.problem : undefined;
  }

  async update(spec: NodeSpec): Promise<string | null> {
    const linked = spec.ports.some((port) => port.portNumber === 0 && port.linked);
    this.problem = undefined;
    if (linked && !this.port) {
      try {
        this.port = openHostDevice({ kind: HostDeviceKind.ETHERNET, interface: this.bridge }, spec.name, 0);
      } catch (error) {
        this.problem = (error as Error).message;
      }
    } else if (!linked && this.port) {
      await this.closePort();
    }
    return null;
  }

  private async closePort(): Promise<void> {
    const port = this.port;
    this.port = undefined;
    port?.stopWatching();
    await port?.endpoint.close();
  }

  async close(): Promise<void> {
    await this.closePort();
    if (this.released) return;
    this.released = true;
    await this.networks.release();
  }
}

export function natNodeFactory(networks: NatNetworks): NodeRuntimeFactory {
  return (spec) => NatRuntime.start(spec, networks);
}
