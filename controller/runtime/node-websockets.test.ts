import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { answerStatus, runExchange, type Ending } from "../fuzz/wire/raw-connection";
import { serverHolds } from "../fuzz/wire/server-figures";
import { startNodeController, type RunningController } from "./node";

const credentials = `Basic ${Buffer.from("admin:pw").toString("base64")}`;
const UNKNOWN = "5e7a6d0e-3f5c-4a0e-9f4c-1d2b3c4d5e6f";

/** Sends a WebSocket upgrade request and reads whatever answer comes back, whole. */
function upgradeAnswer(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, {
      headers: { connection: "Upgrade", upgrade: "websocket", "sec-websocket-version": "13", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==", ...headers },
    });
    sent.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    sent.on("upgrade", (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, headers: response.headers, body: "" });
    });
    sent.on("error", reject);
    sent.end();
  });
}

function upgradeRequest(path: string, headers: Record<string, string> = {}): Buffer {
  const lines = [
    `GET ${path} HTTP/1.1`,
    "Host: 127.0.0.1",
    "Connection: Upgrade",
    "Upgrade: websocket",
    "Sec-WebSocket-Version: 13",
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
}

describe("WebSocket upgrades on the Node server", () => {
  let dataDir: string;
  let controller: RunningController;
  let port: number;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "gns3-upgrades-"));
    controller = await startNodeController({ host: "127.0.0.1", port: 0, dataDir, auth: { user: "admin", password: "pw" } });
    port = controller.port;
  });
  afterAll(async () => {
    await controller.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const ws = (path: string) => `${controller.url}${path}`;
  const version = async () => (await fetch(ws("/v2/version"), { headers: { authorization: credentials } })).status;

  it("answers a missing login with the whole 401: the challenge a browser retries with credentials", async () => {
    const answer = await upgradeAnswer(ws("/v2/notifications/ws"));
    expect(answer.status).toBe(401);
    expect(answer.headers["www-authenticate"]).toBe('Basic realm="GNS3 server"');
  });

  it("carries the refusal's {message, status} body", async () => {
    const answer = await upgradeAnswer(ws(`/v2/projects/${UNKNOWN}/notifications/ws`), { authorization: credentials });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({ message: `Project ID ${UNKNOWN} doesn't exist`, status: 404 });
  });

  it("still upgrades what it accepts", async () => {
    const socket = new WebSocket(ws("/v2/notifications/ws").replace(/^http/, "ws"), { headers: { authorization: credentials } });
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    socket.close();
  });

  it.each([
    ["an unsupported version", { "sec-websocket-version": "12" }, 'WebSocket handshake refused: Sec-WebSocket-Version "12" is not supported: WebSocket clients send 13'],
    ["a key that is not 16 bytes", { "sec-websocket-key": "short" }, "WebSocket handshake refused: Sec-WebSocket-Key must be 16 bytes in base64"],
  ])("refuses a handshake with %s with a 400 saying what is wrong", async (_what, headers, message) => {
    const answer = await upgradeAnswer(ws("/v2/notifications/ws"), { authorization: credentials, ...headers });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ message, status: 400 });
  });

  it("answers a handshake `ws` itself refuses (a broken subprotocol list) with a {message, status} 400", async () => {
    const answer = await upgradeAnswer(ws("/v2/notifications/ws"), { authorization: credentials, "sec-websocket-protocol": "chat,,chat" });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ message: expect.stringMatching(/^WebSocket handshake refused: /), status: 400 });
  });

  const endings: Ending[] = [{ kind: "reset-before-answer" }, { kind: "reset-during-answer" }, { kind: "reset-after-answer" }, { kind: "half-close" }];
  const refusals: Array<[string, string, Record<string, string>]> = [
    ["401", "/v2/notifications/ws", {}],
    ["404", `/v2/projects/${UNKNOWN}/notifications/ws`, { Authorization: credentials }],
    ["404 route", "/v2/nowhere/ws", { Authorization: credentials }],
    ["400", "/v2/notifications/ws", { Authorization: credentials, "Sec-WebSocket-Version": "12" }],
  ];
  for (const [status, path, headers] of refusals) {
    it.each(endings)(`survives a client refused with ${status} that leaves by $kind`, async (ending) => {
      for (let round = 0; round < 20; round++) await runExchange(port, { chunks: [upgradeRequest(path, headers)], ending });
      expect(await version()).toBe(200);
    });
  }

  it("survives clients that reset while an accepted upgrade completes", async () => {
    for (const ending of endings) {
      for (let round = 0; round < 20; round++) await runExchange(port, { chunks: [upgradeRequest("/v2/notifications/ws", { Authorization: credentials })], ending });
    }
    expect(await version()).toBe(200);
  });

  it("closes a refused upgrade's connection once answered", async () => {
    const result = await runExchange(port, { chunks: [upgradeRequest("/v2/notifications/ws")], ending: { kind: "read" } });
    expect(answerStatus(result.received)).toBe(401);
    expect(result.end).toBe("server-closed");
  });

  it("lets go of a refused client that neither reads its answer nor closes, within seconds", async () => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.on("error", () => {});
    socket.pause();
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(upgradeRequest("/v2/notifications/ws"));
    const clientPort = socket.localPort!;
    await expect.poll(() => serverHolds(port, clientPort)).toBe(true);
    await expect.poll(() => serverHolds(port, clientPort), { timeout: 5000 }).toBe(false);
    socket.destroy();
  });
});
