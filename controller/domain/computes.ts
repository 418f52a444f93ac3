import { NODE_TYPE_TRAITS } from "./node-types";

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

/** `dataplane` (our addition, for hosts a daemon connected as) is left out otherwise, as GNS3 has no such field. */
export function computeToWire(
  compute: ComputeRecord,
  version: string,
  usage: { cpu_usage_percent: number; memory_usage_percent: number },
  dataplane?: object,
) {
  return {
    capabilities: {
      node_types: Object.entries(NODE_TYPE_TRAITS)
        .filter(([, traits]) => traits.creation !== undefined)
        .map(([type]) => type)
        .sort(),
      platform: "linux",
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
