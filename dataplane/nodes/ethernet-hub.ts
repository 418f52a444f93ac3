/** GNS3's built-in Ethernet hub: every frame entering a port leaves by every other port. */
import type { Endpoint } from "../forwarding/endpoint";
import { DeviceInbox, InProcessPort } from "./in-process-port";

export class EthernetHub {
  private readonly ports = new Map<number, InProcessPort>();
  private readonly inbox = new DeviceInbox((from, frame) => this.repeat(from, frame));

  constructor(portNumbers: readonly number[]) {
    this.configure(portNumbers);
  }

  /** Applies a new port list; remaining ports keep their endpoint and attached link. */
  configure(portNumbers: readonly number[]): void {
    const wanted = new Set(portNumbers);
    for (const [portNumber, port] of this.ports) {
      if (!wanted.has(portNumber)) {
        port.onFrame(null);
        this.ports.delete(portNumber);
      }
    }
    for (const portNumber of wanted) {
      if (!this.ports.has(portNumber)) {
        this.ports.set(portNumber, new InProcessPort(portNumber, this.inbox, () => {}));
      }
    }
  }

  /** The endpoint of a port; throws when the hub has no such port. */
  port(portNumber: number): Endpoint {
    const port = this.ports.get(portNumber);
    if (port === undefined) throw new Error(`The hub has no port ${portNumber}`);
    return port;
  }

  close(): void {
    for (const port of this.ports.values()) port.onFrame(null);
  }

  private repeat(from: InProcessPort, frame: Uint8Array): void {
    if (this.ports.get(from.portNumber) !== from) return;
    for (const port of this.ports.values()) if (port !== from) port.deliver(frame);
  }
}
