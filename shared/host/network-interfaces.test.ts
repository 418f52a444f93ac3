import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { hostNetworkInterfaces } from "./network-interfaces";

const isRoot = process.getuid?.() === 0;

describe("this machine's network interfaces", () => {
  it("lists loopback as special, with its address, sorted by name", async () => {
    const found = await hostNetworkInterfaces();
    expect(found.map((entry) => entry.name)).toEqual([...found.map((entry) => entry.name)].sort());
    expect(found.find((entry) => entry.name === "lo")).toEqual({
      name: "lo",
      type: "ethernet",
      mac_address: "00:00:00:00:00:00",
      ip_address: "127.0.0.1",
      netmask: "255.0.0.0",
      special: true,
    });
  });

  // Made here and removed after: a TAP with no address, down, is listed too, as a TAP by what the kernel says.
  it.runIf(isRoot)("tells a TAP by the kernel, not by its name, and lists it down and without an address", async () => {
    const name = `ifl${process.pid % 100000}`;
    execFileSync("ip", ["tuntap", "add", "dev", name, "mode", "tap"]);
    try {
      expect((await hostNetworkInterfaces()).find((entry) => entry.name === name)).toMatchObject({ name, type: "tap", ip_address: "", special: false });
    } finally {
      execFileSync("ip", ["link", "del", name]);
    }
  });
});
