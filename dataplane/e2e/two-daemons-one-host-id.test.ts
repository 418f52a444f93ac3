import { describe, expect, it } from "vitest";
import { waitFor } from "@shared/testing/cleanups";
import type { ControllerProcess } from "../../controller/testing/controller-process";
import { handStartedLab } from "./hand-started-lab";

/** The JSON log lines of `output` whose `msg` is `msg`. */
function logged(output: readonly string[], msg: string): Array<Record<string, unknown>> {
  return output.flatMap((line) => {
    try {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      return parsed.msg === msg || (typeof parsed.msg === "string" && parsed.msg.startsWith(msg)) ? [parsed] : [];
    } catch {
      return [];
    }
  });
}

/**
 * Two daemons started as one host id (an old one left running with another data dir, say):
 * the second is refused while the first lives, both say so in their logs with the other's
 * address, the controller too, and the host never moves between them; once the first stops,
 * the second takes the host.
 */
describe("two daemons with one host id", () => {
  const lab = handStartedLab("e2e-two-daemons-");
  const { api } = lab;
  let controller: ControllerProcess;
  const daemon = (name: string) => lab.startDaemon(name, { hostId: "h1", token: lab.token, udpPorts: name === "first" ? "29100-29199" : "29200-29299" });

  it("refuses the second while the first lives, in all three logs, without flapping; the second takes over after", async () => {
    controller = await lab.startController();
    const first = await daemon("first");
    await waitFor("h1 connected", async () => (await api("GET", "/v2/computes/h1")).body?.connected === true);
    const second = await daemon("second");

    const waiting = await waitFor("the second daemon to say it waits", () => logged(second.output, "waiting for the host id to be free")[0]);
    expect(String(waiting.reason)).toMatch(/^host id 'h1' is served by another daemon, connected from 127\.0\.0\.1:\d+ since .*; this one waits for it to go/);
    const notice = await waitFor("the first daemon to be told", () => logged(first.output, "another daemon, from 127.0.0.1:")[0]);
    expect(notice.level).toBe("warn");
    const refusal = await waitFor("the controller to log the refusal", () => logged(controller.output, "a second daemon asked for a host id that is connected; refused")[0]);
    expect(refusal).toMatchObject({ level: "warn", host_id: "h1", holder_peer: expect.stringMatching(/^127\.0\.0\.1:\d+$/), newcomer_peer: expect.stringMatching(/^127\.0\.0\.1:\d+$/) });

    // Three seconds of the second dialling: h1 stays with the first, connected once.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await api("GET", "/v2/computes/h1")).body.connected).toBe(true);
    expect(logged(controller.output, "dataplane host connected")).toHaveLength(1);
    expect(second.child.exitCode).toBeNull();

    await first.stop();
    await waitFor("the second daemon to take h1", () => logged(controller.output, "dataplane host connected").length === 2, 10_000);
    expect((await api("GET", "/v2/computes/h1")).body.connected).toBe(true);
  }, 90_000);
});
