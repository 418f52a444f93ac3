import { connect, createServer, type AddressInfo } from "node:net";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "@shared/testing/cleanups";
import { ItemErrorKind, NodeKind, PortMode, type DesiredHostState, type ItemError, type LinkSpec, type NodeSpec, type StateChange } from "@shared/proto";
import { ReceivedState } from "@shared/proto/received-state";
import { mountSmallDisk, smallDiskSkipReason } from "@shared/testing/small-disk";
import { readWithTcpdump, StalledDisk } from "../capture/testing";
import { CloudRuntime } from "./cloud-runtime";
import { HubRuntime, SwitchRuntime } from "./device-runtimes";
import { HostReconciler, type NodeRuntimeFactories } from "./host-reconciler";
import { cloudOfTunnels, localLink, standInEmulator, type StandInEmulator } from "./testing";
import { vpcsNodeFactory } from "./vpcs-node";

type Emulator = StandInEmulator;

const { later } = cleanupAfterEach();
const emulator = () => standInEmulator(later);
const cloud = cloudOfTunnels;
const link = localLink;

let nextPort = 24100 + Math.floor(Math.random() * 2000);
const freePort = () => nextPort++;

function frame(index: number, destination = "ffffffffffff", source = "020000000001"): Buffer {
  const bytes = Buffer.alloc(64);
  Buffer.from(destination + source + "0800", "hex").copy(bytes, 0);
  bytes.writeUInt32BE(index, 20);
  return bytes;
}

async function sendAll(from: Emulator, to: number, count: number, start = 0): Promise<void> {
  for (let i = 0; i < count; i++) {
    from.socket.send(frame(start + i), to, "127.0.0.1");
    if (i % 50 === 49) await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function settle(ms = 150): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

function reconciler(dataDir = mkdtempSync(join(tmpdir(), "host-")), extraFactories: NodeRuntimeFactories = {}): HostReconciler {
  const host = new HostReconciler(
    {
      [NodeKind.CLOUD]: (spec) => CloudRuntime.start(spec),
      [NodeKind.ETHERNET_SWITCH]: async (spec) => new SwitchRuntime(spec),
      [NodeKind.ETHERNET_HUB]: async (spec) => new HubRuntime(spec),
      ...extraFactories,
    },
    { dataDir },
  );
  later(async () => {
    await host.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return host;
}

describe("a host reconciler", () => {
  it("relays between two cloud UDP ports, swaps filters in place and closes what leaves the state", async () => {
    const [left, right] = [await emulator(), await emulator()];
    const [leftPort, rightPort] = [freePort(), freePort()];
    const host = reconciler();
    const nodes = [cloud("c1", [{ local: leftPort, remote: left.port }, { local: rightPort, remote: right.port }])];
    const state = (revision: number, links: LinkSpec[]): DesiredHostState => ({ revision, nodes, links });

    expect(await host.apply(state(1, [link("l1", ["c1", 0], ["c1", 1])]))).toEqual([]);
    await sendAll(left, leftPort, 100);
    await sendAll(right, rightPort, 30);
    await settle();
    expect(right.frames).toHaveLength(100);
    expect(left.frames).toHaveLength(30);

    expect(await host.apply(state(2, [link("l1", ["c1", 0], ["c1", 1], { filters: [{ type: "frequency_drop", numbers: [2], text: "" }] })]))).toEqual([]);
    await sendAll(left, leftPort, 100, 1000);
    await settle();
    expect(right.frames).toHaveLength(150);
    const readAt = Date.now();
    expect(host.counters()).toMatchObject({ links: [{ linkId: "l1", aToB: { framesIn: 200, droppedFrequency: 50 } }], sampledAtMs: expect.any(Number) });
    expect(host.counters().sampledAtMs).toBeGreaterThanOrEqual(readAt);

    expect(await host.apply(state(3, [link("l1", ["c1", 0], ["c1", 1], { suspended: true, filters: [{ type: "frequency_drop", numbers: [2], text: "" }] })]))).toEqual([]);
    await sendAll(left, leftPort, 20, 2000);
    await settle();
    expect(right.frames).toHaveLength(150);

    expect(await host.apply(state(4, []))).toEqual([]);
    expect(host.counters().links).toEqual([]);
    await sendAll(left, leftPort, 20, 3000);
    await settle();
    expect(right.frames).toHaveLength(150);
  });

  it("runs the same node and link ids from two projects side by side (a project imported twice keeps its ids)", async () => {
    const emulators = [await emulator(), await emulator(), await emulator(), await emulator()];
    const ports = [freePort(), freePort(), freePort(), freePort()];
    const host = reconciler();
    const inProject = (projectId: string, first: number): { node: NodeSpec; link: LinkSpec } => ({
      node: { ...cloud("c1", [{ local: ports[first]!, remote: emulators[first]!.port }, { local: ports[first + 1]!, remote: emulators[first + 1]!.port }]), projectId },
      link: { ...link("l1", ["c1", 0], ["c1", 1]), projectId },
    });
    const [one, two] = [inProject("p1", 0), inProject("p2", 2)];
    two.link.filters = [{ type: "frequency_drop", numbers: [2], text: "" }];
    expect(await host.apply({ revision: 1, nodes: [one.node, two.node], links: [one.link, two.link] })).toEqual([]);
    await sendAll(emulators[0]!, ports[0]!, 40);
    await sendAll(emulators[2]!, ports[2]!, 40);
    await settle();
    expect(emulators[1]!.frames).toHaveLength(40);
    expect(emulators[3]!.frames).toHaveLength(20);

    // The first project closes: the second's node and link, with the same ids, keep running.
    expect(await host.apply({ revision: 2, nodes: [two.node], links: [two.link] })).toEqual([]);
    await sendAll(emulators[0]!, ports[0]!, 10, 100);
    await sendAll(emulators[2]!, ports[2]!, 10, 100);
    await settle();
    expect(emulators[1]!.frames).toHaveLength(40);
    expect(emulators[3]!.frames).toHaveLength(25);
  });

  it("keeps a link's filter state when a state repeats its filters, and starts afresh when they change", async () => {
    const [left, right] = [await emulator(), await emulator()];
    const [leftPort, rightPort] = [freePort(), freePort()];
    const host = reconciler();
    const nodes = [cloud("c1", [{ local: leftPort, remote: left.port }, { local: rightPort, remote: right.port }])];
    const every = (n: number): DesiredHostState["links"] => [link("l1", ["c1", 0], ["c1", 1], { filters: [{ type: "frequency_drop", numbers: [n], text: "" }] })];
    const received = () => right.frames.map((bytes) => bytes.readUInt32BE(20));

    await host.apply({ revision: 1, nodes, links: every(3) });
    await sendAll(left, leftPort, 4);
    await settle();
    // The controller resends everything after a reconnect: the count goes on (frame 6 is the 3rd's twin).
    expect(await host.apply({ revision: 2, nodes, links: every(3) })).toEqual([]);
    await sendAll(left, leftPort, 5, 4);
    await settle();
    expect(received()).toEqual([0, 1, 3, 4, 6, 7]);

    // A changed filter is a new chain: frequency_drop [2] counts from the next frame.
    await host.apply({ revision: 3, nodes, links: every(2) });
    await sendAll(left, leftPort, 4, 9);
    await settle();
    expect(received().slice(6)).toEqual([9, 11]);
  });

  it("forwards through a built-in switch and hub", async () => {
    const emulators = [await emulator(), await emulator(), await emulator()];
    const ports = emulators.map(() => freePort());
    const host = reconciler();
    const nodes: NodeSpec[] = [
      cloud("edge", emulators.map((e, i) => ({ local: ports[i]!, remote: e.port }))),
      {
        nodeId: "sw", projectId: "p", name: "SW1", kind: NodeKind.ETHERNET_SWITCH, running: true, consolePort: 0, startupScript: "", restartGeneration: 0, suspended: false, qemu: null, docker: null, dynamips: null,
        ports: [0, 1, 2].map((i) => ({ portNumber: i, name: `e${i}`, mode: PortMode.ACCESS, vlan: 1, ethertype: 0, cloudUdp: null, cloudDevice: null, linked: false })),
      },
    ];
    const links = [0, 1, 2].map((i) => link(`l${i}`, ["edge", i], ["sw", i]));
    expect(await host.apply({ revision: 1, nodes, links })).toEqual([]);
    emulators[0]!.socket.send(frame(1, "020000000002", "020000000001"), ports[0]!, "127.0.0.1");
    await settle();
    expect(emulators[1]!.frames).toHaveLength(1);
    expect(emulators[2]!.frames).toHaveLength(1);
    emulators[1]!.socket.send(frame(2, "020000000001", "020000000002"), ports[1]!, "127.0.0.1");
    await settle();
    expect(emulators[0]!.frames).toHaveLength(1);
    expect(emulators[2]!.frames).toHaveLength(1);
  });

  it("writes a capture of both directions after the filters", async () => {
    const [left, right] = [await emulator(), await emulator()];
    const [leftPort, rightPort] = [freePort(), freePort()];
    const dataDir = mkdtempSync(join(tmpdir(), "host-"));
    const host = reconciler(dataDir);
    const nodes = [cloud("c1", [{ local: leftPort, remote: left.port }, { local: rightPort, remote: right.port }])];
    const capture = { active: true, relativePath: "projects/p/project-files/captures/l1.pcap", linkType: 0 };
    await host.apply({ revision: 1, nodes, links: [link("l1", ["c1", 0], ["c1", 1], { capture, filters: [{ type: "frequency_drop", numbers: [5], text: "" }] })] });
    await sendAll(left, leftPort, 20);
    await sendAll(right, rightPort, 5, 100);
    await settle();
    await host.apply({ revision: 2, nodes, links: [link("l1", ["c1", 0], ["c1", 1])] });
    const pcap = readFileSync(join(dataDir, capture.relativePath));
    expect(pcap.readUInt32LE(0)).toBe(0xa1b2c3d4);
    let records = 0;
    for (let at = 24; at < pcap.length; at += 16 + pcap.readUInt32LE(at + 8)) records++;
    expect(records).toBe(16 + 4);
  });

  it("has the capture file, with its pcap header, on disk once the state asking for it is applied", async () => {
    const [left, right] = [await emulator(), await emulator()];
    const dataDir = mkdtempSync(join(tmpdir(), "host-"));
    const host = reconciler(dataDir);
    const nodes = [cloud("c1", [{ local: freePort(), remote: left.port }, { local: freePort(), remote: right.port }])];
    const capture = { active: true, relativePath: "projects/p/project-files/captures/l1.pcap", linkType: 0 };
    expect(await host.apply({ revision: 1, nodes, links: [link("l1", ["c1", 0], ["c1", 1], { capture })] })).toEqual([]);
    // No frame has crossed: the controller may stream the file at once and finds a valid pcap.
    const pcap = readFileSync(join(dataDir, capture.relativePath));
    expect(pcap).toHaveLength(24);
    expect(pcap.readUInt32LE(0)).toBe(0xa1b2c3d4);
  });

  it("says which capture files it is writing, for the streams that follow them", async () => {
    const [left, right] = [await emulator(), await emulator()];
    const host = reconciler();
    const nodes = [cloud("c1", [{ local: freePort(), remote: left.port }, { local: freePort(), remote: right.port }])];
    const capture = { active: true, relativePath: "projects/p/project-files/captures/l1.pcap", linkType: 0 };
    await host.apply({ revision: 1, nodes, links: [link("l1", ["c1", 0], ["c1", 1], { capture })] });
    expect(host.isCapturing(capture.relativePath)).toBe(true);
    expect(host.isCapturing("projects/p/project-files/captures/other.pcap")).toBe(false);
    await host.apply({ revision: 2, nodes, links: [link("l1", ["c1", 0], ["c1", 1], { capture: { ...capture, active: false } })] });
    expect(host.isCapturing(capture.relativePath)).toBe(false);
  });

  it("applies the state stopping a capture once what the capture held is in the file, following it as capturing until then", async () => {
    const [left, right] = [await emulator(), await emulator()];
    const leftPort = freePort();
    const dataDir = mkdtempSync(join(tmpdir(), "host-"));
    const capture = { active: true, relativePath: "projects/p/project-files/captures/l1.pcap", linkType: 0 };
    mkdirSync(join(dataDir, "projects/p/project-files/captures"), { recursive: true });
    // The capture's "disk" takes 64 KiB, then waits for the test to read.
    const disk = new StalledDisk(join(dataDir, capture.relativePath));
    later(() => disk.close());
    const host = reconciler(dataDir);
    const nodes = [cloud("c1", [{ local: leftPort, remote: left.port }, { local: freePort(), remote: right.port }])];
    await host.apply({ revision: 1, nodes, links: [link("l1", ["c1", 0], ["c1", 1], { capture })] });
    // 2,000 records of 80 bytes: more than the pipe holds.
    await sendAll(left, leftPort, 2000);
    await settle();
    expect(right.frames).toHaveLength(2000);
    let stopped = false;
    const stopping = host.apply({ revision: 2, nodes, links: [link("l1", ["c1", 0], ["c1", 1])] }).then((errors) => ((stopped = true), errors));
    await settle();
    expect(stopped).toBe(false);
    expect(host.isCapturing(capture.relativePath)).toBe(true);
    await disk.drainUntil(stopping);
    expect(await stopping).toEqual([]);
    expect(host.isCapturing(capture.relativePath)).toBe(false);
    expect(disk.records().map((record) => record.bytes.readUInt32BE(20))).toEqual([...Array(2000).keys()]);
    expect(host.metrics()[0]).toMatchObject({ captureFailures: 0, captureDropped: 0 });
  });

  it("reports what it cannot run, per node and per link, and runs the rest", async () => {
    const [left, right] = [await emulator(), await emulator()];
    const [leftPort, rightPort] = [freePort(), freePort()];
    const host = reconciler();
    const errors = await host.apply({
      revision: 1,
      nodes: [
        cloud("c1", [{ local: leftPort, remote: left.port }, { local: rightPort, remote: right.port }]),
        { nodeId: "pc", projectId: "p", name: "PC1", kind: NodeKind.VPCS, running: true, consolePort: 5000, ports: [], startupScript: "", restartGeneration: 0, suspended: false, qemu: null, docker: null, dynamips: null },
      ],
      links: [link("good", ["c1", 0], ["c1", 1]), link("bad", ["pc", 0], ["c1", 5])],
    });
    expect(errors).toEqual([
      { kind: ItemErrorKind.NODE, id: "pc", message: "node PC1: this daemon cannot run nodes of kind VPCS" },
      { kind: ItemErrorKind.LINK, id: "bad", message: "node pc is not running on this host" },
    ]);
    await sendAll(left, leftPort, 10);
    await settle();
    expect(right.frames).toHaveLength(10);
  });

  it("joins two hosts over a tunnel, filtering each direction once, on the host it leaves", async () => {
    const [west, east] = [await emulator(), await emulator()];
    const [westPort, eastPort, tunnelWest, tunnelEast] = [freePort(), freePort(), freePort(), freePort()];
    const hostWest = reconciler();
    const hostEast = reconciler();
    const filters = [{ type: "frequency_drop", numbers: [2], text: "" }];
    const spec = (local: "a" | "b"): LinkSpec => ({
      ...link("x", ["w", 0], ["e", 0], { filters }),
      a: { nodeId: "w", adapterNumber: 0, portNumber: 0, local: local === "a" },
      b: { nodeId: "e", adapterNumber: 0, portNumber: 0, local: local === "b" },
      tunnel: local === "a"
        ? { localPort: tunnelWest, remoteHost: "127.0.0.1", remotePort: tunnelEast }
        : { localPort: tunnelEast, remoteHost: "127.0.0.1", remotePort: tunnelWest },
    });
    expect(await hostWest.apply({ revision: 1, nodes: [cloud("w", [{ local: westPort, remote: west.port }])], links: [spec("a")] })).toEqual([]);
    expect(await hostEast.apply({ revision: 1, nodes: [cloud("e", [{ local: eastPort, remote: east.port }])], links: [spec("b")] })).toEqual([]);
    await sendAll(west, westPort, 100);
    await sendAll(east, eastPort, 60, 500);
    await settle();
    expect(east.frames).toHaveLength(50);
    expect(west.frames).toHaveLength(30);
  });
});

describe("a host reconciler given changes", () => {
  /** Applies `change` on top of what `held` holds, as the daemon does: only the items it touched are looked at. */
  function applyChange(host: HostReconciler, held: ReceivedState, change: Partial<StateChange>): Promise<ItemError[]> {
    const touched = held.apply({ revision: held.revision + 1, baseRevision: held.revision, nodes: [], links: [], removedNodes: [], removedLinks: [], ...change });
    if ("refused" in touched) throw new Error(touched.refused);
    return host.apply(held.state(), undefined, { ...touched, node: (key) => held.node(key), link: (key) => held.link(key) });
  }

  it("brings the items a change touched and leaves the others as they run", async () => {
    const emulators = [await emulator(), await emulator(), await emulator(), await emulator()];
    const ports = emulators.map(() => freePort());
    const host = reconciler();
    const everyThird = [{ type: "frequency_drop", numbers: [3], text: "" }];
    const held = ReceivedState.of({
      revision: 1,
      nodes: [cloud("c1", emulators.map((e, i) => ({ local: ports[i]!, remote: e.port })))],
      links: [link("l1", ["c1", 0], ["c1", 1], { filters: everyThird }), link("l2", ["c1", 2], ["c1", 3])],
    });
    expect(await host.apply(held.state(), undefined, "all")).toEqual([]);
    const receivedOnL1 = () => emulators[1]!.frames.map((bytes) => bytes.readUInt32BE(20));
    await sendAll(emulators[0]!, ports[0]!, 4);
    await settle();
    expect(receivedOnL1()).toEqual([0, 1, 3]);

    // l2 changes: l1 keeps its relay and its count (frame 5 is the next third).
    expect(await applyChange(host, held, { links: [link("l2", ["c1", 2], ["c1", 3], { filters: [{ type: "packet_loss", numbers: [100], text: "" }] })] })).toEqual([]);
    await sendAll(emulators[0]!, ports[0]!, 3, 4);
    await sendAll(emulators[2]!, ports[2]!, 5);
    await settle();
    expect(receivedOnL1()).toEqual([0, 1, 3, 4, 6]);
    expect(emulators[3]!.frames).toHaveLength(0);

    // A link to a node not there yet fails, and is built by the change that brings its node.
    const sw: NodeSpec = {
      nodeId: "sw", projectId: "p", name: "SW1", kind: NodeKind.ETHERNET_SWITCH, running: true, consolePort: 0, startupScript: "", restartGeneration: 0, suspended: false, qemu: null, docker: null, dynamips: null,
      ports: [0, 1].map((i) => ({ portNumber: i, name: `e${i}`, mode: PortMode.ACCESS, vlan: 1, ethertype: 0, cloudUdp: null, cloudDevice: null, linked: true })),
    };
    expect(await applyChange(host, held, { links: [link("l3", ["sw", 0], ["sw", 1])] })).toEqual([{ kind: ItemErrorKind.LINK, id: "l3", message: "node sw is not running on this host" }]);
    expect(await applyChange(host, held, { nodes: [sw] })).toEqual([]);
    expect(host.counters().links.map((counted) => counted.linkId).sort()).toEqual(["l1", "l2", "l3"]);

    // Removed items go, and so does the relay of a link whose node went; the rest stay.
    expect(await applyChange(host, held, { removedLinks: [{ projectId: "p", id: "l2" }], removedNodes: [{ projectId: "p", id: "sw" }] })).toEqual([
      { kind: ItemErrorKind.LINK, id: "l3", message: "node sw is not running on this host" },
    ]);
    expect(host.counters().links.map((counted) => counted.linkId)).toEqual(["l1"]);
    await sendAll(emulators[0]!, ports[0]!, 3, 7);
    await settle();
    expect(receivedOnL1()).toEqual([0, 1, 3, 4, 6, 7, 9]);
  });
});

const smallDiskSkip = smallDiskSkipReason();

/**
 * A cloud with two UDP ports and their emulators, on a host whose captures folder is a 64 KiB
 * tmpfs, and the capture of a link between the two ports.
 */
async function captureOnSmallDisk() {
  const [left, right] = [await emulator(), await emulator()];
  const [leftPort, rightPort] = [freePort(), freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), "host-"));
  const disk = mountSmallDisk(join(dataDir, "projects/p/project-files/captures"), 64);
  const host = reconciler(dataDir);
  // Closed first: an open capture keeps the disk busy.
  later(async () => {
    await host.close();
    await disk.unmount();
  });
  const nodes = [cloud("c1", [{ local: leftPort, remote: left.port }, { local: rightPort, remote: right.port }])];
  const capture = { active: true, relativePath: "projects/p/project-files/captures/l1.pcap", linkType: 0 };
  return { left, right, leftPort, dataDir, disk, host, nodes, capture };
}

describe.skipIf(smallDiskSkip !== undefined)(`a host reconciler whose captures fill their disk${smallDiskSkip ? ` — skipped: ${smallDiskSkip}` : ""}`, () => {
  it("stops the capture alone: frames flow, the file stays readable, the error is announced and acked, the next state retries", async () => {
    const { left, right, leftPort, dataDir, disk, host, nodes, capture } = await captureOnSmallDisk();
    const freeSpace = disk.takeSpace(32 * 1024);
    const announced: ItemError[][] = [];
    host.watchErrors((errors) => announced.push(errors));
    const file = join(dataDir, capture.relativePath);
    const state = (revision: number): DesiredHostState => ({ revision, nodes, links: [link("l1", ["c1", 0], ["c1", 1], { capture })] });
    const linkError = (problem: RegExp) => [{ kind: ItemErrorKind.LINK, id: "l1", message: expect.stringMatching(problem) }];
    const stopped = /^capture projects\/p\/project-files\/captures\/l1\.pcap stopped: ENOSPC: no space left on device/;

    expect(await host.apply(state(1))).toEqual([]);
    // About 400 records of 80 bytes fit in what the ballast leaves.
    await sendAll(left, leftPort, 1000);
    await settle();
    expect(right.frames).toHaveLength(1000);
    expect(announced).toEqual([linkError(stopped)]);
    expect(host.itemErrors()).toEqual(linkError(stopped));
    expect(host.metrics()[0]!.captureFailures).toBe(1);
    expect(host.isCapturing(capture.relativePath)).toBe(false);
    const kept = readWithTcpdump(file).records.map((record) => record.bytes.readUInt32BE(20));
    expect(kept.length).toBeGreaterThan(100);
    expect(kept).toEqual([...Array(kept.length).keys()]);
    expect(statSync(file).size).toBe(24 + kept.length * 80);

    // Still full: the next state retries, the first frame fails again, nothing is appended.
    expect(await host.apply(state(2))).toEqual([]);
    await sendAll(left, leftPort, 10, 1000);
    await settle();
    expect(right.frames).toHaveLength(1010);
    expect(announced).toHaveLength(2);
    expect(host.metrics()[0]!.captureFailures).toBe(2);
    expect(statSync(file).size).toBe(24 + kept.length * 80);

    // Room again: the next state's capture goes on appending to the same readable file.
    freeSpace();
    expect(await host.apply(state(3))).toEqual([]);
    await sendAll(left, leftPort, 100, 2000);
    await settle();
    expect(right.frames).toHaveLength(1110);
    expect(host.itemErrors()).toEqual([]);
    const all = readWithTcpdump(file).records.map((record) => record.bytes.readUInt32BE(20));
    expect(all).toEqual([...kept, ...Array.from({ length: 100 }, (_, index) => 2000 + index)]);
  });

  it("reports a capture it cannot open as the link's error and forwards all the same", async () => {
    const { left, right, leftPort, disk, host, nodes, capture } = await captureOnSmallDisk();
    disk.takeSpace(64 * 1024);
    const errors = await host.apply({ revision: 1, nodes, links: [link("l1", ["c1", 0], ["c1", 1], { capture })] });
    expect(errors).toEqual([
      { kind: ItemErrorKind.LINK, id: "l1", message: "cannot write the capture projects/p/project-files/captures/l1.pcap: ENOSPC: no space left on device, write" },
    ]);
    expect(host.metrics()[0]!.captureFailures).toBe(1);
    await sendAll(left, leftPort, 50);
    await settle();
    expect(right.frames).toHaveLength(50);
  });
});

describe("the daemon's /metrics endpoint", () => {
  it("serves every link's counters per direction in Prometheus text", async () => {
    const { createHostForwarding } = await import("./host-forwarding");
    const [left, right] = [await emulator(), await emulator()];
    const [leftPort, rightPort] = [freePort(), freePort()];
    const dataDir = mkdtempSync(join(tmpdir(), "host-"));
    const forwarding = await createHostForwarding({ dataDir, metricsPort: freePort() });
    later(async () => {
      await forwarding.close?.();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const nodes = [cloud("c1", [{ local: leftPort, remote: left.port }, { local: rightPort, remote: right.port }])];
    await forwarding.reconciler.apply({ revision: 1, nodes, links: [link("l1", ["c1", 0], ["c1", 1], { filters: [{ type: "frequency_drop", numbers: [4], text: "" }] })] });
    await sendAll(left, leftPort, 40);
    await settle();
    const response = await fetch(`http://127.0.0.1:${forwarding.metricsPort}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('gns3_link_frames_in_total{link_id="l1",project_id="p",direction="a_to_b"} 40');
    expect(text).toContain('gns3_link_frames_dropped_total{link_id="l1",project_id="p",direction="a_to_b",reason="frequency"} 10');
    expect((await fetch(`http://127.0.0.1:${forwarding.metricsPort}/other`)).status).toBe(404);
  });
});

/** A VPCS node of project p asking to run, or not, with its console on `consolePort`. */
function pc(consolePort: number, running = true): NodeSpec {
  return { nodeId: "pc", projectId: "p", name: "PC1", kind: NodeKind.VPCS, running, consolePort, ports: [], startupScript: "", restartGeneration: 0, suspended: false, qemu: null, docker: null, dynamips: null };
}

async function freeTcpPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether something accepts connections on the port: the PC's console, in these tests. */
async function consoleAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

/** The VPCS console daemon of the node, as its runtime recorded it. */
function vpcsPid(dataDir: string): number {
  return (JSON.parse(readFileSync(join(dataDir, "vpcs/p/pc/vpcs.pids.json"), "utf8")) as Array<{ pid: number }>)[0]!.pid;
}

describe("a host reconciler running VPCS", () => {
  it("announces a VPCS that exits by itself as the node's error, kept until the next state, which starts it again if asked", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "host-"));
    const host = reconciler(dataDir, { [NodeKind.VPCS]: vpcsNodeFactory() });
    const announced: ItemError[][] = [];
    host.watchErrors((errors) => announced.push(errors));
    const consolePort = await freeTcpPort();
    const crashed = [{ kind: ItemErrorKind.NODE, id: "pc", message: expect.stringMatching(/^node PC1: VPCS exited by itself \(signal SIGKILL\)/) }];

    expect(await host.apply({ revision: 1, nodes: [pc(consolePort)], links: [] })).toEqual([]);
    process.kill(vpcsPid(dataDir), "SIGKILL");
    await waitFor(() => announced.length > 0);
    expect(announced).toEqual([crashed]);
    await settle();
    expect(host.itemErrors()).toEqual(crashed);
    expect(await consoleAnswers(consolePort)).toBe(false);

    // A state that still asks for it running (sent before the controller heard) starts it again: no error.
    expect(await host.apply({ revision: 2, nodes: [pc(consolePort)], links: [] })).toEqual([]);
    expect(host.itemErrors()).toEqual([]);
    expect(await consoleAnswers(consolePort)).toBe(true);

    process.kill(vpcsPid(dataDir), "SIGKILL");
    await waitFor(() => announced.length > 1);
    expect(announced[1]).toEqual(crashed);
    // The controller's answer: the node stopped. Nothing runs and nothing is wrong.
    expect(await host.apply({ revision: 3, nodes: [pc(consolePort, false)], links: [] })).toEqual([]);
    expect(host.itemErrors()).toEqual([]);
    await settle();
    expect(announced).toHaveLength(2);
  }, 30_000);

  it("reports the command line of a VPCS while it runs, none once it stopped or exited by itself", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "host-"));
    const host = reconciler(dataDir, { [NodeKind.VPCS]: vpcsNodeFactory() });
    const consolePort = await freeTcpPort();
    await host.apply({ revision: 1, nodes: [pc(consolePort, false), cloud("cloud", [])], links: [] });
    expect(host.nodeReports()).toEqual([]);
    await host.apply({ revision: 2, nodes: [pc(consolePort), cloud("cloud", [])], links: [] });
    expect(host.nodeReports()).toEqual([
      { nodeId: "pc", projectId: "p", commandLine: expect.stringMatching(new RegExp(`^vpcs -F -i 1 -p ${consolePort} -m \\d+ -s \\d+ -c \\d+ -t 127\\.0\\.0\\.1$`)), idlepc: null },
    ]);
    process.kill(vpcsPid(dataDir), "SIGKILL");
    await waitFor(() => host.itemErrors().length > 0);
    expect(host.nodeReports()).toEqual([]);
    await host.apply({ revision: 3, nodes: [pc(consolePort), cloud("cloud", [])], links: [] });
    expect(host.nodeReports()).toHaveLength(1);
    await host.apply({ revision: 4, nodes: [pc(consolePort, false), cloud("cloud", [])], links: [] });
    expect(host.nodeReports()).toEqual([]);
  }, 30_000);

  it("moves a VPCS to the console port a new state gives it", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "host-"));
    const host = reconciler(dataDir, { [NodeKind.VPCS]: vpcsNodeFactory() });
    const [first, second] = [await freeTcpPort(), await freeTcpPort()];
    expect(await host.apply({ revision: 1, nodes: [pc(first, false)], links: [] })).toEqual([]);
    expect(await host.apply({ revision: 2, nodes: [pc(second)], links: [] })).toEqual([]);
    expect([await consoleAnswers(first), await consoleAnswers(second)]).toEqual([false, true]);
  }, 30_000);

  it("does not report a VPCS stopped by the state as having exited by itself", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "host-"));
    const host = reconciler(dataDir, { [NodeKind.VPCS]: vpcsNodeFactory() });
    const announced: ItemError[][] = [];
    host.watchErrors((errors) => announced.push(errors));
    const consolePort = await freeTcpPort();
    expect(await host.apply({ revision: 1, nodes: [pc(consolePort)], links: [] })).toEqual([]);
    expect(await host.apply({ revision: 2, nodes: [pc(consolePort, false)], links: [] })).toEqual([]);
    expect(await host.apply({ revision: 3, nodes: [], links: [] })).toEqual([]);
    await settle();
    expect(announced).toEqual([]);
  }, 30_000);

  it("reports a VPCS whose console port another program holds as the node's error, naming the port, and marks it for the controller to move", async () => {
    const host = reconciler(undefined, { [NodeKind.VPCS]: vpcsNodeFactory() });
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    later(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    expect(await host.apply({ revision: 1, nodes: [pc(port)], links: [] })).toEqual([
      {
        kind: ItemErrorKind.NODE,
        id: "pc",
        message: `node PC1: console port ${port} is already in use on this host: free it, or give the node another "console" port`,
        consolePortTaken: port,
      },
    ]);
    expect(host.itemErrors()).toHaveLength(1);
  }, 30_000);
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("slow nodes on a host", () => {
  /** Nodes whose start and stop take a while, as a VM booting or powering down does; counts how many are at it at once. */
  function slowNodes(): { factories: NodeRuntimeFactories; mostAtOnce: () => number } {
    let busy = 0;
    let most = 0;
    const slowly = async () => {
      most = Math.max(most, ++busy);
      await settle(200);
      busy--;
    };
    const factories: NodeRuntimeFactories = {
      [NodeKind.QEMU]: async () => {
        await slowly();
        return { endpoint: () => undefined, update: async () => null, close: slowly };
      },
    };
    return { factories, mostAtOnce: () => most };
  }
  const vm = (nodeId: string): NodeSpec => ({ ...cloud(nodeId, []), kind: NodeKind.QEMU });

  it("starts a state's nodes side by side, so one slow node holds up no other", async () => {
    const slow = slowNodes();
    const host = reconciler(undefined, slow.factories);
    expect(await host.apply({ revision: 1, nodes: [vm("vm1"), vm("vm2"), vm("vm3")], links: [] })).toEqual([]);
    expect(slow.mostAtOnce()).toBe(3);
  });

  it("stops the nodes a state leaves out side by side", async () => {
    const slow = slowNodes();
    const host = reconciler(undefined, slow.factories);
    const nodes: NodeSpec[] = [];
    for (const nodeId of ["vm1", "vm2", "vm3"]) {
      nodes.push(vm(nodeId));
      await host.apply({ revision: nodes.length, nodes, links: [] });
    }
    expect(slow.mostAtOnce()).toBe(1);
    expect(await host.apply({ revision: 4, nodes: [], links: [] })).toEqual([]);
    expect(slow.mostAtOnce()).toBe(3);
  });
});
