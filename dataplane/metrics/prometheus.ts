/**
 * Prometheus text exposition (format 0.0.4) of the links' per-direction counters, for the
 * daemon's `/metrics`. Pure: counters in, text out. Labels: `link_id`, `project_id`,
 * `direction` (`a_to_b`: from the link's nodes[0] towards nodes[1]) and, on drops, `reason`;
 * the capture's failures and drops are per link, without direction.
 */
import type { DirectionCounters } from "../forwarding/link-relay";

export interface LinkMetrics {
  readonly linkId: string;
  readonly projectId: string;
  readonly aToB: DirectionCounters;
  readonly bToA: DirectionCounters;
  /** Times the link's capture could not be opened or stopped on a write error. */
  readonly captureFailures: number;
  /** Frames the link's captures left out because the disk fell behind (the pending bytes were full). */
  readonly captureDropped: number;
}

interface Family {
  readonly name: string;
  readonly type: "counter" | "gauge";
  readonly help: string;
  /** One sample per entry: extra labels and the counter field it reads. */
  readonly samples: readonly { readonly labels: string; readonly field: keyof DirectionCounters }[];
}

const FAMILIES: readonly Family[] = [
  { name: "gns3_link_frames_in_total", type: "counter", help: "Frames received from the sending end, before the filters.", samples: [{ labels: "", field: "framesIn" }] },
  { name: "gns3_link_frames_out_total", type: "counter", help: "Frames delivered to the receiving end.", samples: [{ labels: "", field: "framesOut" }] },
  { name: "gns3_link_bytes_in_total", type: "counter", help: "Bytes of the frames received from the sending end.", samples: [{ labels: "", field: "bytesIn" }] },
  { name: "gns3_link_bytes_out_total", type: "counter", help: "Bytes of the frames delivered to the receiving end.", samples: [{ labels: "", field: "bytesOut" }] },
  {
    name: "gns3_link_frames_dropped_total",
    type: "counter",
    help: "Frames dropped by a filter, by suspension, by a full bandwidth queue, or for want of room in the daemon's delay lines, by reason.",
    samples: [
      { labels: ',reason="frequency"', field: "droppedFrequency" },
      { labels: ',reason="loss"', field: "droppedLoss" },
      { labels: ',reason="bpf"', field: "droppedBpf" },
      { labels: ',reason="suspended"', field: "droppedSuspended" },
      { labels: ',reason="delay_full"', field: "droppedDelayFull" },
      { labels: ',reason="rate_queue_full"', field: "droppedRateQueueFull" },
      { labels: ',reason="loss_burst"', field: "droppedLossBurst" },
    ],
  },
  { name: "gns3_link_frames_duplicated_total", type: "counter", help: "Frames sent twice by the duplicate filter.", samples: [{ labels: "", field: "duplicated" }] },
  { name: "gns3_link_frames_reordered_total", type: "counter", help: "Frames sent ahead of the delay line by the reorder filter.", samples: [{ labels: "", field: "reordered" }] },
  { name: "gns3_link_frames_rate_queued", type: "gauge", help: "Frames held by the bandwidth limit now.", samples: [{ labels: "", field: "rateQueued" }] },
  { name: "gns3_link_frames_corrupted_total", type: "counter", help: "Frames altered by the corrupt filter.", samples: [{ labels: "", field: "corrupted" }] },
  { name: "gns3_link_frames_delayed", type: "gauge", help: "Frames waiting in the delay line now.", samples: [{ labels: "", field: "delayedQueued" }] },
];

const CAPTURE_FAILURES = {
  name: "gns3_link_capture_failures_total",
  help: "Times the link's capture file could not be opened or written (disk full, I/O error); the capture stops, forwarding goes on.",
} as const;

const CAPTURE_DROPPED = {
  name: "gns3_link_capture_dropped_frames_total",
  help: "Frames forwarded but left out of the link's capture file because the disk fell behind the link.",
} as const;

/** A label value as the exposition format requires: backslash, double quote and newline escaped. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

export function renderLinkMetrics(links: readonly LinkMetrics[]): string {
  const lines: string[] = [];
  const base = (link: LinkMetrics) => `link_id="${escapeLabelValue(link.linkId)}",project_id="${escapeLabelValue(link.projectId)}"`;
  for (const family of FAMILIES) {
    lines.push(`# HELP ${family.name} ${family.help}`, `# TYPE ${family.name} ${family.type}`);
    for (const link of links) {
      for (const [direction, counters] of [["a_to_b", link.aToB], ["b_to_a", link.bToA]] as const) {
        for (const sample of family.samples) {
          lines.push(`${family.name}{${base(link)},direction="${direction}"${sample.labels}} ${counters[sample.field]}`);
        }
      }
    }
  }
  lines.push(`# HELP ${CAPTURE_FAILURES.name} ${CAPTURE_FAILURES.help}`, `# TYPE ${CAPTURE_FAILURES.name} counter`);
  for (const link of links) lines.push(`${CAPTURE_FAILURES.name}{${base(link)}} ${link.captureFailures}`);
  lines.push(`# HELP ${CAPTURE_DROPPED.name} ${CAPTURE_DROPPED.help}`, `# TYPE ${CAPTURE_DROPPED.name} counter`);
  for (const link of links) lines.push(`${CAPTURE_DROPPED.name}{${base(link)}} ${link.captureDropped}`);
  return lines.join("\n") + "\n";
}
