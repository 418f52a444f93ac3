import { describe, expect, it } from "vitest";
import { DEFAULT_DATAPLANE_ACK_TIMEOUT_MS } from "../deps";
import { QEMU_START_MS } from "@shared/qemu/defaults";
import { ackWaitMs } from "./ack-wait";

describe("ackWaitMs", () => {
  it("is the configured wait, or 5 s, when the change asks nothing slow", () => {
    expect(ackWaitMs({}, {})).toBe(DEFAULT_DATAPLANE_ACK_TIMEOUT_MS);
    expect(DEFAULT_DATAPLANE_ACK_TIMEOUT_MS).toBe(5000);
    expect(ackWaitMs({ dataplaneAckTimeoutMs: 1500 }, { slowWorkMs: 0 })).toBe(1500);
  });

  it("adds the slow work of the change to whichever wait applies", () => {
    expect(ackWaitMs({}, { slowWorkMs: QEMU_START_MS })).toBe(5000 + QEMU_START_MS);
    expect(ackWaitMs({ dataplaneAckTimeoutMs: 100 }, { slowWorkMs: 35_000 })).toBe(35_100);
  });
});
