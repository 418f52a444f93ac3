import { spawn } from "node:child_process";
import { connect, createServer, type Server } from "node:net";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerProcess, printOwned } from "@shared/testing/owner-process";
import { VpcsConsole, parsePing } from "./console";
import { descendants, identify, isAlive, type ProcessIdentity } from "./processes";
import { VpcsProcess, vpcsAvailable } from "./vpcs";
import type { ProcessCrash } from "./process-supervisor";

const workRoot = mkdtempSync(join(tmpdir(), "vpcs-runtime-"));
const runtimes: VpcsProcess[] = [];

async function freeTcpPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no TCP port");
  return address.port;
}

async function newRuntime(name: string, macId: number): Promise<VpcsProcess> {
  const runtime = new VpcsProcess({ nodeId: `node-${name}`, name, consolePort: await freeTcpPort(), macId }, { workDir: join(workRoot, name) });
  runtimes.push(runtime);
  return runtime;
}

/**
 * Starts a VPCS node from another Node process and SIGKILLs that process once the console
 * answers, as a daemon killed with kill -9: resolves with the VPCS processes it leaves running.
 */
async function orphanedVpcs(workDir: string, consolePort: number): Promise<ProcessIdentity[]> {
  const owner = await ownerProcess([
    `import { VpcsProcess } from ${JSON.stringify(join(import.meta.dirname, "vpcs.ts"))};`,
    `const runtime = new VpcsProcess({ nodeId: "node-orphan", name: "orphan", consolePort: ${consolePort}, macId: 9 }, { workDir: ${JSON.stringify(workDir)} });`,
    "await runtime.start();",
    printOwned("runtime.pid"),
  ]);
  const processes = [identify(owner.owned)!, ...descendants(owner.owned)];
  await owner.kill();
  return processes;
}

/** The prompt a fresh console connection shows after a line feed: the PC's name. */
async function promptOf(port: number): Promise<string> {
  const socket = connect(port, "127.0.0.1");
  let text = "";
  try {
    return await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no prompt; got ${JSON.stringify(text.slice(-200))}`)), 10_000);
      socket.once("connect", () => socket.write("\r"));
      socket.on("data", (chunk) => {
        text += chunk.toString("latin1");
        const prompt = /([^\s>]+)> $/.exec(text);
        if (prompt && text.includes("\n")) {
          clearTimeout(timer);
          resolve(prompt[1]!);
        }
      });
      socket.once("error", reject);
    });
  } finally {
    socket.destroy();
  }
}

/**
 * A program run in place of `vpcs` that first starts `intruder`, another program, and gives it
 * half a second to take a port, then runs the real VPCS with the same arguments. The intruder
 * is left to init (not a child of the VPCS process) and may read VPCS's UDP port as $udp_port.
 */
function vpcsWrapper(name: string, intruder: string): { executable: string; intruderPid: () => number | undefined } {
  const executable = join(workRoot, name);
  const pidFile = join(workRoot, `${name}.pid`);
  const script = [
    "#!/bin/sh",
    'previous=""; for argument in "$@"; do [ "$previous" = "-s" ] && udp_port=$argument; previous=$argument; done',
    `( ${intruder} & echo $! > "${pidFile}" )`,
    "sleep 0.5",
    'exec vpcs "$@"',
  ].join("\n");
  writeFileSync(executable, `${script}\n`, { mode: 0o755 });
  return {
    executable,
    intruderPid: () => {
      try {
        return Number(readFileSync(pidFile, "utf8"));
      } catch {
        return undefined;
      }
    },
  };
}

function killIfAlive(pid: number | undefined): void {
  try {
    if (pid !== undefined) process.kill(pid, "SIGKILL");
  } catch {
    // Already ended with the VPCS process group.
  }
}

/** The console daemon and its PC child: the tests check both are gone. */
function vpcsProcessesOf(runtime: VpcsProcess): number[] {
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

describe("VpcsProcess", () => {
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
    const crashes: ProcessCrash[] = [];
    const crashed = new Promise<void>((resolve) => runtime.onCrash((crash) => (crashes.push(crash), resolve())));
    await runtime.start();
    const processes = vpcsProcessesOf(runtime);
    process.kill(runtime.pid!, "SIGKILL");
    await crashed;
    expect(crashes).toEqual([
      { nodeId: "node-pc4", exitCode: null, signal: "SIGKILL", message: expect.stringMatching(/^VPCS exited by itself \(signal SIGKILL\)/) },
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
    const runtime = new VpcsProcess({ nodeId: "node-pc5", name: "pc5", consolePort: port }, { workDir: join(workRoot, "pc5") });
    runtimes.push(runtime);
    try {
      await expect(runtime.start()).rejects.toThrow(new Error(`console port ${port} is already in use on this host: free it, or give the node another "console" port`));
      expect(runtime.running).toBe(false);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("does not take another program that seizes the console port during start for VPCS's console", async () => {
    const consolePort = await freeTcpPort();
    // The port is free when checked; another program listens on it before VPCS binds it.
    const { executable, intruderPid } = vpcsWrapper("console-thief", `"${process.execPath}" -e "require('net').createServer().listen(${consolePort}, '0.0.0.0')"`);
    const runtime = new VpcsProcess({ nodeId: "node-pc9", name: "pc9", consolePort }, { workDir: join(workRoot, "pc9"), executable });
    runtimes.push(runtime);
    try {
      await expect(runtime.start()).rejects.toThrow(new Error(`console port ${consolePort} is already in use on this host: free it, or give the node another "console" port`));
      expect(runtime.running).toBe(false);
    } finally {
      killIfAlive(intruderPid());
    }
  }, 20_000);

  it("refuses to start when another program holds VPCS's UDP port, which VPCS itself does not report", async () => {
    const { executable, intruderPid } = vpcsWrapper("udp-thief", `"${process.execPath}" -e "require('dgram').createSocket('udp4').bind(\$udp_port, '0.0.0.0')"`);
    const runtime = new VpcsProcess({ nodeId: "node-pc10", name: "pc10", consolePort: await freeTcpPort() }, { workDir: join(workRoot, "pc10"), executable });
    runtimes.push(runtime);
    try {
      await expect(runtime.start()).rejects.toThrow(/^UDP port \d+ is already in use on this host$/);
      expect(runtime.running).toBe(false);
    } finally {
      killIfAlive(intruderPid());
    }
  }, 20_000);

  it("names the cause when VPCS cannot be run or exits during start", async () => {
    const missing = join(workRoot, "no-such-vpcs");
    const absent = new VpcsProcess({ nodeId: "node-pc11", name: "pc11", consolePort: await freeTcpPort() }, { workDir: join(workRoot, "pc11"), executable: missing });
    await expect(absent.start()).rejects.toThrow(new Error(`vpcs binary not found: spawn ${missing} ENOENT (install the Debian package vpcs)`));

    const failing = join(workRoot, "failing-vpcs");
    writeFileSync(failing, "#!/bin/sh\necho 'cannot open the PC' >&2\nexit 3\n", { mode: 0o755 });
    const exiting = new VpcsProcess({ nodeId: "node-pc12", name: "pc12", consolePort: await freeTcpPort() }, { workDir: join(workRoot, "pc12"), executable: failing });
    await expect(exiting.start()).rejects.toThrow(new Error("VPCS exited during start (exit code 3): cannot open the PC"));
    expect(exiting.running).toBe(false);
  });

  it("ends the VPCS left running by a runtime killed without stop, then starts afresh on the same console port", async () => {
    const workDir = join(workRoot, "pc6");
    const consolePort = await freeTcpPort();
    const orphans = await orphanedVpcs(workDir, consolePort);
    expect(orphans).toHaveLength(2);
    expect(orphans.every(isAlive)).toBe(true);
    // As if killed before the PC child was recorded: it is found as the console daemon's child.
    writeFileSync(join(workDir, "vpcs.pids.json"), JSON.stringify([orphans[0]]));

    const runtime = new VpcsProcess({ nodeId: "node-orphan", name: "orphan", consolePort, macId: 9 }, { workDir });
    runtimes.push(runtime);
    await runtime.start();
    expect(orphans.some(isAlive)).toBe(false);
    expect(runtime.ports?.console).toBe(consolePort);
    const console = await VpcsConsole.connect(consolePort);
    try {
      expect(await console.command("show ip")).toContain("MAC         : 00:50:79:66:68:09");
    } finally {
      console.close();
    }
    await runtime.stop();
  }, 30_000);

  it("runs the controller's startup script at each start, and keeps what the PC saved until that script changes", async () => {
    const runtime = await newRuntime("pc8", 8);
    runtime.useStartupScript("set pcname Alpha\nip 10.1.1.5/24 10.1.1.1\n");
    await runtime.start();
    expect(await promptOf(runtime.ports!.console)).toBe("Alpha");
    let console = await VpcsConsole.connect(runtime.ports!.console);
    try {
      const shown = await console.command("show ip");
      expect(shown).toMatch(/IP\/MASK\s+: 10\.1\.1\.5\/24/);
      expect(shown).toMatch(/GATEWAY\s+: 10\.1\.1\.1/);
      await console.command("ip 10.1.1.6/24");
      await console.command("save");
    } finally {
      console.close();
    }

    await runtime.stop();
    await runtime.start();
    console = await VpcsConsole.connect(runtime.ports!.console);
    try {
      expect(await console.command("show ip")).toMatch(/IP\/MASK\s+: 10\.1\.1\.6\/24/);
    } finally {
      console.close();
    }

    runtime.useStartupScript("set pcname Beta\nip 10.2.2.2/24\n");
    await runtime.stop();
    await runtime.start();
    expect(await promptOf(runtime.ports!.console)).toBe("Beta");
    console = await VpcsConsole.connect(runtime.ports!.console);
    try {
      expect(await console.command("show ip")).toMatch(/IP\/MASK\s+: 10\.2\.2\.2\/24/);
    } finally {
      console.close();
    }
    await runtime.stop();
  }, 40_000);

  it("never ends a recorded process that is not this node's VPCS", async () => {
    const workDir = join(workRoot, "pc7");
    mkdirSync(workDir, { recursive: true });
    const unrelated = spawn("sleep", ["30"], { cwd: workDir, stdio: "ignore" });
    await new Promise((resolve) => unrelated.once("spawn", resolve));
    try {
      const sleeper = identify(unrelated.pid!)!;
      // A pid reused since the record: same pid, another start time.
      const reused = { pid: process.pid, startTime: "1" };
      writeFileSync(join(workDir, "vpcs.pids.json"), JSON.stringify([sleeper, reused]));
      const runtime = new VpcsProcess({ nodeId: "node-pc7", name: "pc7", consolePort: await freeTcpPort(), macId: 7 }, { workDir });
      runtimes.push(runtime);
      await runtime.start();
      expect(isAlive(sleeper)).toBe(true);
      await runtime.stop();
    } finally {
      unrelated.kill("SIGKILL");
    }
  }, 30_000);
});
