import { describe, expect, it } from "vitest";
import { EthernetHub } from "./ethernet-hub";
import { EthernetSwitch, type SwitchPortConfig } from "./ethernet-switch";
import { outerTag, pushTag } from "./ethernet-frame";

const BROADCAST = "ff:ff:ff:ff:ff:ff";

function mac(last: number): string {
  return `02:00:00:00:00:${last.toString(16).padStart(2, "0")}`;
}

function frame(destination: string, source: string, payload = "hello"): Uint8Array {
  const bytes = (address: string) => address.split(":").map((part) => Number.parseInt(part, 16));
  return Uint8Array.from([...bytes(destination), ...bytes(source), 0x08, 0x00, ...Buffer.from(payload.padEnd(46, "."))]);
}

function tagged(untagged: Uint8Array, vid: number, protocol = 0x8100, priority = 0): Uint8Array {
  return pushTag(untagged, { protocol, vid, priority });
}

/** Attaches a recorder to every port; returns what each port emitted. */
function record(device: { port(n: number): { onFrame(handler: (frame: Uint8Array) => void): void } }, ports: number[]) {
  const seen = new Map<number, Uint8Array[]>(ports.map((port) => [port, []]));
  for (const port of ports) device.port(port).onFrame((emitted) => seen.get(port)!.push(emitted));
  return {
    at: (port: number) => seen.get(port)!,
    clear: () => seen.forEach((frames) => frames.splice(0)),
  };
}

const access = (portNumber: number, vlan = 1): SwitchPortConfig => ({ portNumber, mode: "access", vlan });

describe("EthernetSwitch", () => {
  it("floods an unknown destination, learns the source, then forwards to one port only", () => {
    const ethernetSwitch = new EthernetSwitch([access(0), access(1), access(2)]);
    const out = record(ethernetSwitch, [0, 1, 2]);
    const first = frame(mac(2), mac(1));
    ethernetSwitch.port(0).send(first);
    expect(out.at(0)).toEqual([]);
    expect(out.at(1)).toEqual([first]);
    expect(out.at(2)).toEqual([first]);

    out.clear();
    const reply = frame(mac(1), mac(2));
    ethernetSwitch.port(1).send(reply);
    expect(out.at(0)).toEqual([reply]);
    expect(out.at(2)).toEqual([]);
    expect(ethernetSwitch.macTable()).toEqual([
      { vlan: 1, mac: mac(1), portNumber: 0 },
      { vlan: 1, mac: mac(2), portNumber: 1 },
    ]);
  });

  it("floods broadcast and multicast even to known hosts, and never back to the ingress port", () => {
    const ethernetSwitch = new EthernetSwitch([access(0), access(1), access(2)]);
    const out = record(ethernetSwitch, [0, 1, 2]);
    ethernetSwitch.port(1).send(frame(mac(1), mac(2)));
    out.clear();
    for (const destination of [BROADCAST, "01:00:5e:00:00:01", "33:33:00:00:00:01"]) {
      ethernetSwitch.port(0).send(frame(destination, mac(1)));
    }
    expect(out.at(0)).toHaveLength(0);
    expect(out.at(1)).toHaveLength(3);
    expect(out.at(2)).toHaveLength(3);
  });

  it("drops a frame addressed to a host on its own ingress port", () => {
    const ethernetSwitch = new EthernetSwitch([access(0), access(1)]);
    const out = record(ethernetSwitch, [0, 1]);
    ethernetSwitch.port(0).send(frame(BROADCAST, mac(1)));
    ethernetSwitch.port(0).send(frame(BROADCAST, mac(2)));
    out.clear();
    ethernetSwitch.port(0).send(frame(mac(2), mac(1)));
    expect(out.at(1)).toEqual([]);
  });

  it("ages learned addresses out and floods again", () => {
    let now = 0;
    const ethernetSwitch = new EthernetSwitch([access(0), access(1), access(2)], { ageingMs: 1000, now: () => now });
    const out = record(ethernetSwitch, [0, 1, 2]);
    ethernetSwitch.port(1).send(frame(BROADCAST, mac(2)));
    now = 999;
    out.clear();
    ethernetSwitch.port(0).send(frame(mac(2), mac(1)));
    expect([out.at(1).length, out.at(2).length]).toEqual([1, 0]);
    now = 2500;
    out.clear();
    ethernetSwitch.port(0).send(frame(mac(2), mac(1)));
    expect([out.at(1).length, out.at(2).length]).toEqual([1, 1]);
    expect(ethernetSwitch.macTable()).toEqual([{ vlan: 1, mac: mac(1), portNumber: 0 }]);
  });

  it("keeps access VLANs apart, the same address learned separately per VLAN", () => {
    const ethernetSwitch = new EthernetSwitch([access(0, 10), access(1, 10), access(2, 20), access(3, 20)]);
    const out = record(ethernetSwitch, [0, 1, 2, 3]);
    ethernetSwitch.port(0).send(frame(BROADCAST, mac(1)));
    expect([out.at(1).length, out.at(2).length, out.at(3).length]).toEqual([1, 0, 0]);
    ethernetSwitch.port(2).send(frame(BROADCAST, mac(1)));
    expect([out.at(0).length, out.at(1).length, out.at(3).length]).toEqual([0, 1, 1]);
    expect(ethernetSwitch.macTable()).toEqual([
      { vlan: 10, mac: mac(1), portNumber: 0 },
      { vlan: 20, mac: mac(1), portNumber: 2 },
    ]);
  });

  it("drops tagged frames arriving on an access port", () => {
    const ethernetSwitch = new EthernetSwitch([access(0, 10), access(1, 10)]);
    const out = record(ethernetSwitch, [0, 1]);
    ethernetSwitch.port(0).send(tagged(frame(BROADCAST, mac(1)), 10));
    expect(out.at(1)).toEqual([]);
  });

  it("tags frames towards a dot1q trunk, leaves the native VLAN untagged and untags on the way back", () => {
    const ethernetSwitch = new EthernetSwitch([access(0, 10), access(1, 1), { portNumber: 2, mode: "dot1q", vlan: 1 }]);
    const out = record(ethernetSwitch, [0, 1, 2]);
    const fromVlan10 = frame(BROADCAST, mac(1));
    ethernetSwitch.port(0).send(fromVlan10);
    expect(out.at(2)).toEqual([tagged(fromVlan10, 10)]);
    expect(out.at(1)).toEqual([]);

    const fromNative = frame(BROADCAST, mac(2));
    ethernetSwitch.port(1).send(fromNative);
    expect(out.at(2)[1]).toEqual(fromNative);

    out.clear();
    const back = frame(mac(1), mac(3));
    ethernetSwitch.port(2).send(tagged(back, 10));
    expect(out.at(0)).toEqual([back]);
    expect(out.at(1)).toEqual([]);

    ethernetSwitch.port(2).send(frame(mac(2), mac(4)));
    ethernetSwitch.port(2).send(tagged(frame(mac(2), mac(5)), 0));
    expect(out.at(1)).toEqual([frame(mac(2), mac(4)), frame(mac(2), mac(5))]);
  });

  it("carries VLANs between two switches over a trunk, keeping the tag priority", () => {
    const ethernetSwitch = new EthernetSwitch([access(0, 10), { portNumber: 1, mode: "dot1q", vlan: 1 }, { portNumber: 2, mode: "dot1q", vlan: 1, ethertype: 0x88a8 }]);
    const out = record(ethernetSwitch, [0, 1, 2]);
    const inner = frame(BROADCAST, mac(1));
    ethernetSwitch.port(1).send(tagged(inner, 30, 0x8100, 5));
    expect(out.at(2)).toEqual([tagged(inner, 30, 0x88a8, 5)]);
    expect(out.at(0)).toEqual([]);
  });

  it("wraps customer frames of a qinq port in an outer tag on the trunk and unwraps them back", () => {
    const ethernetSwitch = new EthernetSwitch([
      { portNumber: 0, mode: "qinq", vlan: 100, ethertype: 0x88a8 },
      { portNumber: 1, mode: "dot1q", vlan: 1 },
    ]);
    const out = record(ethernetSwitch, [0, 1]);
    const customer = tagged(frame(BROADCAST, mac(1)), 7);
    ethernetSwitch.port(0).send(customer);
    const onTrunk = out.at(1)[0]!;
    expect(onTrunk).toEqual(tagged(customer, 100, 0x88a8));
    expect(outerTag(onTrunk)).toEqual({ protocol: 0x88a8, vid: 100, priority: 0 });

    const reply = tagged(frame(mac(1), mac(2)), 7);
    ethernetSwitch.port(1).send(tagged(reply, 100, 0x88a8));
    expect(out.at(0)).toEqual([reply]);
  });

  it("reconfigures ports in place, keeping attached links and forgetting addresses of changed ports", () => {
    const ethernetSwitch = new EthernetSwitch([access(0), access(1), access(2)]);
    const out = record(ethernetSwitch, [0, 1, 2]);
    ethernetSwitch.port(1).send(frame(BROADCAST, mac(2)));
    ethernetSwitch.configure([access(0), access(1, 5), access(2)]);
    expect(ethernetSwitch.macTable()).toEqual([]);
    out.clear();
    ethernetSwitch.port(0).send(frame(mac(2), mac(1)));
    expect([out.at(1).length, out.at(2).length]).toEqual([0, 1]);
    ethernetSwitch.configure([access(0), access(2)]);
    expect(() => ethernetSwitch.port(1)).toThrow("The switch has no port 1");
    expect(() => new EthernetSwitch([access(0, 4095)])).toThrow("Switch port 0: VLAN 4095 is outside 1-4094");
  });

  it("drops runt frames and forgets addresses of a port whose link detaches", async () => {
    const ethernetSwitch = new EthernetSwitch([access(0), access(1)]);
    const out = record(ethernetSwitch, [0, 1]);
    ethernetSwitch.port(0).send(new Uint8Array(10));
    expect(out.at(1)).toEqual([]);
    ethernetSwitch.port(0).send(frame(BROADCAST, mac(1)));
    await ethernetSwitch.port(0).close();
    expect(ethernetSwitch.macTable()).toEqual([]);
  });

  it("survives a cabling loop between two switches: the storm runs across event-loop turns", async () => {
    const left = new EthernetSwitch([access(0), access(1), access(2)]);
    const right = new EthernetSwitch([access(0), access(1)]);
    for (const port of [0, 1]) {
      left.port(port).onFrame((emitted) => right.port(port).send(emitted));
      right.port(port).onFrame((emitted) => left.port(port).send(emitted));
    }
    let storm = 0;
    left.port(2).onFrame(() => (storm += 1));
    left.port(2).send(frame(BROADCAST, mac(1)));
    await new Promise((resolve) => setImmediate(resolve));
    left.close();
    right.close();
    expect(storm).toBeGreaterThan(100);
  });
});

describe("EthernetHub", () => {
  it("repeats every frame to every other port, unchanged", () => {
    const hub = new EthernetHub([0, 1, 2, 3]);
    const out = record(hub, [0, 1, 2, 3]);
    const sent = frame(mac(2), mac(1));
    hub.port(2).send(sent);
    expect(out.at(2)).toEqual([]);
    for (const port of [0, 1, 3]) expect(out.at(port)[0]).toBe(sent);
  });

  it("stops repeating to a removed port and refuses unknown ports", () => {
    const hub = new EthernetHub([0, 1, 2]);
    const out = record(hub, [0, 1, 2]);
    hub.configure([0, 1]);
    hub.port(0).send(frame(BROADCAST, mac(1)));
    expect([out.at(1).length, out.at(2).length]).toEqual([1, 0]);
    expect(() => hub.port(2)).toThrow("The hub has no port 2");
  });
});
