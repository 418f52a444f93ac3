import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createLogger } from "@shared/logging/logger";
import type { VirtualCircuit } from "@shared/proto";
import { cleanupAfterEach, waitFor } from "@shared/testing/cleanups";
import type { Endpoint } from "../forwarding/endpoint";
import { isAlive, identify } from "../nodes/processes";
import { CircuitSwitch } from "./circuit-switch";
import type { CircuitModule } from "./switch-circuits";
import { atmCell, dlciOf, frameRelayFrame, vpiVciOf } from "./testing";

const { later, tempDir } = cleanupAfterEach();
const log = createLogger("test.dynamips");

function circuit(portA: number, idsA: number[], portB: number, idsB: number[]): VirtualCircuit {
  return { a: { port: portA, ids: idsA }, b: { port: portB, ids: idsB } };
}

async function switchOf(module: CircuitModule, circuits: VirtualCircuit[], problems: Array<string | null> = []): Promise<CircuitSwitch> {
  const workDir = tempDir("circuit-switch-");
  const device = new CircuitSwitch({ module, nodeId: "sw", workDir, sharedDir: workDir, log, onProblem: (problem) => problems.push(problem) });
  later(() => device.close());
  await device.configure(circuits);
  return device;
}

/** What arrives at `endpoint`, in order. */
function received(endpoint: Endpoint): Buffer[] {
  const frames: Buffer[] = [];
  endpoint.onFrame((frame) => frames.push(Buffer.from(frame)));
  return frames;
}

describe("a Frame Relay switch run by Dynamips", () => {
  it("carries frames between ports by DLCI, both ways, rewriting the DLCI", async () => {
    const device = await switchOf("frsw", [circuit(1, [100], 2, [200])]);
    const [one, two] = [device.port(1)!, device.port(2)!];
    const [atOne, atTwo] = [received(one), received(two)];
    one.send(frameRelayFrame(100, "to two"));
    await waitFor("the frame on port 2", () => atTwo.length > 0);
    expect(dlciOf(atTwo[0]!)).toBe(200);
    expect(atTwo[0]!.subarray(2).toString()).toBe("to two");
    two.send(frameRelayFrame(200, "to one"));
    await waitFor("the frame on port 1", () => atOne.length > 0);
    expect(dlciOf(atOne[0]!)).toBe(100);
    expect(atOne[0]!.subarray(2).toString()).toBe("to one");
    // A DLCI no circuit uses goes nowhere.
    one.send(frameRelayFrame(101, "lost"));
    one.send(frameRelayFrame(100, "after"));
    await waitFor("the next frame", () => atTwo.length > 1);
    expect(atTwo.map((frame) => frame.subarray(2).toString())).toEqual(["to two", "after"]);
  });

  it("goes on switching after garbage: empty, one-byte, oversized and random datagrams", async () => {
    const device = await switchOf("frsw", [circuit(1, [100], 2, [200])]);
    const [one, two] = [device.port(1)!, device.port(2)!];
    const atTwo = received(two);
    const pid = device.pid;
    for (const garbage of [Buffer.alloc(0), Buffer.from([0xff]), Buffer.alloc(9000, 0xaa), ...Array.from({ length: 50 }, (_, n) => Buffer.from(Array.from({ length: 1 + ((n * 37) % 1500) }, (_, i) => (i * 131 + n) & 0xff)))]) {
      one.send(garbage);
    }
    one.send(frameRelayFrame(100, "still here"));
    await waitFor("the frame after the garbage", () => atTwo.some((frame) => frame.subarray(2).toString() === "still here"));
    expect(device.pid).toBe(pid);
  });

  it("takes new circuits, keeping the ports that stay as the same endpoints", async () => {
    const device = await switchOf("frsw", [circuit(1, [100], 2, [200])]);
    const [one, two] = [device.port(1)!, device.port(2)!];
    // More circuits on the same ports and a new one: what Dynamips 0.2.14 got wrong in place.
    await device.configure([circuit(1, [100], 2, [200]), circuit(1, [102], 3, [300]), circuit(2, [201], 3, [301])]);
    expect([device.port(1), device.port(2)]).toEqual([one, two]);
    const [atTwo, atThree] = [received(two), received(device.port(3)!)];
    one.send(frameRelayFrame(100, "to two"));
    one.send(frameRelayFrame(102, "to three"));
    two.send(frameRelayFrame(201, "two to three"));
    await waitFor("the frames on ports 2 and 3", () => atTwo.length > 0 && atThree.length > 1);
    expect(atTwo.map((frame) => [dlciOf(frame), frame.subarray(2).toString()])).toEqual([[200, "to two"]]);
    expect(atThree.map((frame) => [dlciOf(frame), frame.subarray(2).toString()]).sort()).toEqual([[300, "to three"], [301, "two to three"]]);
    // Fewer: port 2 leaves, and frames for the circuit that went go nowhere.
    await device.configure([circuit(1, [102], 3, [300])]);
    expect(device.port(1)).toBe(one);
    expect(device.port(2)).toBeUndefined();
    atThree.length = 0;
    one.send(frameRelayFrame(100, "old circuit"));
    one.send(frameRelayFrame(102, "new circuit"));
    await waitFor("the frame on port 3", () => atThree.length > 0);
    await sleep(50);
    expect(atThree.map((frame) => [dlciOf(frame), frame.subarray(2).toString()])).toEqual([[300, "new circuit"]]);
  });

  it("starts its hypervisor again after it crashed, and switches again", async () => {
    const problems: Array<string | null> = [];
    const device = await switchOf("frsw", [circuit(1, [100], 2, [200])], problems);
    const first = identify(device.pid!)!;
    process.kill(first.pid, "SIGKILL");
    await waitFor("the crash told", () => problems.length > 0);
    expect(problems[0]).toMatch(/^Dynamips exited by itself \(signal SIGKILL\).*; starting it again$/);
    await waitFor("the switch back", () => problems.at(-1) === null, 10_000);
    expect(device.pid).not.toBe(first.pid);
    const atTwo = received(device.port(2)!);
    device.port(1)!.send(frameRelayFrame(100, "again"));
    await waitFor("the frame on port 2", () => atTwo.length > 0);
    expect(dlciOf(atTwo[0]!)).toBe(200);
  });

  it("leaves no process behind when closed", async () => {
    const device = await switchOf("frsw", [circuit(1, [100], 2, [200])]);
    const hypervisor = identify(device.pid!)!;
    await device.close();
    expect(isAlive(hypervisor)).toBe(false);
  });
});

describe("an ATM switch run by Dynamips", () => {
  it("switches virtual channels by VPI/VCI and virtual paths by VPI, both ways", async () => {
    const device = await switchOf("atmsw", [circuit(1, [0, 100], 10, [0, 200]), circuit(1, [5], 2, [6])]);
    const [one, two, ten] = [device.port(1)!, device.port(2)!, device.port(10)!];
    const [atOne, atTwo, atTen] = [received(one), received(two), received(ten)];
    one.send(atmCell(0, 100, "channel"));
    one.send(atmCell(5, 77, "path"));
    await waitFor("both cells", () => atTen.length > 0 && atTwo.length > 0);
    expect(vpiVciOf(atTen[0]!)).toEqual([0, 200]);
    expect(atTen[0]!.subarray(5, 12).toString()).toBe("channel");
    // A virtual path keeps the channel's VCI.
    expect(vpiVciOf(atTwo[0]!)).toEqual([6, 77]);
    ten.send(atmCell(0, 200, "back"));
    await waitFor("the cell back", () => atOne.length > 0);
    expect(vpiVciOf(atOne[0]!)).toEqual([0, 100]);
    expect(atOne[0]!.length).toBe(53);
  });
});
