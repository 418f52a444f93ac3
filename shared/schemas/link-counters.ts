import { z } from "zod";
import { uuid } from "./common";

/** A count since the daemon (re)built the link; JSON numbers, exact up to 2^53. */
const count = z.int().nonnegative();

const linkEndRef = z.object({ adapter_number: z.int(), node_id: uuid, port_number: z.int() });

/** One direction of a link, from the end whose host filters it towards the other end. */
const directionCountersWire = z.object({
  bytes_in: count,
  bytes_out: count,
  corrupted: count,
  /** Frames waiting in the delay line at the time of the sample (a gauge, not a count). */
  delay_queued: count,
  dropped: z.object({
    bpf: count,
    delay_queue_full: count,
    frequency: count,
    loss: count,
    /** By `loss_burst` (extended filter). */
    loss_burst: count,
    /** Tail drops of a full `rate` queue (extended filter). */
    rate_queue_full: count,
    suspended: count,
  }),
  /** Frames sent twice by `duplicate` (extended filter). */
  duplicated: count,
  /** Frames that entered from `from`, before the filters. */
  frames_in: count,
  /** Frames delivered to `to`. */
  frames_out: count,
  from: linkEndRef,
  /** Frames held by a `rate` filter's queue at the time of the sample (a gauge). */
  rate_queued: count,
  /** Frames sent ahead of the delay line by `reorder` (extended filter). */
  reordered: count,
  to: linkEndRef,
});

/**
 * `GET /v2/projects/{project_id}/links/{link_id}/counters` and the `link.counters`
 * notification (our extension: GNS3 has neither). `directions[0]` goes from the link's first
 * end (`nodes[0]`) to its second.
 */
export const linkCountersWire = z.object({
  directions: z.tuple([directionCountersWire, directionCountersWire]),
  link_id: uuid,
  project_id: uuid,
  /** ISO time of the newest sample; null while no host has reported the link. */
  sampled_at: z.iso.datetime().nullable(),
});

export type DirectionCountersWire = z.infer<typeof directionCountersWire>;
export type LinkCountersWire = z.infer<typeof linkCountersWire>;
