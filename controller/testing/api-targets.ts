import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe } from "vitest";
import { createApp } from "../app";
import { GNS3_VERSION, type ControllerDeps } from "../deps";
import { LocalEventBus } from "../events/event-bus";
import { DiskFileStore } from "../files/disk-file-store";
import { MemoryKeyValueStore } from "../store/memory-kv";

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

/** Both targets ping idle notification streams this often, so tests need not wait GNS3's 5 s. */
export const TEST_NOTIFICATION_PING_MS = 1000;

export function inProcessDeps(dataDir: string): ControllerDeps {
  return {
    config: {
      version: GNS3_VERSION,
      local: true,
      consoleHost: "127.0.0.1",
      projectsDir: join(dataDir, "projects"),
      notificationPingIntervalMs: TEST_NOTIFICATION_PING_MS,
    },
    store: new MemoryKeyValueStore(),
    events: new LocalEventBus(),
    files: new DiskFileStore(dataDir),
    newId: () => crypto.randomUUID(),
    hostInterfaces: () => ["eth0", "eth1"],
    requestShutdown: () => {},
    usage: () => ({ cpu_usage_percent: 1.5, memory_usage_percent: 10.5 }),
  };
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
    const server = await startControllerProcess(["--port", "0", "--data-dir", dataDir], {
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

export interface ControllerProcess {
  url: string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `npm start -- <args>` and waits for its "listening" log line. */
export async function startControllerProcess(args: string[], env: Record<string, string> = {}): Promise<ControllerProcess> {
  const child = spawn("npm", ["start", "--silent", "--", ...args], {
    cwd: join(import.meta.dirname, "../.."),
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error("controller did not start within 30 s")), 30_000);
    child.once("exit", (code) => reject(new Error(`controller exited with ${code} before listening`)));
    lines.on("line", (line) => {
      try {
        const parsed = JSON.parse(line) as { msg?: string; url?: string };
        if (parsed.msg === "controller listening" && parsed.url) {
          clearTimeout(timer);
          resolve(parsed.url);
        }
      } catch {
        // Not a log line of ours.
      }
    });
  });
  return {
    url,
    child,
    stop: (signal = "SIGTERM") =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        // npm runs the server in a child of its own: signal the whole process group.
        process.kill(-child.pid!, signal);
      }),
  };
}

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
