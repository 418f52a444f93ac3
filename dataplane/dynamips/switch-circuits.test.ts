import { describe, expect, it } from "vitest";
import { circuitCommands } from "./switch-circuits";

const nio = (port: number) => `udp-${port}`;

describe("switch circuits as hypervisor commands", () => {
  it("maps each Frame Relay circuit both ways", () => {
    expect(circuitCommands("frsw", "FR", [{ a: { port: 1, ids: [101] }, b: { port: 2, ids: [202] } }], nio)).toEqual([
      ["frsw", "create_vc", "FR", "udp-1", 101, "udp-2", 202],
      ["frsw", "create_vc", "FR", "udp-2", 202, "udp-1", 101],
    ]);
  });

  it("maps ATM channels and paths both ways", () => {
    const circuits = [
      { a: { port: 1, ids: [0, 100] }, b: { port: 10, ids: [0, 200] } },
      { a: { port: 1, ids: [5] }, b: { port: 2, ids: [6] } },
    ];
    expect(circuitCommands("atmsw", "ATM", circuits, nio)).toEqual([
      ["atmsw", "create_vcc", "ATM", "udp-1", 0, 100, "udp-10", 0, 200],
      ["atmsw", "create_vcc", "ATM", "udp-10", 0, 200, "udp-1", 0, 100],
      ["atmsw", "create_vpc", "ATM", "udp-1", 5, "udp-2", 6],
      ["atmsw", "create_vpc", "ATM", "udp-2", 6, "udp-1", 5],
    ]);
  });
});
