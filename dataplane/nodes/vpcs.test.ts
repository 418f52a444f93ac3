import { createServer, type Server } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VpcsConsole, parsePing } from "./console";
import { descendants, identify } from "./processes";
import { VpcsRuntime, vpcsAvailable, type VpcsCrash } from "./vpcs";

const workRoot = mkdtempSync(join(tmpdir(), "vpcs-runtime-"));
const runtimes: VpcsRuntime[] = [];

async function freeTcpPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no TCP port");
  return address.port;
}

async function newRuntime(name: string, macId: number): Promise<VpcsRuntime> {
  const runtime = new VpcsRuntime({ nodeId: `node-${name}`, name, consolePort: await freeTcpPort(), macId }, { workDir: join(workRoot, name) });
  runtimes.push(runtime);
  return runtime;
}

/** The console daemon and its PC child: the tests check both are gone. */
function vpcsProcessesOf(runtime: VpcsRuntime): number[] {
  const pid = runtime.pid!;
  return [pid, ...descendants(pid).map((child) => child.pid)];
}

beforeAll(async () => {
  if (!(await vpcsAvailable())) {
    throw new Error("The `vpcs` program is not installed: run `apt-get install vpcs` (the Debian package; .ci/run installs it)");
  }
});

afterAll(async () => {
  await Promise.all(runtimes.map((runtime) => runtime.stop()));
  rmSync(workRoot, { recursive: true, force: true });
});

describe("VpcsRuntime", () => {
  it("runs two real VPCS nodes whose tunnels are relayed to each other; they ping with no loss", async () => {
    const a = await newRuntime("pc1", 1);
    const b = await newRuntime("pc2", 2);
    await Promise.all([a.start(), b.start()]);
    a.endpoint.onFrame((frame) => b.endpoint.send(frame));
    b.endpoint.onFrame((frame) => a.endpoint.send(frame));

    const consoleA = await VpcsConsole.connect(a.ports!.console);
    const consoleB = await VpcsConsole.connect(b.ports!.console);
    try {
      expect(await consoleA.command("ip 10.0.0.1/24")).toContain("PC1 : 10.0.0.1 255.255.255.0");
      expect(await consoleB.command("ip 10.0.0.2/24")).toContain("PC1 : 10.0.0.2 255.255.255.0");
      expect(await consoleA.command("show ip")).toContain("MAC         : 00:50:79:66:68:01");
      const ping = parsePing(await consoleA.command("ping 10.0.0.2 -c 5"));
      expect(ping.replies.map((reply) => reply.seq)).toEqual([1, 2, 3, 4, 5]);
      expect(ping.lossPercent).toBe(0);
    } finally {
      consoleA.close();
      consoleB.close();
    }
  }, 40_000);

  it("starts once however often start is called, and stop leaves no process and frees the ports", async () => {
    const runtime = await newRuntime("pc3", 3);
    await Promise.all([runtime.start(), runtime.start()]);
    const pid = runtime.pid!;
    await runtime.start();
    expect(runtime.pid).toBe(pid);
    const processes = vpcsProcessesOf(runtime);
    expect(processes).toHaveLength(2);
    const { console: consolePort } = runtime.ports!;

    await Promise.all([runtime.stop(), runtime.stop()]);
    expect(runtime.running).toBe(false);
    expect(runtime.ports).toBeUndefined();
    expect(processes.map((each) => identify(each))).toEqual([undefined, undefined]);
    const server: Server = createServer();
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(consolePort, "0.0.0.0", resolve));
    await new Promise((resolve) => server.close(resolve));

    await runtime.start();
    expect(runtime.running).toBe(true);
    await runtime.stop();
  }, 30_000);

  it("reports a crash with the exit signal, cleans up the PC child and can start again", async () => {
    const runtime = await newRuntime("pc4", 4);
    const crashes: VpcsCrash[] = [];
    const crashed = new Promise<void>((resolve) => runtime.onCrash((crash) => (crashes.push(crash), resolve())));
    await runtime.start();
    const processes = vpcsProcessesOf(runtime);
    process.kill(runtime.pid!, "SIGKILL");
    await crashed;
    expect(crashes).toEqual([
      { nodeId: "node-pc4", exitCode: null, signal: "SIGKILL", message: expect.stringMatching(/^VPCS node pc4 stopped unexpectedly \(signal SIGKILL\)/) },
    ]);
    expect(runtime.running).toBe(false);
    expect(processes.map((each) => identify(each))).toEqual([undefined, undefined]);
    await runtime.start();
    expect(runtime.running).toBe(true);
    await runtime.stop();
    expect(crashes).toHaveLength(1);
  }, 30_000);

  it("refuses to start on a console port that is taken, saying which", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
    const port = (server.address() as { port: number }).port;
    const runtime = new VpcsRuntime({ nodeId: "node-pc5", name: "pc5", consolePort: port }, { workDir: join(workRoot, "pc5") });
    runtimes.push(runtime);
    try {
      await expect(runtime.start()).rejects.toThrow(`console port ${port} is already in use`);
      expect(runtime.running).toBe(false);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
