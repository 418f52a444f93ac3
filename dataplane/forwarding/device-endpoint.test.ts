/**
 * TAP and host-interface endpoints on real kernel objects: a TAP this test creates, read back
 * through an AF_PACKET endpoint on the same interface, so each frame crosses the kernel once
 * each way. Without the addon (the node:dgram pass) both are refused, saying why.
 */
import { createSocket } from "node:dgram";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach, waitFor } from "@shared/testing/cleanups";
import { changeLink } from "../host-network/interfaces";
import { hostNetworkUnavailable, inNamespace, run, scratchName, scratchNetwork } from "../host-network/testing";
import { DeviceEndpoint } from "./device-endpoint";
import { udpPath } from "./native-udp";

const { later } = cleanupAfterEach();
const native = udpPath().kind === "native";
const unavailable = hostNetworkUnavailable();
/** An EtherType for local experiments: nothing else on the interface sends it. */
const EXPERIMENTAL = 0x88b5;
/** A /30 of the test's own on its scratch interfaces, apart from any other test run's. */
const subnet = `10.213.${process.pid % 250}`;

function frame(marker: number, length = 60, tag?: number): Buffer {
  const bytes = Buffer.alloc(length);
  bytes.set([0x02, 0, 0, 0, 0, 0x02, 0x02, 0, 0, 0, 0, 0x01]);
  let at = 12;
  if (tag !== undefined) {
    bytes.writeUInt16BE(0x8100, 12);
    bytes.writeUInt16BE(tag, 14);
    at = 16;
  }
  bytes.writeUInt16BE(EXPERIMENTAL, at);
  bytes.writeUInt32BE(marker, at + 2);
  return bytes;
}

/** Whether an IPv4 UDP frame's checksum is right: the ones' complement sum over pseudo-header and datagram is all ones. */
function udpChecksumValid(frame: Buffer): boolean {
  const ip = frame.subarray(14);
  const header = (ip[0]! & 0x0f) * 4;
  const datagram = ip.subarray(header, ip.readUInt16BE(2));
  let sum = ip.readUInt16BE(12) + ip.readUInt16BE(14) + ip.readUInt16BE(16) + ip.readUInt16BE(18) + 17 + datagram.length;
  for (let index = 0; index < datagram.length; index += 2) sum += (datagram[index]! << 8) | (datagram[index + 1] ?? 0);
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  return datagram.readUInt16BE(6) !== 0 && sum === 0xffff;
}

function received(endpoint: DeviceEndpoint): Buffer[] {
  const frames: Buffer[] = [];
  endpoint.onFrame((bytes) => frames.push(Buffer.from(bytes)));
  return frames;
}

const ours = (frames: Buffer[]) => frames.filter((bytes) => bytes.readUInt16BE(12) === EXPERIMENTAL || bytes.readUInt16BE(12) === 0x8100);

function openTap(): DeviceEndpoint {
  const tap = DeviceEndpoint.openTap(scratchName("gtt"));
  later(() => tap.close());
  changeLink(tap.deviceName, { up: true });
  return tap;
}

function openInterface(name: string): DeviceEndpoint {
  const { endpoint } = DeviceEndpoint.openInterface(name);
  later(() => endpoint.close());
  return endpoint;
}

describe.runIf(native && unavailable === null)("a TAP and an AF_PACKET socket on its interface", () => {
  it("carry frames both ways; the interface's reader skips what the host itself sends", async () => {
    const tap = openTap();
    const wire = openInterface(tap.deviceName);
    const fromTap = received(tap);
    const fromWire = received(wire);
    tap.send(frame(1));
    wire.send(frame(2));
    await waitFor("a frame each way", () => ours(fromWire).length === 1 && ours(fromTap).length === 1);
    expect(ours(fromWire)).toEqual([frame(1)]);
    expect(ours(fromTap)).toEqual([frame(2)]);

    // The host's own ARP request leaves by the TAP: the TAP reads it, the interface's reader does not.
    run("ip", "addr", "add", `${subnet}.1/30`, "dev", tap.deviceName);
    const socket = createSocket("udp4");
    later(() => socket.close());
    socket.send("who is there", 9, `${subnet}.2`);
    await waitFor("the host's ARP request", () => fromTap.some((bytes) => bytes.readUInt16BE(12) === 0x0806));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fromWire.some((bytes) => bytes.readUInt16BE(12) === 0x0806)).toBe(false);
  });

  it("gives a VLAN-tagged frame back with its tag, and drops (counting) a frame longer than the MTU allows", async () => {
    const tap = openTap();
    const wire = openInterface(tap.deviceName);
    const fromWire = received(wire);
    tap.send(frame(3, 64, 42));
    tap.send(frame(4, 4000));
    tap.send(frame(5, 1514));
    await waitFor("the tagged frame and the full-sized one", () => ours(fromWire).length === 2);
    expect(ours(fromWire)).toEqual([frame(3, 64, 42), frame(5, 1514)]);
    expect(wire.droppedOversize).toBe(1);
  });

  it("loses what is written to a TAP that is down, and carries on once it is up again", async () => {
    const tap = openTap();
    const wire = openInterface(tap.deviceName);
    const fromWire = received(wire);
    run("ip", "link", "set", tap.deviceName, "down");
    tap.send(frame(6));
    await waitFor("the write refused", () => tap.errors > 0);
    changeLink(tap.deviceName, { up: true });
    tap.send(frame(7));
    await waitFor("the frame written once up", () => ours(fromWire).length === 1);
    expect(ours(fromWire)).toEqual([frame(7)]);
  });

  it("moves a TAP into a namespace under a new name with a MAC, up, and still carries its frames", async () => {
    const network = scratchNetwork();
    later(() => network.remove());
    const namespace = network.namespace();
    const tap = openTap();
    const fromTap = received(tap);
    const mac = "02:42:0a:d5:00:02";
    changeLink(tap.deviceName, { netnsPath: `/run/netns/${namespace}`, rename: "eth0", mac, up: true });
    const shown = inNamespace(namespace, "ip", "-o", "link", "show", "eth0");
    expect(shown).toContain(`link/ether ${mac}`);
    expect(shown).toMatch(/<[^>]*\bUP\b/);

    // An ARP request written into the TAP is answered by the namespace's stack, through the TAP.
    inNamespace(namespace, "ip", "addr", "add", `${subnet}.2/30`, "dev", "eth0");
    const asker = Buffer.from("020000000001", "hex");
    const request = Buffer.concat([
      Buffer.from("ffffffffffff", "hex"), asker, Buffer.from("0806", "hex"),
      Buffer.from("0001080006040001", "hex"), asker, Buffer.from([10, 213, process.pid % 250, 1]),
      Buffer.alloc(6), Buffer.from([10, 213, process.pid % 250, 2]), Buffer.alloc(18),
    ]);
    await waitFor("the namespace's ARP reply", () => {
      tap.send(request);
      return fromTap.some((bytes) => bytes.readUInt16BE(12) === 0x0806 && bytes.readUInt16BE(20) === 2);
    });
    const reply = fromTap.find((bytes) => bytes.readUInt16BE(12) === 0x0806 && bytes.readUInt16BE(20) === 2)!;
    expect(reply.subarray(0, 6)).toEqual(asker);
    expect(reply.subarray(6, 12).toString("hex")).toBe(mac.replaceAll(":", ""));
  });

  it("stops reading a TAP deleted with the namespace it was moved into, without spinning, and still takes writes", async () => {
    const network = scratchNetwork();
    later(() => network.remove());
    const namespace = network.namespace();
    const tap = openTap();
    changeLink(tap.deviceName, { netnsPath: `/run/netns/${namespace}`, rename: "eth0", up: true });
    network.remove();
    // The device goes with the namespace (a container's, when it ends); its descriptor stays ours.
    await waitFor("the TAP's end noticed", () => tap.errors > 0);
    const cpuBefore = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const spent = process.cpuUsage(cpuBefore);
    expect((spent.user + spent.system) / 1000).toBeLessThan(100);
    const errorsBefore = tap.errors;
    tap.send(frame(8));
    await waitFor("the write to a deleted TAP refused", () => tap.errors > errorsBefore);
    await tap.close();
  });

  it("turns GRO off on a host interface while it is open, and on again once it closes", async () => {
    const network = scratchNetwork();
    later(() => network.remove());
    const { outside } = network.veth();
    run("ethtool", "-K", outside, "gro", "on");
    const gro = () => /^generic-receive-offload: (on|off)/m.exec(run("ethtool", "-k", outside))?.[1];
    const { endpoint, offloadsOff } = DeviceEndpoint.openInterface(outside);
    // A veth has no LRO to turn off.
    expect(offloadsOff).toEqual(["gro"]);
    expect(gro()).toBe("off");
    await endpoint.close();
    expect(gro()).toBe("on");
  });

  it("completes the UDP checksum a sender on this host left to its NIC", async () => {
    const network = scratchNetwork();
    later(() => network.remove());
    const namespace = network.namespace();
    const { outside, inside } = network.veth(namespace);
    const wire = openInterface(outside);
    const udp: Buffer[] = [];
    wire.onFrame((bytes) => {
      const frame = Buffer.from(bytes);
      if (frame.readUInt16BE(12) === 0x0800 && frame[23] === 17) udp.push(frame);
    });
    // The sender's veth offloads its checksums, as a container's or a namespace's does by default.
    inNamespace(namespace, "ethtool", "-K", inside, "tx", "on");
    inNamespace(namespace, "ip", "addr", "add", `${subnet}.2/30`, "dev", inside);
    inNamespace(namespace, "ip", "neigh", "add", `${subnet}.1`, "lladdr", "02:00:00:00:00:99", "dev", inside);
    inNamespace(namespace, "bash", "-c", `echo checksum me > /dev/udp/${subnet}.1/9`);
    await waitFor("the UDP datagram", () => udp.length > 0);
    expect(udpChecksumValid(udp[0]!)).toBe(true);
  });

  it("refuses a host interface that does not exist, and a name no interface can have, naming them", () => {
    expect(() => DeviceEndpoint.openInterface("gt-none0")).toThrow(/gt-none0/);
    expect(() => DeviceEndpoint.openTap("a-name-longer-than-15")).toThrow(/1 to 15 characters/);
  });
});

describe.runIf(!native)("TAP and host-interface ports without the addon", () => {
  it("are refused, with the reason the addon is not in use", () => {
    expect(() => DeviceEndpoint.openTap("gttap0")).toThrow(/TAP device gttap0 needs the dataplane's native addon, which this daemon runs without \(GNS3_DATAPLANE_NATIVE=0\)/);
    expect(() => DeviceEndpoint.openInterface("lo")).toThrow(/Host interface lo needs the dataplane's native addon/);
  });
});
