import { describe, expect, it } from "vitest";
import { daemonHello } from "../testing/daemon-messages";
import { CLOSE_BAD_MESSAGE, CLOSE_UNAUTHORIZED, helloProblem } from "./daemon-hello";

describe("a Hello", () => {
  it("is taken with the right token, a valid host id and port range", () => {
    expect(helloProblem(daemonHello("h1", "secret"), "secret", undefined)).toBeUndefined();
  });

  it.each([
    ["no token configured", daemonHello("h1", "secret"), undefined, undefined, CLOSE_UNAUTHORIZED, /accepts no dataplane daemons/],
    ["a wrong token", daemonHello("h1", "guess"), "secret", undefined, CLOSE_UNAUTHORIZED, /^wrong dataplane token$/],
    ["a bad host id", daemonHello("-h1", "secret"), "secret", undefined, CLOSE_BAD_MESSAGE, /^host id '-h1' must be/],
    ["another object's host", daemonHello("h2", "secret"), "secret", "h1", CLOSE_BAD_MESSAGE, /^this channel is host 'h1's/],
    ["a reversed port range", daemonHello("h1", "secret", { udpPortMin: 30000, udpPortMax: 20000 }), "secret", undefined, CLOSE_BAD_MESSAGE, /^UDP port range 30000-20000/],
  ])("is refused for %s", (_what, hello, token, onlyHost, code, message) => {
    const problem = helloProblem(hello, token, onlyHost);
    expect(problem?.code).toBe(code);
    expect(problem?.message).toMatch(message);
  });
});
