import { describe, expect, it } from "vitest";
import { directionMode, type DirectionFacts, type DirectionMode } from "./direction-mode";

const NONE = { latencyMs: 0, jitterMs: 0 };
const DELAY = { latencyMs: 50, jitterMs: 10 };
const JITTER_ONLY = { latencyMs: 0, jitterMs: 5 };

// [chain's plain delay, capturing, frames waiting in JavaScript, addon can forward] → mode
const TABLE: Array<[DirectionFacts["plainDelay"], boolean, boolean, boolean, DirectionMode]> = [
  // No filter: C when both ends are the addon's, else the pass-through.
  [NONE, false, false, true, { kind: "inC", delay: null }],
  [NONE, false, false, false, { kind: "passThrough" }],
  // Only a delay: C holds it; without the addon, the delay line does.
  [DELAY, false, false, true, { kind: "inC", delay: DELAY }],
  [JITTER_ONLY, false, false, true, { kind: "inC", delay: JITTER_ONLY }],
  [DELAY, false, false, false, { kind: "chain" }],
  // Any other filter needs JavaScript.
  [null, false, false, true, { kind: "chain" }],
  [null, false, false, false, { kind: "chain" }],
  // A capture sees every frame.
  [NONE, true, false, true, { kind: "chain" }],
  [NONE, true, false, false, { kind: "chain" }],
  [DELAY, true, false, true, { kind: "chain" }],
  // Frames still waiting in JavaScript go first: nothing may overtake them.
  [NONE, false, true, true, { kind: "chain" }],
  [NONE, false, true, false, { kind: "chain" }],
  [DELAY, false, true, true, { kind: "chain" }],
];

describe("a link direction's mode", () => {
  it.each(TABLE)("delay %j, capturing %s, frames waiting %s, addon %s", (plainDelay, capturing, framesWaiting, canForwardInC, mode) => {
    expect(directionMode({ plainDelay, capturing, framesWaiting, canForwardInC })).toEqual(mode);
  });

  it("goes through the chain while a capture runs, frames wait or a filter other than a delay applies, and otherwise to C when it can", () => {
    for (const plainDelay of [NONE, DELAY, JITTER_ONLY, null]) {
      for (const capturing of [false, true]) {
        for (const framesWaiting of [false, true]) {
          for (const canForwardInC of [false, true]) {
            const mode = directionMode({ plainDelay, capturing, framesWaiting, canForwardInC });
            if (plainDelay === null || capturing || framesWaiting) expect(mode).toEqual({ kind: "chain" });
            else if (canForwardInC) expect(mode.kind).toBe("inC");
          }
        }
      }
    }
  });
});
