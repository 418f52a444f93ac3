/**
 * A node port that is a device of the host: a TAP device, or a host interface read and written
 * through an AF_PACKET socket, as a cloud node's `tap` and `ethernet` ports are in GNS3. Only
 * the native addon has them: without it they are refused with the reason it did not load, and
 * nothing stands in for them.
 */
import { NativePort } from "./native-port";
import { udpPath, type NativeAddon } from "./native-udp";
import { SocketEndpoint } from "./socket-endpoint";

function addon(what: string): NativeAddon {
  const path = udpPath();
  if (path.kind === "native") return path.addon;
  throw new Error(`${what} needs the dataplane's native addon, which this daemon runs without (${path.reason})`);
}

export class DeviceEndpoint extends SocketEndpoint {
  private constructor(
    private readonly port: NativePort,
    /** The device's name: a TAP opened with a `%d` in its name has the number the kernel chose. */
    readonly deviceName: string,
  ) {
    super(port);
  }

  /** Creates the TAP `name` (removed again when the endpoint closes) or attaches to an existing one. */
  static openTap(name: string): DeviceEndpoint {
    const { port, name: opened } = NativePort.openTap(addon(`TAP device ${name}`), name);
    return new DeviceEndpoint(port, opened);
  }

  /**
   * Host interface `name`, in promiscuous mode. GRO and LRO are turned off on it while the
   * endpoint is open, since a frame the kernel merged on receipt would reach the socket larger
   * than any wire carries; `offloadsOff` says which were on, for the daemon to tell its user.
   */
  static openInterface(name: string): { endpoint: DeviceEndpoint; mtu: number; offloadsOff: string[] } {
    const { port, mtu, offloadsOff } = NativePort.openPacket(addon(`Host interface ${name}`), name);
    return { endpoint: new DeviceEndpoint(port, name), mtu, offloadsOff };
  }

  /** Frames dropped as longer than the interface's MTU allows (merged by a sender's offloads). */
  get droppedOversize(): number {
    return this.port.droppedOversize;
  }
}
