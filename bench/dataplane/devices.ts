/**
 * The kernel objects of the bench's device rows, made for the run and removed after it: two
 * persistent TAPs in a bridge of their own, and a veth pair, offloads off as the daemon
 * would leave them. Nothing is addressed: frames only cross the devices.
 */
import { execFileSync } from "node:child_process";

export interface BenchDevices {
  taps: [string, string];
  veth: [string, string];
  remove(): void;
}

const ip = (...args: string[]) => execFileSync("ip", args, { stdio: ["ignore", "ignore", "pipe"] });

/** Why this machine cannot make them (not root), or null. */
export function benchDevicesUnavailable(): string | null {
  return process.getuid?.() === 0 ? null : "the TAP and AF_PACKET rows need root to make their devices";
}

export function makeBenchDevices(): BenchDevices {
  const tag = process.pid.toString(36).slice(-5);
  const bridge = `gbbr${tag}`;
  const taps: [string, string] = [`gbta${tag}`, `gbtb${tag}`];
  const veth: [string, string] = [`gbva${tag}`, `gbvb${tag}`];
  const remove = () => {
    for (const name of [...taps, veth[0], bridge]) {
      try {
        ip("link", "delete", name);
      } catch {
        // Never made, or gone with its pair.
      }
    }
  };
  try {
    ip("link", "add", bridge, "type", "bridge");
    ip("link", "set", bridge, "up");
    for (const tap of taps) {
      ip("tuntap", "add", "dev", tap, "mode", "tap");
      ip("link", "set", tap, "master", bridge, "up");
    }
    ip("link", "add", veth[0], "type", "veth", "peer", "name", veth[1]);
    for (const end of veth) ip("link", "set", end, "up");
  } catch (error) {
    remove();
    throw error;
  }
  return { taps, veth, remove };
}
