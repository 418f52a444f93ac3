import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startNodeController, type RunningController } from "./node";

const credentials = `Basic ${Buffer.from("admin:pw").toString("base64")}`;

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

describe("WebSocket upgrades the Node server refuses", () => {
  let dataDir: string;
  let controller: RunningController;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "gns3-upgrades-"));
    controller = await startNodeController({ host: "127.0.0.1", port: 0, dataDir, auth: { user: "admin", password: "pw" } });
  });
  afterAll(async () => {
    await controller.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const ws = (path: string) => `${controller.url}${path}`;

  it("answers a missing login with the whole 401: the challenge a browser retries with credentials", async () => {
    const answer = await upgradeAnswer(ws("/v2/notifications/ws"));
    expect(answer.status).toBe(401);
    expect(answer.headers["www-authenticate"]).toBe('Basic realm="GNS3 server"');
  });

  it("carries the refusal's {message, status} body", async () => {
    const answer = await upgradeAnswer(ws("/v2/projects/5e7a6d0e-3f5c-4a0e-9f4c-1d2b3c4d5e6f/notifications/ws"), { authorization: credentials });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({ message: "Project ID 5e7a6d0e-3f5c-4a0e-9f4c-1d2b3c4d5e6f doesn't exist", status: 404 });
  });

  it("still upgrades what it accepts", async () => {
    const socket = new WebSocket(ws("/v2/notifications/ws").replace(/^http/, "ws"), { headers: { authorization: credentials } });
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    socket.close();
  });
});
