import type { DirectionCounters } from "@shared/proto";
import type { DirectionCountersWire, LinkCountersWire } from "@shared/schemas/link-counters";
import type { LinkEnd, LinkRecord } from "./links";

export type { LinkCountersWire } from "@shared/schemas/link-counters";

/** One direction's counters as the host that filters it last reported them. */
export interface DirectionSample {
  counters: DirectionCounters;
  /** Unix time in ms when the host read them. */
  sampledAtMs: number;
}

/**
 * The newest counters of one link. A direction is absent while no host holding its sending
 * end has reported it. Plain data, so that it crosses between Durable Objects as JSON.
 */
export interface LinkCountersSample {
  projectId: string;
  linkId: string;
  /** From the link's first end (`nodes[0]`) towards its second. */
  aToB?: DirectionSample;
  bToA?: DirectionSample;
}


export const COUNTER_FIELDS = [
  "framesIn", "framesOut", "bytesIn", "bytesOut", "droppedFrequency", "droppedLoss", "droppedBpf",
  "droppedSuspended", "corrupted", "delayedQueued", "droppedDelayFull", "droppedRateQueueFull", "droppedLossBurst",
  "duplicated", "reordered", "rateQueued",
] as const satisfies ReadonlyArray<keyof DirectionCounters>;

const ZERO_COUNTERS = Object.fromEntries(COUNTER_FIELDS.map((field) => [field, 0])) as Record<keyof DirectionCounters, number>;

/**
 * Samples of one link from several hosts (or several books: one per host on Workers) as one:
 * each direction from the newest sample that has it; undefined when none has any.
 */
export function mergeLinkCountersSamples(samples: ReadonlyArray<LinkCountersSample | undefined>): LinkCountersSample | undefined {
  let aToB: DirectionSample | undefined;
  let bToA: DirectionSample | undefined;
  let first: LinkCountersSample | undefined;
  for (const sample of samples) {
    if (!sample) continue;
    first ??= sample;
    aToB = newer(aToB, sample.aToB);
    bToA = newer(bToA, sample.bToA);
  }
  if (!first || (!aToB && !bToA)) return undefined;
  return { projectId: first.projectId, linkId: first.linkId, ...(aToB ? { aToB } : {}), ...(bToA ? { bToA } : {}) };
}

/** The answer of `GET …/links/{link_id}/counters` and the `link.counters` event: zeros and no time before any report. */
export function linkCountersWire(link: LinkRecord, sample: LinkCountersSample | undefined): LinkCountersWire {
  const [a, b] = link.nodes;
  // Creation and import both refuse a link without exactly two ends.
  if (!a || !b) throw new Error(`link ${link.link_id} has ${link.nodes.length} ends`);
  const newest = Math.max(sample?.aToB?.sampledAtMs ?? -1, sample?.bToA?.sampledAtMs ?? -1);
  const time = plausibleTime(newest);
  return {
    directions: [directionWire(a, b, sample?.aToB?.counters), directionWire(b, a, sample?.bToA?.counters)],
    link_id: link.link_id,
    project_id: link.project_id,
    sampled_at: time === undefined ? null : new Date(time).toISOString(),
  };
}

function directionWire(from: LinkEnd, to: LinkEnd, counters: DirectionCounters = ZERO_COUNTERS): DirectionCountersWire {
  return {
    bytes_in: counters.bytesIn,
    bytes_out: counters.bytesOut,
    corrupted: counters.corrupted,
    delay_queued: counters.delayedQueued,
    dropped: {
      bpf: counters.droppedBpf,
      delay_queue_full: counters.droppedDelayFull,
      frequency: counters.droppedFrequency,
      loss: counters.droppedLoss,
      loss_burst: counters.droppedLossBurst,
      rate_queue_full: counters.droppedRateQueueFull,
      suspended: counters.droppedSuspended,
    },
    duplicated: counters.duplicated,
    frames_in: counters.framesIn,
    frames_out: counters.framesOut,
    from: endRef(from),
    rate_queued: counters.rateQueued,
    reordered: counters.reordered,
    to: endRef(to),
  };
}

function endRef(end: LinkEnd): DirectionCountersWire["from"] {
  return { adapter_number: end.adapter_number, node_id: end.node_id, port_number: end.port_number };
}

function newer(kept: DirectionSample | undefined, candidate: DirectionSample | undefined): DirectionSample | undefined {
  if (!kept) return candidate;
  if (!candidate) return kept;
  return candidate.sampledAtMs > kept.sampledAtMs ? candidate : kept;
}

/** The latest time a JavaScript `Date` holds. */
const MAX_DATE_MS = 8.64e15;

/** A Unix time in ms that a `Date` can show (a daemon without the field sends 0). */
export function plausibleTime(ms: number): number | undefined {
  return Number.isSafeInteger(ms) && ms > 0 && ms <= MAX_DATE_MS ? ms : undefined;
}

