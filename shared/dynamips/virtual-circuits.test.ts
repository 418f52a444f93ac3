import { describe, expect, it } from "vitest";
import { circuitPorts, readCircuits } from "./virtual-circuits";

describe("Frame Relay and ATM mappings", () => {
  it("reads GNS3's Frame Relay mappings into circuits", () => {
    const circuits = readCircuits("frame_relay", { "1:101": "2:202", "1:102": "3:302" });
    expect(circuits).toEqual([
      { a: { port: 1, ids: [101] }, b: { port: 2, ids: [202] } },
      { a: { port: 1, ids: [102] }, b: { port: 3, ids: [302] } },
    ]);
    expect(circuitPorts(circuits as never)).toEqual([1, 2, 3]);
    expect(readCircuits("frame_relay", {})).toEqual([]);
    expect(readCircuits("frame_relay", undefined)).toEqual([]);
  });

  it("reads ATM virtual channels and virtual paths", () => {
    expect(readCircuits("atm", { "1:0:100": "10:0:200", "1:5": "2:6" })).toEqual([
      { a: { port: 1, ids: [0, 100] }, b: { port: 10, ids: [0, 200] } },
      { a: { port: 1, ids: [5] }, b: { port: 2, ids: [6] } },
    ]);
  });

  it("takes a circuit listed both ways, as GNS3 does, for one circuit", () => {
    expect(readCircuits("frame_relay", { "1:100": "2:200", "2:200": "1:100" })).toEqual([{ a: { port: 1, ids: [100] }, b: { port: 2, ids: [200] } }]);
    expect(readCircuits("atm", { "1:0:100": "2:0:200", "1:5": "2:6", "2:0:200": "1:0:100", "2:6": "1:5" })).toEqual([
      { a: { port: 1, ids: [0, 100] }, b: { port: 2, ids: [0, 200] } },
      { a: { port: 1, ids: [5] }, b: { port: 2, ids: [6] } },
    ]);
    // One end of the mirror mapped elsewhere is a conflict still.
    expect(readCircuits("frame_relay", { "1:100": "2:200", "2:200": "1:101" })).toBe(`port 2 DLCI 200 is in two mappings ("1:100" and "2:200")`);
  });

  it("says what is wrong with a mapping", () => {
    expect(readCircuits("frame_relay", { "1:101": "2" })).toBe(`mapping "1:101": "2" is not 'port:dlci'`);
    expect(readCircuits("frame_relay", { "1:101": "2:1024" })).toBe(`mapping "1:101": DLCI 1024 is out of range (0 to 1023)`);
    expect(readCircuits("frame_relay", { "1:101": 7 })).toBe(`mapping "1:101": 7 is not a string`);
    expect(readCircuits("atm", { "1:0:100": "2:0" })).toBe(`mapping "1:0:100" joins a virtual path to a virtual channel (1:0:100 → 2:0)`);
    expect(readCircuits("atm", { "1:4096:1": "2:0:1" })).toBe(`mapping "1:4096:1": VPI 4096 is out of range (0 to 4095)`);
    expect(readCircuits("frame_relay", { "1:101": "2:202", "3:301": "2:202" })).toBe(`port 2 DLCI 202 is in two mappings ("1:101" and "3:301")`);
    expect(readCircuits("frame_relay", { "1:101": "1:101" })).toBe(`mapping "1:101" maps a circuit onto itself`);
    expect(readCircuits("frame_relay", ["1:101"])).toBe("mappings must be an object of 'source': 'destination' strings");
  });
});
