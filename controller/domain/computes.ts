import type { ComputeCreate, ComputeUpdate } from "@shared/schemas/compute";
import { NODE_TYPE_TRAITS } from "./node-types";
import type { QemuAccelerator } from "./qemu-host";

/** The controller's own compute, which always exists (GNS3's `local`). */
export const LOCAL_COMPUTE_ID = "local";

export interface ComputeRecord {
  compute_id: string;
  /**
   * Registered through `POST /v2/computes` (before or after its daemon first dialled in): its
   * name, host and port are the client's, not the daemon's Hello's, and it has a token of its own.
   */
  registered?: boolean;
  name: string;
  protocol: "http" | "https";
  host: string;
  port: number;
  user: string | null;
  connected: boolean;
  last_error: string | null;
}

/**
 * Whether a dataplane host is connected to this controller: a record can say connected from an
 * earlier run that ended without saying otherwise (a Worker's objects outlive the workerd that
 * ran them). `startedAtMs`: when this controller's runtime began.
 */
export function connectedNow(startedAtMs: number | undefined, host: { connected: boolean; connected_at?: number } | undefined): boolean {
  if (!host?.connected) return false;
  return startedAtMs === undefined || (host.connected_at ?? 0) >= startedAtMs;
}

/** GNS3's port, reported where the runtime cannot tell the one it listens on (Workers). */
export const GNS3_DEFAULT_PORT = 3080;

export function localCompute(host: string, port: number): ComputeRecord {
  return { compute_id: LOCAL_COMPUTE_ID, name: "local", protocol: "http", host, port, user: null, connected: true, last_error: null };
}

/**
 * GNS3's answer to "where does a client call this compute action": the compute's own API URL
 * (`GET /v2/computes/endpoint/{id}/{emulator}/{action}`). A wildcard address is given as the
 * loopback one, and an IPv6 address in its short form between brackets, as GNS3 does.
 */
export function computeEndpoint(compute: Pick<ComputeRecord, "protocol" | "host" | "port">, emulator: string, action: string): string {
  let host = compute.host;
  if (host.includes(":")) {
    const short = new URL(`http://[${host}]/`).hostname;
    host = short === "[::]" ? "[::1]" : short;
  } else if (host === "0.0.0.0") host = "127.0.0.1";
  return `${compute.protocol}://${host}:${compute.port}/v2/compute/${emulator}/${action}`;
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

/**
 * A compute as `POST /v2/computes` registers it, not connected until a daemon dials in as its
 * id. The name defaults as GNS3 makes it: `http://host:port`, with the user before the host.
 */
export function registeredCompute(input: ComputeCreate, computeId: string): ComputeRecord {
  const user = userOf(input.user);
  return {
    compute_id: computeId,
    registered: true,
    name: input.name ?? defaultComputeName(input.protocol, input.host, input.port, user),
    protocol: input.protocol,
    host: input.host.trim(),
    port: input.port,
    user,
    connected: false,
    last_error: null,
  };
}

/** A PUT: the fields given replace those stored; an empty user removes it, as GNS3's `_set_auth` does. */
export function updatedCompute(record: ComputeRecord, input: ComputeUpdate): ComputeRecord {
  return {
    ...record,
    registered: true,
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.protocol !== undefined ? { protocol: input.protocol } : {}),
    ...(input.host !== undefined ? { host: input.host.trim() } : {}),
    ...(input.port !== undefined ? { port: input.port } : {}),
    ...(input.user !== undefined ? { user: userOf(input.user) } : {}),
  };
}

/** The daemon's own token a registration or update sets: the password a GNS3 client sends, when it sends one. */
export function passwordToken(password: string | null | undefined): string | undefined {
  const token = password?.trim();
  return token ? token : undefined;
}

function userOf(user: string | null | undefined): string | null {
  const trimmed = user?.trim();
  return trimmed ? trimmed : null;
}

/** GNS3 cuts a long user name to eleven characters and an ellipsis in the default name. */
function defaultComputeName(protocol: string, host: string, port: number, user: string | null): string {
  if (user === null) return `${protocol}://${host.trim()}:${port}`;
  const shown = user.length > 14 ? `${user.slice(0, 11)}...` : user;
  return `${protocol}://${shown}@${host.trim()}:${port}`;
}
