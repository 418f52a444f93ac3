import { describe, expect, it } from "vitest";
import type { DirectionCounters } from "../forwarding/link-relay";
import { escapeLabelValue, renderLinkMetrics } from "./prometheus";

function counters(base: number): DirectionCounters {
  return {
    framesIn: base + 1,
    framesOut: base + 2,
    bytesIn: base + 3,
    bytesOut: base + 4,
    droppedFrequency: base + 5,
    droppedLoss: base + 6,
    droppedBpf: base + 7,
    droppedSuspended: base + 8,
    corrupted: base + 9,
    delayedQueued: base + 10,
    droppedDelayFull: base + 11,
    droppedRateQueueFull: base + 12,
    droppedLossBurst: base + 13,
    duplicated: base + 14,
    reordered: base + 15,
    rateQueued: base + 16,
  };
}

describe("Prometheus exposition", () => {
  it("renders every counter per link and direction, families grouped", () => {
    const text = renderLinkMetrics([{ linkId: "l1", projectId: "p1", aToB: counters(0), bToA: counters(100), captureFailures: 3, captureDropped: 4 }]);
    const lines = text.split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "# HELP gns3_link_frames_in_total Frames received from the sending end, before the filters.",
      "# TYPE gns3_link_frames_in_total counter",
      'gns3_link_frames_in_total{link_id="l1",project_id="p1",direction="a_to_b"} 1',
      'gns3_link_frames_in_total{link_id="l1",project_id="p1",direction="b_to_a"} 101',
    ]);
    expect(lines).toContain('gns3_link_frames_dropped_total{link_id="l1",project_id="p1",direction="b_to_a",reason="bpf"} 107');
    expect(lines).toContain('gns3_link_frames_dropped_total{link_id="l1",project_id="p1",direction="a_to_b",reason="suspended"} 8');
    expect(lines).toContain('gns3_link_frames_dropped_total{link_id="l1",project_id="p1",direction="a_to_b",reason="delay_full"} 11');
    expect(lines).toContain('gns3_link_frames_corrupted_total{link_id="l1",project_id="p1",direction="a_to_b"} 9');
    expect(lines).toContain('gns3_link_frames_dropped_total{link_id="l1",project_id="p1",direction="a_to_b",reason="rate_queue_full"} 12');
    expect(lines).toContain('gns3_link_frames_dropped_total{link_id="l1",project_id="p1",direction="b_to_a",reason="loss_burst"} 113');
    expect(lines).toContain('gns3_link_frames_duplicated_total{link_id="l1",project_id="p1",direction="a_to_b"} 14');
    expect(lines).toContain('gns3_link_frames_reordered_total{link_id="l1",project_id="p1",direction="a_to_b"} 15');
    expect(lines).toContain('gns3_link_frames_rate_queued{link_id="l1",project_id="p1",direction="b_to_a"} 116');
    expect(lines).toContain("# TYPE gns3_link_frames_delayed gauge");
    expect(lines).toContain('gns3_link_frames_delayed{link_id="l1",project_id="p1",direction="b_to_a"} 110');
    expect(lines).toContain("# TYPE gns3_link_capture_failures_total counter");
    expect(lines).toContain('gns3_link_capture_failures_total{link_id="l1",project_id="p1"} 3');
    expect(lines).toContain("# TYPE gns3_link_capture_dropped_frames_total counter");
    expect(lines).toContain('gns3_link_capture_dropped_frames_total{link_id="l1",project_id="p1"} 4');
    // 12 families × (HELP + TYPE) + 16 fields × 2 directions + 2 per link, and a final newline.
    expect(lines.filter((line) => line !== "")).toHaveLength(24 + 32 + 2);
    expect(text.endsWith("\n")).toBe(true);
  });

  it("prints family headers even with no link, and escapes label values", () => {
    expect(renderLinkMetrics([]).split("\n").filter((line) => line !== "")).toHaveLength(24);
    expect(escapeLabelValue('a"b\\c\nd')).toBe('a\\"b\\\\c\\nd');
  });
});
