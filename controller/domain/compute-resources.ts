import type { HostNetworkInterface } from "@shared/host/network-interfaces";
import { missingRecord } from "./errors";

/**
 * What a compute offers besides running nodes, as GNS3's compute API describes it: images per
 * emulator and the ports it has handed out.
 */

/**
 * GNS3 computes keep QEMU, IOU and Dynamips images in folders of their own; here every
 * emulator's images are one store. Docker's are those of the host's engine, as its daemon
 * reported them (`docker-host.ts`).
 */
const IMAGE_EMULATORS: Record<string, "image-store" | "engine"> = { qemu: "image-store", iou: "image-store", dynamips: "image-store", docker: "engine" };

/** Where an emulator's images are listed from; a compute without that emulator answers as GNS3 forwards a compute's 404. */
export function imageListSource(emulator: string): "image-store" | "engine" {
  const source = Object.hasOwn(IMAGE_EMULATORS, emulator) ? IMAGE_EMULATORS[emulator] : undefined;
  if (!source) throw missingRecord(`GET /${emulator}/images not found`);
  return source;
}

/** Only emulators whose images are files take uploads. */
export function assertImageUploads(emulator: string, filename: string): void {
  if (!Object.hasOwn(IMAGE_EMULATORS, emulator) || IMAGE_EMULATORS[emulator] !== "image-store") {
    throw missingRecord(`POST /${emulator}/images/${filename} not found`);
  }
}

export type PortRange = readonly [first: number, last: number];

/** GNS3's own UDP range, reported for a host whose daemon has not yet said which one it uses. */
export const GNS3_UDP_PORT_RANGE: PortRange = [10000, 20000];

export interface ComputePortsWire {
  console_port_range: [number, number];
  console_ports: number[];
  udp_port_range: [number, number];
  udp_ports: number[];
}

export interface PortClaims {
  consoleRange: PortRange;
  consolePorts: readonly number[];
  udpRange: PortRange | undefined;
  udpPorts: readonly number[];
}

/** GNS3's `GET /v2/computes/{id}/ports`: the ranges a compute allocates from and what it has taken, lowest first. */
export function computePortsToWire(claims: PortClaims): ComputePortsWire {
  const ascending = (ports: readonly number[]) => [...ports].sort((a, b) => a - b);
  const udpRange = claims.udpRange ?? GNS3_UDP_PORT_RANGE;
  return {
    console_port_range: [claims.consoleRange[0], claims.consoleRange[1]],
    console_ports: ascending(claims.consolePorts),
    udp_port_range: [udpRange[0], udpRange[1]],
    udp_ports: ascending(claims.udpPorts),
  };
}

/** An interface as GNS3's compute lists it (`GET /v2/compute/network/interfaces`). */
export interface NetworkInterfaceWire {
  id: string;
  name: string;
  ip_address: string;
  netmask: string;
  mac_address: string;
  type: "ethernet" | "tap";
  special: boolean;
}

export function networkInterfaceToWire(found: HostNetworkInterface): NetworkInterfaceWire {
  return { id: found.name, name: found.name, ip_address: found.ip_address, netmask: found.netmask, mac_address: found.mac_address, type: found.type, special: found.special };
}
