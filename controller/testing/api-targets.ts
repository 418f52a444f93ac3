import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import { createApp } from "../app";
import { startControllerProcess } from "./controller-process";
import { inProcessDeps, TEST_NOTIFICATION_PING_MS } from "./in-process-deps";

export { startControllerProcess, type ControllerProcess } from "./controller-process";
export { inProcessDeps, TEST_NOTIFICATION_PING_MS } from "./in-process-deps";

export interface ApiReply {
  status: number;
  headers: Headers;
  /** Parsed JSON when the body is JSON, the text otherwise, null when empty. */
  body: any;
  text: string;
}

export interface ApiClient {
  /** Base URL of a real server, or undefined for the in-process target. */
  readonly baseUrl: string | undefined;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  request(method: string, path: string, body?: unknown): Promise<ApiReply>;
  get(path: string): Promise<ApiReply>;
  post(path: string, body?: unknown): Promise<ApiReply>;
  put(path: string, body?: unknown): Promise<ApiReply>;
  delete(path: string): Promise<ApiReply>;
}

/** A way to reach the controller: in process through `app.request`, or a real server. */
interface ApiTarget {
  name: string;
  start(): Promise<{ fetch: (path: string, init?: RequestInit) => Promise<Response>; baseUrl?: string; stop(): Promise<void> }>;
}

const inProcess: ApiTarget = {
  name: "app.request",
  async start() {
    const dataDir = mkdtempSync(join(tmpdir(), "gns3-app-"));
    const app = createApp(inProcessDeps(dataDir));
    return {
      fetch: async (path, init) => app.request(path, init),
      stop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  },
};

/** The README's run command, on a free port and a fresh data dir. */
const nodeServer: ApiTarget = {
  name: "node server",
  async start() {
    const dataDir = mkdtempSync(join(tmpdir(), "gns3-node-"));
    const server = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--no-local-dataplane"], {
      CONTROLLER_NOTIFICATION_PING_MS: String(TEST_NOTIFICATION_PING_MS),
    });
    return {
      baseUrl: server.url,
      fetch: (path, init) => fetch(`${server.url}${path}`, init),
      stop: async () => {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

export const API_TARGETS: ApiTarget[] = [inProcess, nodeServer];

/**
 * Declares the same suite once per target, so every endpoint test runs both through
 * `app.request` and through a real HTTP server started from the README command.
 */
export function describeApi(title: string, suite: (api: ApiClient) => void): void {
  for (const target of API_TARGETS) {
    describe(`${title} [${target.name}]`, () => {
      let started: Awaited<ReturnType<ApiTarget["start"]>> | undefined;
      beforeAll(async () => {
        started = await target.start();
      });
      afterAll(async () => {
        await started?.stop();
      });
      const fetchVia = (path: string, init?: RequestInit) => {
        if (!started) throw new Error("target not started");
        return started.fetch(path, init);
      };
      const request = async (method: string, path: string, body?: unknown): Promise<ApiReply> => {
        const init: RequestInit = { method };
        if (body !== undefined) {
          init.body = typeof body === "string" ? body : JSON.stringify(body);
          init.headers = { "content-type": "application/json" };
        }
        const response = await fetchVia(path, init);
        const text = await response.text();
        let parsed: unknown = null;
        if (text !== "") {
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = text;
          }
        }
        return { status: response.status, headers: response.headers, body: parsed, text };
      };
      suite({
        get baseUrl() {
          return started?.baseUrl;
        },
        fetch: fetchVia,
        request,
        get: (path) => request("GET", path),
        post: (path, body) => request("POST", path, body),
        put: (path, body) => request("PUT", path, body),
        delete: (path) => request("DELETE", path),
      });
    });
  }
}
