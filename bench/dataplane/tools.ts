/**
 * The processes of the forwarding bench: the C traffic tools (built here from udp-tool.c with
 * gcc into a temporary folder), the C reference relay, and the daemon's forwarding core
 * (daemon-child.ts, bundled and run by plain Node as `npm run dataplane` runs the daemon).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createSocket } from "node:dgram";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface, type Interface } from "node:readline";
import type { DesiredHostState, ItemError } from "@shared/proto";

const root = resolve(import.meta.dirname, "..", "..");

export function buildUdpTool(): string {
  const binary = join(mkdtempSync(join(tmpdir(), "udp-tool-")), "udp-tool");
  execFileSync("gcc", ["-O2", "-o", binary, join(import.meta.dirname, "udp-tool.c")], { stdio: "inherit" });
  return binary;
}

/**
 * `count` different ports free now on 127.0.0.1 (the kernel's picks; nothing else on this
 * machine is told to use them). All are held until all are picked: a port let go at once may be
 * the kernel's next pick.
 */
export async function freePorts(count: number): Promise<number[]> {
  const sockets = Array.from({ length: count }, () => createSocket("udp4"));
  await Promise.all(sockets.map((socket) => new Promise<void>((done) => socket.bind(0, "127.0.0.1", done))));
  const ports = sockets.map((socket) => socket.address().port);
  await Promise.all(sockets.map((socket) => new Promise<void>((done) => socket.close(() => done()))));
  return ports;
}

export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}

/** Cumulative CPU milliseconds (user + system) of a process, from /proc. */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
  const ticksPerSecond = 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

function firstLine(lines: Interface, matching: (line: string) => boolean): Promise<string> {
  return new Promise((done) => {
    const listener = (line: string): void => {
      if (!matching(line)) return;
      lines.off("line", listener);
      done(line);
    };
    lines.on("line", listener);
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null ? Promise.resolve() : new Promise((done) => child.once("exit", () => done()));
}

export interface Received {
  readonly frames: number;
  readonly bytes: number;
  readonly spanMs: number;
  readonly reordered: number;
}

/** Starts a receiver on `port`; resolves once it listens, with its result to come (wrapped: an async function would wait for it). */
export async function startReceiver(tool: string, port: number, seconds: number): Promise<{ result: Promise<Received> }> {
  const child = spawn(tool, ["recv", String(port), String(seconds)], { stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout! });
  await firstLine(lines, (line) => line === "ready");
  return { result: firstLine(lines, (line) => line.startsWith("{")).then((line) => JSON.parse(line) as Received) };
}

/** Sends frames for `seconds`; `ethertype` (default IPv4) for frames a Linux bridge must pass whatever its netfilter. */
export async function generate(tool: string, from: number, to: number, bytes: number, rate: number, seconds: number, ethertype?: number): Promise<number> {
  const output = await new Promise<string>((done, fail) => {
    const args = ["gen", String(from), String(to), String(bytes), String(rate), String(seconds), ...(ethertype === undefined ? [] : [ethertype.toString(16)])];
    const child = spawn(tool, args, { stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    child.stdout!.on("data", (chunk: Buffer) => (text += chunk.toString()));
    // "close", not "exit": the output may still be in the pipe when the process has exited.
    child.once("close", (code) => (code === 0 ? done(text) : fail(new Error(`generator exited with ${code}`))));
  });
  return (JSON.parse(output) as { sent: number }).sent;
}

/** A forwarder under test, as a process: its pid (for CPU time) and how to stop it. */
export interface ForwarderProcess {
  readonly pid: number;
  stop(): Promise<void>;
}

export async function startReferenceRelay(tool: string, portA: number, peerA: number, portB: number, peerB: number): Promise<ForwarderProcess> {
  const child = spawn(tool, ["relay", String(portA), String(peerA), String(portB), String(peerB)], { stdio: ["ignore", "pipe", "inherit"] });
  await firstLine(createInterface({ input: child.stdout! }), (line) => line === "ready");
  return {
    pid: child.pid!,
    async stop() {
      child.kill("SIGTERM");
      await exited(child);
    },
  };
}

export interface DaemonProcess extends ForwarderProcess {
  apply(state: DesiredHostState): Promise<ItemError[]>;
  usage(): Promise<{ rssBytes: number; cpuMs: number; path: string }>;
}

/** The daemon's forwarding core in its own process; `native: false` forces node:dgram. */
export async function startDaemon(native: boolean): Promise<DaemonProcess> {
  const bundle = execFileSync(process.execPath, [join(root, "scripts", "run-bundled.mjs"), "--bundle-only", "bench/dataplane/daemon-child.ts"], { cwd: root, encoding: "utf8" }).trim();
  const env = { ...process.env, GNS3_DATAPLANE_NATIVE: native ? "1" : "0", LOG_LEVEL: "warn" };
  const child = spawn(process.execPath, ["--expose-gc", bundle], { cwd: root, env, stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout! });
  const ask = async <T>(request: object): Promise<T> => {
    const answer = firstLine(lines, (line) => line.startsWith("{"));
    child.stdin!.write(`${JSON.stringify(request)}\n`);
    return JSON.parse(await answer) as T;
  };
  return {
    pid: child.pid!,
    apply: async (state) => (await ask<{ errors: ItemError[] }>({ apply: state })).errors,
    usage: () => ask({ usage: true }),
    async stop() {
      child.stdin!.end();
      await exited(child);
    },
  };
}
