/**
 * Four hosts for real: four daemons, each in a network namespace of its own standing for a
 * machine, on one bridge (namespace-hosts.ts), and one controller, `npm start` and then
 * `npm run start:worker`. Numbered frames cross between hosts on four paths while one daemon
 * is killed with SIGKILL and started again: the paths that do not go through its host lose
 * nothing, and those that do forward again once it is back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@shared/testing/cleanups";
import { hostNetworkUnavailable } from "../host-network/testing";
import { waitForApplied } from "./cloud-lab";
import { crossHostPaths, startNamespaceHosts, type CrossHostPaths, type NamespaceHosts } from "./namespace-hosts";
import { waitMs as wait } from "./udp-traffic";

/** [from host, to host]: the first two never touch h4, the last two do. */
const PATHS = [[0, 1], [1, 2], [2, 3], [3, 0]] as const;
const RATE = 300;

describe.runIf(hostNetworkUnavailable() === null).each(["start", "start:worker"] as const)("four daemons in four network namespaces, controller `npm run %s`", (script) => {
  let hosts: NamespaceHosts | undefined;
  let paths: CrossHostPaths | undefined;

  beforeAll(async () => {
    hosts = await startNamespaceHosts(4, script);
    const project = await hosts.api("POST", "/v2/projects", { name: "four machines" });
    paths = await crossHostPaths(hosts, `/v2/projects/${project.body.project_id}`, PATHS);
  }, 120_000);

  afterAll(async () => {
    await paths?.close();
    await hosts?.stop();
  }, 60_000);

  it("loses no frame between the other hosts while one daemon is killed and started again, whose paths then forward again", async () => {
    paths!.startSending(RATE);
    await waitFor("frames on every path", () => PATHS.every((_, index) => paths!.arrived(index) > 50), 15_000);
    await hosts!.killDaemon(3);
    await wait(500);
    const whileDown = paths!.arrived(3);
    await hosts!.startDaemon(3);
    await waitFor("h4's path forwarding again", () => paths!.arrived(3) > whileDown + 50, 20_000);
    await waitForApplied(hosts!.api, "h4");
    const resumedFrom = paths!.sent(3);
    await wait(500);
    paths!.stopSending();
    await wait(300);
    expect(paths!.lost(0)).toBe(0);
    expect(paths!.lost(1)).toBe(0);
    expect(paths!.sent(0)).toBeGreaterThan(RATE);
    // Through h4: frames lost while its daemon was down, none once it forwards again.
    expect(paths!.lost(2)).toBeGreaterThan(0);
    expect(paths!.lost(3, resumedFrom)).toBe(0);
    expect(paths!.lost(2, resumedFrom)).toBe(0);
  }, 90_000);
});
