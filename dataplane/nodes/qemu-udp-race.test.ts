import { createSocket, type Socket } from "node:dgram";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { commandLine } from "./processes";
import { QemuProcess, qemuAvailable } from "./qemu";
import { freeTcpPort, qemuSpec } from "./testing/qemu-spec";

/**
 * The race between the daemon finding an adapter's UDP port free and QEMU binding it: the
 * probe is wrapped so that, when a test asks, another socket takes the port it just found,
 * exactly where a program of the host would.
 */
const race = vi.hoisted(() => ({ steals: (_probe: number): boolean => false, probed: [] as number[], thieves: [] as Socket[] }));

vi.mock("./emulator-process", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./emulator-process")>();
  return {
    ...actual,
    freeUdpPort: async (address: string) => {
      const port = await actual.freeUdpPort(address);
      if (race.steals(race.probed.length)) race.thieves.push(await bindUdp(port, address));
      race.probed.push(port);
      return port;
    },
  };
});

const canRun = await qemuAvailable();
const workRoot = mkdtempSync(join(tmpdir(), "qemu-udp-race-"));
const runtimes: QemuProcess[] = [];

afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.stop()));
  await Promise.all(race.thieves.splice(0).map((thief) => new Promise<void>((resolve) => thief.close(() => resolve()))));
  race.steals = () => false;
  race.probed.length = 0;
});

afterAll(() => rmSync(workRoot, { recursive: true, force: true }));

function bindUdp(port: number, address: string): Promise<Socket> {
  const socket = createSocket("udp4");
  return new Promise((resolve, reject) => socket.once("error", reject).bind(port, address, () => resolve(socket)));
}

/** A VM with no disk and no kernel (its firmware finds nothing to boot) and two adapters. */
async function newRuntime(name: string): Promise<QemuProcess> {
  const qemu = qemuSpec({
    ramMb: 64,
    adapters: [
      { adapterNumber: 0, model: "e1000", macAddress: "" },
      { adapterNumber: 1, model: "e1000", macAddress: "" },
    ],
  });
  const runtime = new QemuProcess(
    { nodeId: `node-${name}`, projectId: "project", name, consolePort: await freeTcpPort(), qemu },
    { workDir: join(workRoot, name), imageDir: join(workRoot, "images"), accelerator: "tcg" },
  );
  runtimes.push(runtime);
  return runtime;
}

/** The UDP ports QEMU was told to bind (`localaddr=127.0.0.1:N`), from its command line. */
function boundPorts(pid: number): number[] {
  return (commandLine(pid) ?? []).flatMap((arg) => /localaddr=127\.0\.0\.1:(\d+)/.exec(arg)?.[1] ?? []).map(Number);
}

describe.skipIf(!canRun)("QemuProcess when an adapter's UDP port is taken between the probe and QEMU's bind", () => {
  it("starts again on fresh ports, leaving the taken one to its holder", async () => {
    const runtime = await newRuntime("retried");
    // The second adapter's port of the first attempt.
    race.steals = (probe) => probe === 1;
    await runtime.start();
    expect(runtime.running).toBe(true);
    const stolen = race.probed[1];
    // Two probes for the attempt that failed, two for the one that runs.
    expect(race.probed).toHaveLength(4);
    expect(boundPorts(runtime.pid!)).toEqual(race.probed.slice(2));
    expect(boundPorts(runtime.pid!)).not.toContain(stolen);
  }, 30_000);

  it("gives up after three attempts, naming the port taken", async () => {
    const runtime = await newRuntime("refused");
    race.steals = () => true;
    const failure = await runtime.start().then(
      () => undefined,
      (error: Error) => error.message,
    );
    // QEMU binds its adapters in order: the first one of the last attempt is the one it names.
    expect(failure).toBe(`UDP port ${race.probed[4]} is already in use on this host`);
    expect(race.probed).toHaveLength(6);
    expect(runtime.running).toBe(false);
    expect(runtime.pid).toBeUndefined();
  }, 30_000);
});
