import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { readCircuits } from "@shared/dynamips/virtual-circuits";
import { NodeKind, type DesiredHostState, type LinkSpec, type NodeSpec, type VirtualCircuit } from "@shared/proto";
import { cleanupAfterEach, waitFor } from "@shared/testing/cleanups";
import { readWithTcpdump } from "../capture/testing";
import { atmCell, dlciOf, frameRelayFrame, vpiVciOf } from "../dynamips/testing";
import { commandLine, workingDirectory } from "../nodes/processes";
import { circuitSwitchFactory } from "./circuit-switch-node";
import { cloudOfTunnels, localLink, standInEmulator, type StandInEmulator } from "./testing";
import { CloudRuntime } from "./cloud-runtime";
import { HostReconciler } from "./host-reconciler";

const { later } = cleanupAfterEach();

/** A stand-in for a router's serial interface: a UDP socket behind a cloud port. */
const serialPeer = () => standInEmulator(later);

let nextPort = 26100 + Math.floor(Math.random() * 2000);

const base = { projectId: "p", running: true, consolePort: 0, startupScript: "", restartGeneration: 0, suspended: false, qemu: null, docker: null };

function cloud(nodeId: string, peers: StandInEmulator[]): { spec: NodeSpec; ports: number[] } {
  const ports = peers.map(() => nextPort++);
  return { spec: cloudOfTunnels(nodeId, peers.map((peer, index) => ({ local: ports[index]!, remote: peer.port }))), ports };
}

function circuitSwitch(nodeId: string, kind: NodeKind, circuits: VirtualCircuit[]): NodeSpec {
  return { ...base, nodeId, name: nodeId, kind, ports: [], dynamips: { circuits } as NodeSpec["dynamips"] };
}

const link = localLink;

function host(): { reconciler: HostReconciler; dataDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), "circuit-host-"));
  const reconciler = new HostReconciler(
    { [NodeKind.CLOUD]: (spec) => CloudRuntime.start(spec), [NodeKind.FRAME_RELAY_SWITCH]: circuitSwitchFactory(), [NodeKind.ATM_SWITCH]: circuitSwitchFactory() },
    { dataDir },
  );
  later(async () => {
    await reconciler.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { reconciler, dataDir };
}

/** The dynamips processes running in `folder` or below it. */
function dynamipsUnder(folder: string): number[] {
  const pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name)).map(Number);
  return pids.filter((pid) => commandLine(pid)?.[0]?.endsWith("dynamips") && (workingDirectory(pid) ?? "").startsWith(folder));
}

describe("Frame Relay and ATM switch nodes on a host", () => {
  it("carry a DLCI's frames between two serial peers through the links' filters", async () => {
    const [left, right] = [await serialPeer(), await serialPeer()];
    const edge = cloud("serial", [left, right]);
    const circuits = readCircuits("frame_relay", { "1:100": "2:200" }) as VirtualCircuit[];
    const { reconciler } = host();
    const state = (revision: number, links: LinkSpec[]): DesiredHostState => ({ revision, nodes: [edge.spec, circuitSwitch("fr", NodeKind.FRAME_RELAY_SWITCH, circuits)], links });
    const plain = [link("in", ["serial", 0], ["fr", 1]), link("out", ["fr", 2], ["serial", 1])];
    expect(await reconciler.apply(state(1, plain))).toEqual([]);

    const send = (count: number, from = 0) => {
      for (let n = from; n < from + count; n++) left.socket.send(frameRelayFrame(100, `frame ${n}`), edge.ports[0]!, "127.0.0.1");
    };
    send(10);
    await waitFor("ten frames through the switch", () => right.frames.length >= 10);
    expect(right.frames.map(dlciOf)).toEqual(Array(10).fill(200));
    expect(right.frames.map((frame) => frame.subarray(2).toString())).toEqual(Array.from({ length: 10 }, (_, n) => `frame ${n}`));

    // frequency_drop [2] on the switch's first link: every second frame from now on is lost on the way in.
    const filtered = [link("in", ["serial", 0], ["fr", 1], { filters: [{ type: "frequency_drop", numbers: [2], text: "" }] }), plain[1]!];
    expect(await reconciler.apply(state(2, filtered))).toEqual([]);
    right.frames.length = 0;
    send(10, 10);
    await waitFor("five frames through the filter", () => right.frames.length >= 5);
    await sleep(100);
    expect(right.frames.map((frame) => frame.subarray(2).toString())).toEqual([10, 12, 14, 16, 18].map((n) => `frame ${n}`));

    // And back the other way, rewritten to DLCI 100.
    right.socket.send(frameRelayFrame(200, "reply"), edge.ports[1]!, "127.0.0.1");
    await waitFor("the reply", () => left.frames.length > 0);
    expect(dlciOf(left.frames[0]!)).toBe(100);
  });

  it("capture a serial link as Frame Relay, which tcpdump reads by DLCI", async () => {
    const [left, right] = [await serialPeer(), await serialPeer()];
    const edge = cloud("serial", [left, right]);
    const circuits = readCircuits("frame_relay", { "1:100": "2:200" }) as VirtualCircuit[];
    const { reconciler, dataDir } = host();
    const capture = (active: boolean) => ({ active, relativePath: "projects/p/project-files/captures/fr.pcap", linkType: 107 });
    const state = (revision: number, active: boolean): DesiredHostState => ({
      revision,
      nodes: [edge.spec, circuitSwitch("fr", NodeKind.FRAME_RELAY_SWITCH, circuits)],
      links: [link("in", ["serial", 0], ["fr", 1]), link("out", ["fr", 2], ["serial", 1], { capture: capture(active) })],
    });
    expect(await reconciler.apply(state(1, true))).toEqual([]);
    for (let n = 0; n < 3; n++) left.socket.send(frameRelayFrame(100, `frame ${n}`), edge.ports[0]!, "127.0.0.1");
    await waitFor("three frames through the switch", () => right.frames.length >= 3);
    expect(await reconciler.apply(state(2, false))).toEqual([]);
    const read = readWithTcpdump(join(dataDir, capture(false).relativePath));
    expect(read.linkType).toMatch(/FRELAY/);
    expect(read.records).toHaveLength(3);
    expect(read.records.map((record) => [dlciOf(record.bytes), record.bytes.subarray(2).toString()])).toEqual([0, 1, 2].map((n) => [200, `frame ${n}`]));
  });

  it("switch ATM cells by VPI/VCI, and end their hypervisor when they leave the state", async () => {
    const [left, right] = [await serialPeer(), await serialPeer()];
    const edge = cloud("serial", [left, right]);
    const circuits = readCircuits("atm", { "1:0:100": "10:1:200" }) as VirtualCircuit[];
    const { reconciler, dataDir } = host();
    const links = [link("in", ["serial", 0], ["atm", 1]), link("out", ["atm", 10], ["serial", 1])];
    expect(await reconciler.apply({ revision: 1, nodes: [edge.spec, circuitSwitch("atm", NodeKind.ATM_SWITCH, circuits)], links })).toEqual([]);
    left.socket.send(atmCell(0, 100, "cell"), edge.ports[0]!, "127.0.0.1");
    await waitFor("the cell through the switch", () => right.frames.length > 0);
    expect(vpiVciOf(right.frames[0]!)).toEqual([1, 200]);

    expect(dynamipsUnder(dataDir)).toHaveLength(1);
    expect(await reconciler.apply({ revision: 2, nodes: [edge.spec], links: [] })).toEqual([]);
    expect(dynamipsUnder(dataDir)).toEqual([]);
  });
});
