import { NODE_TYPE_TRAITS } from "./node-types";
import type { QemuAccelerator } from "./qemu-host";

/** The controller's own compute, which always exists (GNS3's `local`). */
export const LOCAL_COMPUTE_ID = "local";

export interface ComputeRecord {
  compute_id: string;
  name: string;
  protocol: "http" | "https";
  host: string;
  port: number;
  user: string | null;
  connected: boolean;
  last_error: string | null;
}

/** GNS3's port, reported where the runtime cannot tell the one it listens on (Workers). */
export const GNS3_DEFAULT_PORT = 3080;

export function localCompute(host: string, port: number): ComputeRecord {
  return { compute_id: LOCAL_COMPUTE_ID, name: "local", protocol: "http", host, port, user: null, connected: true, last_error: null };
}

/** What the compute's host told of itself, beyond its record. */
export interface ComputeHostView {
  /** Our addition, for hosts a daemon connected as; left out otherwise, as GNS3 has no such field. */
  dataplane?: object;
  /** Our addition to the capabilities, which GNS3 clients ignore: what QEMU guests run under there. */
  qemuAccelerator: QemuAccelerator;
}

export function computeToWire(
  compute: ComputeRecord,
  version: string,
  usage: { cpu_usage_percent: number; memory_usage_percent: number },
  { dataplane, qemuAccelerator }: ComputeHostView,
) {
  return {
    capabilities: {
      node_types: Object.entries(NODE_TYPE_TRAITS)
        .filter(([, traits]) => traits.creation !== undefined)
        .map(([type]) => type)
        .sort(),
      platform: "linux",
      qemu_accelerator: qemuAccelerator,
      version,
    },
    compute_id: compute.compute_id,
    connected: compute.connected,
    cpu_usage_percent: usage.cpu_usage_percent,
    ...(dataplane ? { dataplane } : {}),
    host: compute.host,
    last_error: compute.last_error,
    memory_usage_percent: usage.memory_usage_percent,
    name: compute.name,
    port: compute.port,
    protocol: compute.protocol,
    user: compute.user,
  };
}
