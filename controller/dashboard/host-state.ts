import type { DataplaneStatusWire } from "@shared/schemas/dataplane-status";

/** What the host view reads of a host's dataplane: the controller's own type for it. */
export type HostDataplane = DataplaneStatusWire;

/** What the host view reads of `GET /v2/computes/{id}`: the compute and, for a host a dataplane daemon connected as, its `dataplane`. */
export interface HostCompute {
  compute_id: string;
  name: string;
  connected: boolean;
  last_error: string | null;
  dataplane?: HostDataplane;
}

/** A host's daemon is connected, was and is gone, or never connected (a compute with no daemon). */
export type HostState = "connected" | "unreachable" | "no-daemon";

export function hostState(compute: HostCompute): HostState {
  if (!compute.dataplane) return "no-daemon";
  return compute.dataplane.connected ? "connected" : "unreachable";
}

/** What the controller knows went wrong on the host, one sentence each, most pressing first. */
export function hostProblems(compute: HostCompute): string[] {
  const problems: string[] = [];
  if (compute.last_error) problems.push(compute.last_error);
  const dataplane = compute.dataplane;
  if (!dataplane) return problems;
  if (dataplane.connected && dataplane.applied_revision < dataplane.revision) {
    problems.push(`Applying revision ${dataplane.revision} (applied: ${dataplane.applied_revision})`);
  }
  for (const error of dataplane.errors) problems.push(`Failed to apply ${error.kind} ${error.id}: ${error.message}`);
  for (const item of dataplane.left_out) problems.push(`Not run here: ${item.kind} ${item.id}: ${item.reason}`);
  if (dataplane.kvm_detail) problems.push(`QEMU runs without KVM: ${dataplane.kvm_detail}`);
  return problems;
}

/** One reading of a host's running total of forwarded frames. */
export interface ForwardedReading {
  frames: number;
  /** Milliseconds since the epoch when the host read the counters behind `frames`. */
  sampledAtMs: number;
}

export function forwardedReading(dataplane: HostDataplane | undefined): ForwardedReading | undefined {
  if (!dataplane?.forwarded_sampled_at) return undefined;
  const sampledAtMs = Date.parse(dataplane.forwarded_sampled_at);
  return Number.isFinite(sampledAtMs) ? { frames: dataplane.forwarded_frames, sampledAtMs } : undefined;
}

/**
 * Frames per second between two readings, or undefined when they cannot tell: no newer report
 * in between, or a total that went back (the controller restarted and counts afresh).
 */
export function framesPerSecond(earlier: ForwardedReading, later: ForwardedReading): number | undefined {
  const seconds = (later.sampledAtMs - earlier.sampledAtMs) / 1000;
  if (!(seconds > 0) || later.frames < earlier.frames) return undefined;
  return (later.frames - earlier.frames) / seconds;
}
