import { describe, expect, it } from "vitest";
import { daemonHello } from "../testing/daemon-messages";
import { CLOSE_BAD_MESSAGE, helloProblem } from "./daemon-hello";

describe("a Hello", () => {
  it("is taken with the right token, a valid host id and port range", () => {
    expect(helloProblem(daemonHello("h1", "secret"), undefined)).toBeUndefined();
  });

  it.each([
    ["a bad host id", daemonHello("-h1", "secret"), undefined, CLOSE_BAD_MESSAGE, /^host id '-h1' must be/],
    ["another object's host", daemonHello("h2", "secret"), "h1", CLOSE_BAD_MESSAGE, /^this channel is host 'h1's/],
    ["a reversed port range", daemonHello("h1", "secret", { udpPortMin: 30000, udpPortMax: 20000 }), undefined, CLOSE_BAD_MESSAGE, /^UDP port range 30000-20000/],
  ])("is refused for %s", (_what, hello, onlyHost, code, message) => {
    const problem = helloProblem(hello, onlyHost);
    expect(problem?.code).toBe(code);
    expect(problem?.message).toMatch(message);
  });
});
