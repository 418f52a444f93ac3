import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllerProcess, type ControllerProcess } from "../testing/controller-process";

/** Shortened so the suite takes seconds; the defaults are 10 s, 5 s and 30 s. */
const HEADERS_TIMEOUT_MS = 1000;
const KEEP_ALIVE_TIMEOUT_MS = 500;
const STALL_TIMEOUT_MS = 1000;

let dataDir: string;
let server: ControllerProcess;
let port: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "gns3-slow-clients-"));
  server = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--no-local-dataplane"], {
    CONTROLLER_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    CONTROLLER_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
    CONTROLLER_STALL_TIMEOUT_MS: String(STALL_TIMEOUT_MS),
  });
  port = Number(new URL(server.url).port);
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A raw connection that records what the server sends and when it hangs up. */
interface RawClient {
  socket: Socket;
  received: () => string;
  /** Milliseconds from connecting until the server closed the connection. */
  closed: Promise<number>;
}

async function rawClient(): Promise<RawClient> {
  const socket = connect(port, "127.0.0.1");
  sockets.push(socket);
  const opened = Date.now();
  let text = "";
  socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
  socket.on("error", () => {});
  const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now() - opened)));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  return { socket, received: () => text, closed };
}

/** Resolves with the value, or rejects once `ms` have passed: every wait in this suite is bounded. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms))]);
}

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: text === "" ? null : JSON.parse(text) };
}

describe("the Node server and slow clients", () => {
  it("answers at once while 100 connections stall, and cuts those off after the headers timeout", async () => {
    const silent = await Promise.all(Array.from({ length: 50 }, () => rawClient()));
    const drippers = await Promise.all(Array.from({ length: 50 }, () => rawClient()));
    const request = "GET /v2/version HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slowloris\r\n\r\n";
    const timers = drippers.map((client) => {
      let sent = 0;
      const timer = setInterval(() => {
        if (client.socket.destroyed || sent === request.length) return clearInterval(timer);
        client.socket.write(request[sent++]!);
      }, 100);
      return timer;
    });
    try {
      const latencies: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        expect((await call("GET", "/v2/version")).status).toBe(200);
        latencies.push(performance.now() - started);
      }
      // A normal request takes a few milliseconds; the margin is for a loaded CI machine.
      expect(Math.max(...latencies)).toBeLessThan(1000);

      const closedAfter = await within(Promise.all([...silent, ...drippers].map((client) => client.closed)), 15_000, "closing 100 stalled connections");
      expect(Math.min(...closedAfter)).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
      for (const client of drippers) expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      timers.forEach(clearInterval);
    }
    expect((await call("GET", "/v2/version")).status).toBe(200);
  });

  it("closes a kept-alive connection left idle", async () => {
    const client = await rawClient();
    client.socket.write("GET /v2/version HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const after = await within(client.closed, 10_000, "closing the idle connection");
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(after).toBeGreaterThanOrEqual(KEEP_ALIVE_TIMEOUT_MS - 100);
  });

  it("cuts off a body trickled below the minimum rate, storing nothing, and takes one sent at a normal pace", async () => {
    const { body: project } = await call("POST", "/v2/projects", { name: "slow bodies" });
    const path = `/v2/projects/${project.project_id}/files`;
    const upload = async (name: string, chunk: number, everyMs: number, total: number) => {
      const client = await rawClient();
      client.socket.write(`POST ${path}/${name} HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${total}\r\n\r\n`);
      let sent = 0;
      const timer = setInterval(() => {
        if (client.socket.destroyed || sent >= total) return clearInterval(timer);
        const size = Math.min(chunk, total - sent);
        sent += size;
        client.socket.write(Buffer.alloc(size, 1));
      }, everyMs);
      return { client, stop: () => clearInterval(timer) };
    };

    // 10 bytes every 100 ms: 100 bytes/s against a minimum of 1 KiB/s.
    const trickle = await upload("trickled.bin", 10, 100, 100_000);
    const cutAfter = await within(trickle.client.closed, 10_000, "cutting off the trickled body");
    trickle.stop();
    expect(cutAfter).toBeGreaterThanOrEqual(STALL_TIMEOUT_MS - 100);
    expect((await call("GET", `${path}/trickled.bin`)).status).toBe(404);
    expect(existsSync(join(dataDir, ".partial")) ? readdirSync(join(dataDir, ".partial")) : []).toEqual([]);

    // 8 KiB every 100 ms for 2.5 s: slow, but well above the minimum.
    const steady = await upload("steady.bin", 8192, 100, 25 * 8192);
    await within(
      new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (steady.client.received().startsWith("HTTP/1.1 201")) resolve(void clearInterval(check));
        }, 50);
      }),
      15_000,
      "storing the steady upload",
    );
    steady.stop();
    const stored = await fetch(`${server.url}${path}/steady.bin`);
    expect((await stored.arrayBuffer()).byteLength).toBe(25 * 8192);
  });

  it("cuts off a download whose client stopped reading, and not one that reads slowly", async () => {
    const { body: project } = await call("POST", "/v2/projects", { name: "stalled downloads" });
    const path = `/v2/projects/${project.project_id}/files/disk.img`;
    const size = 32 * 1024 * 1024;
    expect((await fetch(`${server.url}${path}`, { method: "POST", body: new Uint8Array(size) })).status).toBe(201);

    const stalled = await rawClient();
    stalled.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    await within(
      new Promise<void>((resolve) => {
        const check = setInterval(() => stalled.received().startsWith("HTTP/1.1 200") && resolve(void clearInterval(check)), 20);
      }),
      5000,
      "the download starting",
    );
    stalled.socket.pause();

    // 64 KiB every 50 ms: far below loopback speed, far above the minimum rate.
    const slow = await rawClient();
    slow.socket.pause();
    slow.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    let slowBytes = 0;
    const reader = setInterval(() => {
      for (let chunk: Buffer | null; slowBytes < 6 * 1024 * 1024 && (chunk = slow.socket.read(64 * 1024) as Buffer | null); ) slowBytes += chunk.length;
    }, 50);
    try {
      await new Promise((resolve) => setTimeout(resolve, 3 * STALL_TIMEOUT_MS));
      stalled.socket.resume();
      await within(stalled.closed, 10_000, "the stalled download's end");
      expect(stalled.received().length).toBeLessThan(size);
      expect(slow.socket.destroyed).toBe(false);
      expect(slowBytes).toBeGreaterThan(1024 * 1024);
    } finally {
      clearInterval(reader);
      slow.socket.destroy();
    }
  });

  it("drops notification listeners that stop reading, over HTTP and WebSocket, and keeps those that read", async () => {
    const { body: project } = await call("POST", "/v2/projects", { name: "stalled readers" });
    const streamPath = `/v2/projects/${project.project_id}/notifications`;
    const stalled = await rawClient();
    const reading = await rawClient();
    for (const client of [stalled, reading]) client.socket.write(`GET ${streamPath} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    const socketUrl = `${server.url.replace("http", "ws")}${streamPath}/ws`;
    const stalledSocket = new WebSocket(socketUrl);
    const socketClosed = new Promise<number>((resolve) => stalledSocket.once("close", (code) => resolve(code)));
    stalledSocket.on("error", () => {});
    await within(new Promise((resolve) => stalledSocket.once("message", resolve)), 5000, "the WebSocket's first ping");
    await within(
      new Promise<void>((resolve) => {
        const check = setInterval(() => stalled.received().includes('"ping"') && reading.received().includes('"ping"') && resolve(void clearInterval(check)), 20);
      }),
      5000,
      "the streams' first pings",
    );
    stalled.socket.pause();
    stalledSocket.pause();

    // 40 drawing updates of 256 KiB each: 10 MiB for every listener, well past what the
    // kernel's socket buffers and the 1 MiB backlog bound hold.
    const { body: drawing } = await call("POST", `/v2/projects/${project.project_id}/drawings`, { svg: "<svg/>" });
    for (let i = 0; i < 40; i++) {
      const svg = `<svg>${String(i).padStart(4, "0")}${"x".repeat(256 * 1024)}</svg>`;
      expect((await call("PUT", `/v2/projects/${project.project_id}/drawings/${drawing.drawing_id}`, { svg })).status).toBe(201);
    }
    // The reader gets everything, the last update included.
    await within(
      new Promise<void>((resolve) => {
        const check = setInterval(() => reading.received().includes("<svg>0039") && resolve(void clearInterval(check)), 50);
      }),
      15_000,
      "the reading client receiving every update",
    );
    // Given a moment to notice the stall, the server has hung up on the two that stopped reading:
    // once they read again they get what was queued before the cut, then the end.
    await new Promise((resolve) => setTimeout(resolve, 3 * STALL_TIMEOUT_MS));
    stalled.socket.resume();
    stalledSocket.resume();
    await within(stalled.closed, 10_000, "the stalled stream's end");
    expect(stalled.received()).not.toContain("<svg>0039");
    expect(await within(socketClosed, 10_000, "the stalled WebSocket's end")).toBe(1006);
    expect(reading.socket.destroyed).toBe(false);
    expect((await call("GET", "/v2/version")).status).toBe(200);
  });
});
