import { PortMode, type NodeSpec } from "@shared/proto";
import type { Endpoint } from "../forwarding/endpoint";
import { EthernetHub } from "../nodes/ethernet-hub";
import { EthernetSwitch, type SwitchPortConfig, type SwitchPortMode } from "../nodes/ethernet-switch";
import type { NodeRuntime } from "./node-runtime";

const MODES: Partial<Record<PortMode, SwitchPortMode>> = {
  [PortMode.ACCESS]: "access",
  [PortMode.DOT1Q]: "dot1q",
  [PortMode.QINQ]: "qinq",
};

function switchPorts(spec: NodeSpec): SwitchPortConfig[] {
  return spec.ports.map((port) => ({
    portNumber: port.portNumber,
    mode: MODES[port.mode] ?? "access",
    vlan: port.vlan || 1,
    ethertype: port.ethertype,
  }));
}

/** Built-in devices have every port on adapter 0 and forward as long as they exist. */
function portOf(device: { port(portNumber: number): Endpoint }, adapterNumber: number, portNumber: number): Endpoint | undefined {
  if (adapterNumber !== 0) return undefined;
  try {
    return device.port(portNumber);
  } catch {
    return undefined;
  }
}

export class SwitchRuntime implements NodeRuntime {
  private readonly device: EthernetSwitch;

  constructor(spec: NodeSpec) {
    this.device = new EthernetSwitch(switchPorts(spec));
  }

  endpoint(adapterNumber: number, portNumber: number): Endpoint | undefined {
    return portOf(this.device, adapterNumber, portNumber);
  }

  async update(spec: NodeSpec): Promise<string | null> {
    this.device.configure(switchPorts(spec));
    return null;
  }

  async close(): Promise<void> {
    this.device.close();
  }
}

export class HubRuntime implements NodeRuntime {
  private readonly device: EthernetHub;

  constructor(spec: NodeSpec) {
    this.device = new EthernetHub(spec.ports.map((port) => port.portNumber));
  }

  endpoint(adapterNumber: number, portNumber: number): Endpoint | undefined {
    return portOf(this.device, adapterNumber, portNumber);
  }

  async update(spec: NodeSpec): Promise<string | null> {
    this.device.configure(spec.ports.map((port) => port.portNumber));
    return null;
  }

  async close(): Promise<void> {
    this.device.close();
  }
}
