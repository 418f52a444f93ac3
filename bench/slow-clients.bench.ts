/**
 * The Node server under stalled connections: /v2/version latency on a quiet server, then while
 * 100 connections stall it (50 send nothing, 50 send their headers a byte every 300 ms, a
 * slowloris), and how long the server takes to cut them all, with the default timeouts.
 * Run: npm run bench -- slow-clients
 */
import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startControllerProcess } from "../controller/testing/controller-process";

const STALLED = 100;
const REQUESTS = 50;

async function latencies(url: string): Promise<number[]> {
  const measured: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await (await fetch(`${url}/v2/version`)).text();
    measured.push(performance.now() - started);
  }
  return measured.sort((a, b) => a - b);
}

const summary = (sorted: number[]) =>
  `p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;

const dataDir = mkdtempSync(join(tmpdir(), "bench-slow-clients-"));
const controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--no-local-dataplane"]);
const sockets: Socket[] = [];
try {
  const quiet = await latencies(controller.url);
  const port = Number(new URL(controller.url).port);
  const request = "GET /v2/version HTTP/1.1\r\nHost: localhost\r\n\r\n";
  const opened = Date.now();
  const cutAfter: number[] = [];
  for (let i = 0; i < STALLED; i++) {
    const socket = connect(port, "127.0.0.1");
    sockets.push(socket);
    socket.on("error", () => {});
    socket.resume();
    socket.on("close", () => cutAfter.push(Date.now() - opened));
    if (i % 2 === 0) continue;
    let sent = 0;
    const drip = setInterval(() => (socket.destroyed || sent === request.length ? clearInterval(drip) : socket.write(request[sent++]!)), 300);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  const stalled = await latencies(controller.url);
  const deadline = Date.now() + 60_000;
  while (cutAfter.length < STALLED && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  console.log(`GET /v2/version, quiet server: ${summary(quiet)} (${REQUESTS} requests)`);
  console.log(`GET /v2/version, ${STALLED} connections stalled: ${summary(stalled)}`);
  console.log(
    `stalled connections cut: ${cutAfter.length} of ${STALLED}, ` +
      `between ${(Math.min(...cutAfter) / 1000).toFixed(1)} and ${(Math.max(...cutAfter) / 1000).toFixed(1)} s after they opened`,
  );
} finally {
  for (const socket of sockets) socket.destroy();
  await controller.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
