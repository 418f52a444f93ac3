/**
 * The relay between endpoints C cannot forward into (a switch's or a hub's port): a direction
 * with nothing to do is a pass-through, and it must behave exactly as the chain does.
 */
import { describe, expect, it } from "vitest";
import { spec } from "../filters/testing";
import type { Endpoint, FrameHandler } from "./endpoint";
import { LinkRelay, type CaptureSink } from "./link-relay";
import { accountedFor, makeFrame, seededSources, sequenceOf, waitFor } from "./testing";

/** A port of an in-process device, reduced to what a relay sees: frames out of it, frames into it. */
class DevicePort implements Endpoint {
  readonly received: Uint8Array[] = [];
  private handler: FrameHandler | null = null;

  send(frame: Uint8Array): void {
    this.received.push(frame);
  }

  onFrame(handler: FrameHandler | null): void {
    this.handler = handler;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  /** The device puts `frame` on the wire. */
  emit(frame: Uint8Array): void {
    this.handler?.(frame);
  }
}

function relayBetweenPorts() {
  const [a, b] = [new DevicePort(), new DevicePort()];
  const relay = new LinkRelay(a, b, { random: seededSources() });
  return { a, b, relay };
}

const sequences = (frames: Uint8Array[]) => frames.map(sequenceOf);

describe("link relay between in-process ports", () => {
  it("carries and counts both directions with no filter", () => {
    const { a, b, relay } = relayBetweenPorts();
    for (let index = 0; index < 100; index++) a.emit(makeFrame(index));
    for (let index = 0; index < 10; index++) b.emit(makeFrame(index, 100));
    expect(sequences(b.received)).toEqual([...Array(100).keys()]);
    expect(a.received.length).toBe(10);
    expect(relay.counters().aToB).toMatchObject({ framesIn: 100, framesOut: 100, bytesIn: 6000, bytesOut: 6000, delayedQueued: 0 });
    expect(relay.counters().bToA).toMatchObject({ framesIn: 10, framesOut: 10, bytesIn: 1000, bytesOut: 1000 });
    relay.close();
  });

  it("applies a filter set on a clean link from the next frame, and carries everything again once it is lifted", () => {
    const { a, b, relay } = relayBetweenPorts();
    a.emit(makeFrame(0));
    expect(relay.setFilters([spec("frequency_drop", 2)], false)).toEqual({ ok: true });
    for (let index = 1; index <= 4; index++) a.emit(makeFrame(index));
    expect(relay.setFilters([], false)).toEqual({ ok: true });
    for (let index = 5; index <= 6; index++) a.emit(makeFrame(index));
    expect(sequences(b.received)).toEqual([0, 1, 3, 5, 6]);
    expect(relay.counters().aToB).toMatchObject({ framesIn: 7, framesOut: 5, droppedFrequency: 2 });
    expect(accountedFor(relay.counters().aToB)).toBe(true);
    relay.close();
  });

  it("keeps FIFO when the delay is removed while frames wait: new frames leave after the held ones", async () => {
    const { a, b, relay } = relayBetweenPorts();
    relay.setFilters([spec("delay", 50)], false);
    for (let index = 0; index < 20; index++) a.emit(makeFrame(index));
    expect(relay.counters().aToB.delayedQueued).toBe(20);
    relay.setFilters([], false);
    for (let index = 20; index < 40; index++) a.emit(makeFrame(index));
    expect(b.received.length).toBe(0);
    await waitFor(() => b.received.length === 40, "the held frames, then the rest");
    expect(sequences(b.received)).toEqual([...Array(40).keys()]);
    // The line is empty again: frames go straight through.
    a.emit(makeFrame(40));
    expect(b.received.length).toBe(41);
    expect(relay.counters().aToB).toMatchObject({ framesIn: 41, framesOut: 41, delayedQueued: 0 });
    relay.close();
  });

  it("captures every frame once a capture starts on a clean link, and none after it stops", () => {
    const { a, b, relay } = relayBetweenPorts();
    const captured: number[] = [];
    const sink: CaptureSink = { write: (frame) => captured.push(sequenceOf(frame)) };
    a.emit(makeFrame(0));
    relay.setCapture(sink);
    a.emit(makeFrame(1));
    b.emit(makeFrame(2));
    relay.setCapture(null);
    a.emit(makeFrame(3));
    expect(captured).toEqual([1, 2]);
    expect(sequences(b.received)).toEqual([0, 1, 3]);
    relay.close();
  });

  it("carries nothing after close", () => {
    const { a, b, relay } = relayBetweenPorts();
    relay.close();
    a.emit(makeFrame(0));
    expect(b.received.length).toBe(0);
  });
});
