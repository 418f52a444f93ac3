/**
 * A cloud port's device of the host, opened as GNS3 opens it: a host interface through an
 * AF_PACKET socket, except a Linux bridge, which gets a TAP of the daemon's as one more bridge
 * port (a socket on the bridge device would only see what the bridge passes up to the host);
 * a TAP by name, created (and removed with the port) when it does not exist.
 */
import { HostDeviceKind, type HostDevice } from "@shared/proto";
import { createLogger } from "@shared/logging/logger";
import { DeviceEndpoint } from "../forwarding/device-endpoint";
import { changeLink, interfaceExists, isBridge } from "./interfaces";

const log = createLogger("dataplane.host-devices");
/** How often a host interface's port is checked for frames dropped as too long. */
const OVERSIZE_CHECK_MS = 5_000;

export interface OpenedDevice {
  endpoint: DeviceEndpoint;
  /** Stops what watches the device; the caller closes the endpoint. */
  stopWatching(): void;
}

/** Opens `device` for port `portNumber` of node `nodeName`; throws with the message GNS3 gives where it has one. */
export function openHostDevice(device: HostDevice, nodeName: string, portNumber: number): OpenedDevice {
  const name = device.interface;
  if (device.kind === HostDeviceKind.TAP) {
    const existed = interfaceExists(name);
    const endpoint = DeviceEndpoint.openTap(name);
    // A TAP of the user's keeps the state they gave it; one made here is brought up.
    if (!existed) upOrClose(endpoint, {});
    return { endpoint, stopWatching: () => undefined };
  }
  if (!interfaceExists(name)) throw new Error(`Interface '${name}' could not be found on this system, please update '${nodeName}'`);
  if (isBridge(name)) {
    const endpoint = DeviceEndpoint.openTap(`gns3tap%d-${portNumber}`);
    upOrClose(endpoint, { master: name });
    return { endpoint, stopWatching: () => undefined };
  }
  const { endpoint, mtu, offloadsOff } = DeviceEndpoint.openInterface(name);
  if (offloadsOff.length > 0) {
    log.info(`turned ${offloadsOff.join(", ")} off on ${name} while ${nodeName}'s port is open, so that its frames reach the lab as the wire carries them`, { interface: name, node: nodeName });
  }
  return { endpoint, stopWatching: watchOversize(endpoint, name, mtu, nodeName) };
}

function upOrClose(endpoint: DeviceEndpoint, change: { master?: string }): void {
  try {
    changeLink(endpoint.deviceName, { ...change, up: true });
  } catch (error) {
    void endpoint.close();
    throw error;
  }
}

/**
 * Frames longer than the MTU come from a sender on this host that merges them (a veth or
 * bridge peer with TSO or GSO on); the port drops them. Says so once a drop is seen, with the
 * remedy, rather than leaving a user to wonder why large transfers stall.
 */
function watchOversize(endpoint: DeviceEndpoint, name: string, mtu: number, nodeName: string): () => void {
  const timer = setInterval(() => {
    const dropped = endpoint.droppedOversize;
    if (dropped === 0) return;
    log.warn(`frames longer than ${name}'s MTU (${mtu}) are dropped: turn segmentation offloads off on the sending side (ethtool -K DEVICE tso off gso off gro off)`, {
      interface: name,
      node: nodeName,
      dropped,
    });
    // Told once: the count goes on in the port's counters.
    clearInterval(timer);
  }, OVERSIZE_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
