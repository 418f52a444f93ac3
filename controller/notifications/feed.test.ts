import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LocalEventBus, type Notification } from "../events/event-bus";
import { notificationText, openFeed } from "./feed";

const PROJECT = { kind: "project", projectId: "p1" } as const;
const PING = { action: "ping", event: { cpu_usage_percent: 2, memory_usage_percent: 30 } };

describe("openFeed", () => {
  let events: LocalEventBus;
  let sent: Notification[];
  beforeEach(() => {
    vi.useFakeTimers();
    events = new LocalEventBus();
    sent = [];
  });
  afterEach(() => vi.useRealTimers());

  const open = (send: (notification: Notification) => void = (n) => sent.push(n)) =>
    openFeed({ events, scope: PROJECT, usage: () => ({ memory_usage_percent: 30, cpu_usage_percent: 2 }), pingIntervalMs: 5000, send });

  it("pings at once, then after each silent interval", () => {
    open();
    expect(sent).toEqual([PING]);
    vi.advanceTimersByTime(4999);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([PING, PING]);
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(3);
  });

  it("delivers the scope's notifications and counts silence from the last of them", () => {
    open();
    vi.advanceTimersByTime(3000);
    const drawing = { action: "drawing.created", event: { drawing_id: "d1" } };
    events.publish(PROJECT, drawing);
    events.publish({ kind: "project", projectId: "p2" }, { action: "drawing.created", event: { drawing_id: "d2" } });
    events.publish({ kind: "controller" }, { action: "project.created", event: {} });
    expect(sent).toEqual([PING, drawing]);
    vi.advanceTimersByTime(4999);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([PING, drawing, PING]);
  });

  it("unsubscribes and stops pinging when closed, once however often it is closed", () => {
    const close = open();
    expect(events.listenerCount()).toBe(1);
    close();
    close();
    expect(events.listenerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(sent).toEqual([PING]);
  });

  it("ends itself when the client cannot be written to", () => {
    let calls = 0;
    open(() => {
      calls += 1;
      if (calls > 1) throw new Error("socket closed");
    });
    expect(events.listenerCount()).toBe(1);
    events.publish(PROJECT, { action: "log.info", event: { message: "hi" } });
    expect(events.listenerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(calls).toBe(2);
  });
});

describe("notificationText", () => {
  it("puts action before event whatever order the object was built in", () => {
    expect(notificationText({ event: { a: 1 }, action: "x" } as Notification)).toBe('{"action":"x","event":{"a":1}}');
  });
});
