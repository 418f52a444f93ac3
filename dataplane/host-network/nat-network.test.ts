import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "@shared/testing/cleanups";
import { addMasquerade, masqueradePresent, removeMasquerade } from "./masquerade";
import { hasNetAdmin } from "./nat-network";
import { hostNetworkUnavailable, run, scratchName } from "./testing";

const { later } = cleanupAfterEach();

describe("whether the daemon may make a NAT network", () => {
  it("reads CAP_NET_ADMIN (bit 12) from the effective capabilities of /proc/self/status", () => {
    expect(hasNetAdmin("Name:\tnode\nCapInh:\t0000000000000000\nCapEff:\t000001ffffffffff\n")).toBe(true);
    expect(hasNetAdmin("CapEff:\t0000000000001000\n")).toBe(true);
    expect(hasNetAdmin("CapEff:\t0000000000000000\n")).toBe(false);
    expect(hasNetAdmin("CapEff:\t000001ffffffefff\n")).toBe(false);
    expect(hasNetAdmin("")).toBe(false);
  });
});

describe.runIf(hostNetworkUnavailable() === null).each(["nft", "iptables"] as const)("the masquerade rule with %s", (backend) => {
  it("is added once under the bridge's name, found, and removed without a trace", async () => {
    const bridge = scratchName("gtm");
    const rule = await addMasquerade(bridge, "10.218.0.0/24", backend);
    later(() => removeMasquerade(rule));
    // Added again (a daemon starting over its own leftover): still one rule.
    await addMasquerade(bridge, "10.218.0.0/24", backend);
    expect(await masqueradePresent(rule)).toBe(true);
    const ours =
      backend === "nft"
        ? run("nft", "list", "table", "ip", rule.name).split("\n").filter((line) => line.includes("masquerade"))
        : run("iptables", "-t", "nat", "-S", "POSTROUTING").split("\n").filter((line) => line.includes(rule.name));
    expect(ours).toHaveLength(1);
    expect(ours[0]).toContain("10.218.0.0/24");
    await removeMasquerade(rule);
    expect(await masqueradePresent(rule)).toBe(false);
    await removeMasquerade(rule);
  });
});
