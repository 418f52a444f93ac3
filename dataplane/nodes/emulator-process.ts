/**
 * What the emulator runtimes (VPCS, QEMU) do alike around their process: check that a console
 * port is free before starting, find a UDP port for the emulator's end of a tunnel, and say how
 * and why a process ended, with the end of what it printed.
 */
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createSocket } from "node:dgram";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** How long to wait for the output a process wrote just before it exited. */
const OUTPUT_GRACE_MS = 200;
const PORT_RETRY_MS = 50;

export function consolePortTaken(port: number): string {
  return `console port ${port} is already in use on this host: free it, or give the node another "console" port`;
}

/**
 * Tries to listen on the console port on every address, again every 50 ms for `graceMs` (a
 * process just killed may still be closing it), and lets it go.
 */
export async function ensureTcpPortFree(port: number, graceMs = 0): Promise<void> {
  const deadline = performance.now() + graceMs;
  for (;;) {
    const server = createServer();
    const problem = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      server.once("error", resolve);
      server.listen({ port, host: "0.0.0.0", exclusive: true }, () => resolve(undefined));
    });
    if (problem === undefined) return new Promise<void>((resolve) => server.close(() => resolve()));
    if (problem.code !== "EADDRINUSE") throw new Error(`cannot listen on console port ${port}: ${problem.message}`);
    if (performance.now() >= deadline) throw new Error(consolePortTaken(port));
    await sleep(PORT_RETRY_MS);
  }
}

/** A UDP port free right now on `address`, where the emulator will bind it. */
export async function freeUdpPort(address: string): Promise<number> {
  const socket = createSocket("udp4");
  await new Promise<void>((resolve) => socket.bind(0, address, resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/**
 * The pauses between looks at a starting process: 20 ms at first (a VPCS serves within tens of
 * milliseconds on a quiet host), then half again longer each time, up to 250 ms. Each look
 * reads /proc, and a hundred starts looking every 20 ms on a loaded host kept the daemon
 * busy with looking rather than with starting.
 */
export function* startPolls(): Generator<number, never> {
  for (let pause = 20; ; pause = Math.min(250, Math.round(pause * 1.5))) yield pause;
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Waits for the exit and for the output written before it; says how the process ended. */
export async function exitOf(child: ChildProcess): Promise<string> {
  if (!hasExited(child)) await once(child, "exit");
  if (child.stdout?.closed === false || child.stderr?.closed === false) await Promise.race([once(child, "close"), sleep(OUTPUT_GRACE_MS)]);
  return howItExited(child.exitCode, child.signalCode);
}

export function howItExited(exitCode: number | null, exitSignal: NodeJS.Signals | null): string {
  return exitSignal === null ? `exit code ${exitCode}` : `signal ${exitSignal}`;
}

/** The last lines the process printed, for a message: ": line | line", or nothing. */
export function withTail(output: string): string {
  const tail = output.trim().split(/\r?\n/).slice(-3).join(" | ");
  return tail === "" ? "" : `: ${tail}`;
}
