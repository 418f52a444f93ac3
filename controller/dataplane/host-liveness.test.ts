import { describe, expect, it } from "vitest";
import { HostLiveness } from "./host-liveness";

describe("a host's liveness", () => {
  it("is judged by the base patience until its answers are slow", () => {
    const liveness = new HostLiveness(0);
    expect(liveness.patience(3_000)).toBe(3_000);
    liveness.pong(liveness.ping(100), 150);
    expect(liveness.patience(3_000)).toBe(3_000);
  });

  it("waits four of its slowest recent round trips for a host that answers late", () => {
    const liveness = new HostLiveness(0);
    liveness.pong(liveness.ping(0), 2_000);
    liveness.pong(liveness.ping(2_000), 2_100);
    expect(liveness.patience(3_000)).toBe(8_000);
  });

  it("bears a host back from a long freeze 30 s at most", () => {
    const liveness = new HostLiveness(0);
    liveness.pong(liveness.ping(0), 60_000);
    expect(liveness.patience(3_000)).toBe(30_000);
  });

  it("forgets a slow round trip once twenty faster ones followed", () => {
    const liveness = new HostLiveness(0);
    liveness.pong(liveness.ping(0), 2_000);
    for (let i = 0; i < 20; i++) liveness.pong(liveness.ping(3_000 + i * 100), 3_010 + i * 100);
    expect(liveness.patience(3_000)).toBe(3_000);
  });

  it("counts every message as news, and a pong it never asked for as news only", () => {
    const liveness = new HostLiveness(0);
    liveness.heard(1_000);
    expect(liveness.silentFor(1_500)).toBe(500);
    liveness.pong(99, 2_000);
    expect(liveness.silentFor(2_000)).toBe(0);
    expect(liveness.patience(100)).toBe(100);
  });

  it("holds against the host only the questions it left unanswered, not time no one asked it", () => {
    const liveness = new HostLiveness(0);
    // Nothing asked since it was last heard: however long, it has left nothing unanswered.
    expect(liveness.unansweredFor(10_000)).toBe(0);
    liveness.ping(10_000);
    liveness.ping(10_500);
    expect(liveness.unansweredFor(12_000)).toBe(2_000);
    // A message answers for it: only pings sent since count.
    liveness.heard(12_100);
    expect(liveness.unansweredFor(13_000)).toBe(0);
    liveness.ping(13_000);
    expect(liveness.unansweredFor(13_400)).toBe(400);
  });
});
