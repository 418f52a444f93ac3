import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { createApp } from "../app";
import { allowedOrigins } from "../http/cors-origins";
import type { ControllerLimits } from "../deps";
import { limitFlags } from "../runtime/limit-flags";
import { startLocalWorker } from "../runtime/worker-local";
import { diskFiles, r2Files, type ApiFiles } from "./api-files";
import { startControllerProcess } from "./controller-process";
import { inProcessDeps, TEST_NOTIFICATION_PING_MS } from "./in-process-deps";

export type { ApiFiles } from "./api-files";
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
  /** The controller's files in its file store's path space, read and seeded without asking it. */
  readonly files: ApiFiles;
  /** Where this target keeps files; known while tests are declared, unlike `files`. */
  readonly fileBackend: ApiFiles["backend"];
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
  /** Only suites that opt in (see `ApiSuiteOptions`) run on this target. */
  optIn?: boolean;
  fileBackend: ApiFiles["backend"];
  start(settings: TargetSettings): Promise<StartedTarget>;
}

/**
 * `fetch`, sending an idempotent request again once when the connection it went on closed before
 * any answer: a kept-alive connection the server let go as the request left, which browsers and
 * GNS3's clients retry; undici does not.
 */
async function fetchAsBrowsersDo(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const idempotent = ["GET", "HEAD", "PUT", "DELETE"].includes((init?.method ?? "GET").toUpperCase()) && !(init?.body instanceof ReadableStream);
    const cause = (error as { cause?: { code?: string } }).cause;
    if (!idempotent || cause?.code !== "UND_ERR_SOCKET") throw error;
    return fetch(url, init);
  }
}

/** How a suite's controller is configured, beyond the defaults (see `ApiSuiteOptions`). */
interface TargetSettings {
  limits: Partial<ControllerLimits>;
  auth?: { user: string; password: string };
  corsOrigins?: string[];
  gns3Version?: string;
  autoCloseDelayMs?: number;
  idlePcBootMs?: number;
  dataplaneToken?: string;
  extendedFilters?: boolean;
}

interface StartedTarget {
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  baseUrl?: string;
  files: ApiFiles;
  stop(): Promise<void>;
}

const inProcess: ApiTarget = {
  name: "app.request",
  fileBackend: "disk",
  async start({ limits, auth, corsOrigins, gns3Version, autoCloseDelayMs, idlePcBootMs, dataplaneToken, extendedFilters }) {
    const dataDir = mkdtempSync(join(tmpdir(), "gns3-app-"));
    const deps = inProcessDeps(dataDir);
    const config = {
      ...deps.config,
      limits,
      ...(auth ? { auth } : {}),
      ...(corsOrigins ? { corsOrigins: allowedOrigins(corsOrigins) } : {}),
      ...(gns3Version ? { version: gns3Version } : {}),
      ...(autoCloseDelayMs === undefined ? {} : { autoCloseDelayMs }),
      ...(idlePcBootMs === undefined ? {} : { idlePcBootMs }),
      ...(dataplaneToken ? { dataplaneToken } : {}),
      ...(extendedFilters ? { extendedFilters } : {}),
    };
    const app = createApp({ ...deps, config });
    return {
      fetch: async (path, init) => app.request(path, init),
      files: diskFiles(dataDir),
      stop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  },
};

/** The README's run command, on a free port and a fresh data dir. */
const nodeServer: ApiTarget = {
  name: "node server",
  fileBackend: "disk",
  async start({ limits, auth, corsOrigins, gns3Version, autoCloseDelayMs, idlePcBootMs, dataplaneToken, extendedFilters }) {
    const dataDir = mkdtempSync(join(tmpdir(), "gns3-node-"));
    const settings = [
      ...limitFlags(limits),
      ...(auth ? ["--user", auth.user, "--password", auth.password] : []),
      ...(corsOrigins ?? []).flatMap((origin) => ["--cors-origin", origin]),
      ...(gns3Version ? ["--gns3-version", gns3Version] : []),
      ...(dataplaneToken ? ["--dataplane-token", dataplaneToken] : []),
      ...(extendedFilters ? ["--extended-filters"] : []),
    ];
    const server = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--no-local-dataplane", ...settings], {
      CONTROLLER_NOTIFICATION_PING_MS: String(TEST_NOTIFICATION_PING_MS),
      ...(autoCloseDelayMs === undefined ? {} : { CONTROLLER_AUTO_CLOSE_MS: String(autoCloseDelayMs) }),
      ...(idlePcBootMs === undefined ? {} : { CONTROLLER_IDLEPC_BOOT_MS: String(idlePcBootMs) }),
    });
    return {
      baseUrl: server.url,
      fetch: (path, init) => fetchAsBrowsersDo(`${server.url}${path}`, init),
      files: diskFiles(dataDir),
      stop: async () => {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

/** The Worker bundle in workerd (the Workers runtime) through miniflare, on a free port and a fresh data dir. */
const workerd: ApiTarget = {
  name: "workerd",
  optIn: true,
  fileBackend: "r2",
  async start({ limits, auth, corsOrigins, gns3Version, autoCloseDelayMs, idlePcBootMs, dataplaneToken, extendedFilters }) {
    if (Object.keys(limits).length > 0) throw new Error("the workerd target takes no limits: suites with limits must not opt in");
    const dataDir = mkdtempSync(join(tmpdir(), "gns3-workerd-"));
    const worker = await startLocalWorker({
      host: "127.0.0.1",
      port: 0,
      dataDir,
      bundleFile: join(dataDir, "worker.mjs"),
      notificationPingIntervalMs: TEST_NOTIFICATION_PING_MS,
      ...(autoCloseDelayMs === undefined ? {} : { autoCloseDelayMs }),
      ...(idlePcBootMs === undefined ? {} : { idlePcBootMs }),
      vars: {
        ...(auth ? { CONTROLLER_USER: auth.user, CONTROLLER_PASSWORD: auth.password } : {}),
        ...(corsOrigins ? { CONTROLLER_CORS_ORIGINS: corsOrigins.join(",") } : {}),
        ...(gns3Version ? { CONTROLLER_GNS3_VERSION: gns3Version } : {}),
        ...(dataplaneToken ? { DATAPLANE_TOKEN: dataplaneToken } : {}),
        ...(extendedFilters ? { CONTROLLER_EXTENDED_FILTERS: "true" } : {}),
      },
    });
    return {
      baseUrl: worker.url,
      fetch: (path, init) => fetchAsBrowsersDo(`${worker.url}${path}`, init),
      files: r2Files(await worker.filesBucket()),
      stop: async () => {
        await worker.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

export const API_TARGETS: ApiTarget[] = [inProcess, nodeServer, workerd];

/**
 * `TEST_API_TARGETS=app.request` (a comma-separated list of target names) keeps suites to those
 * targets: `npm run test:unit` runs every endpoint test in process only, with no server to start.
 */
function selectedTargets(setting = process.env.TEST_API_TARGETS): ApiTarget[] {
  if (!setting) return API_TARGETS;
  const names = setting.split(",").map((name) => name.trim());
  const unknown = names.filter((name) => !API_TARGETS.some((target) => target.name === name));
  if (unknown.length > 0) throw new Error(`TEST_API_TARGETS names no target ${unknown.join(", ")}: use ${API_TARGETS.map((t) => t.name).join(", ")}`);
  return API_TARGETS.filter((target) => names.includes(target.name));
}

export interface ApiSuiteOptions {
  /**
   * `true` runs the suite on workerd too; a string skips it there, saying why. Until every
   * suite passes on workerd, a suite that says nothing is skipped there as not yet enabled.
   */
  workerd?: true | string;
  /** Limits the controller starts with instead of the defaults (not on workerd, which has no flags). */
  limits?: Partial<ControllerLimits>;
  /** HTTP Basic credentials the controller asks for (flags `--user`/`--password`, on workerd its vars). */
  auth?: { user: string; password: string };
  /** Origins allowed besides GNS3's own (flag `--cors-origin`, on workerd `CONTROLLER_CORS_ORIGINS`). */
  corsOrigins?: string[];
  /** The GNS3 version answered as (flag `--gns3-version`, on workerd `CONTROLLER_GNS3_VERSION`). */
  gns3Version?: string;
  /** How long an `auto_close` project stays open after its last listener left, instead of GNS3's 5 s (tests only: `CONTROLLER_AUTO_CLOSE_MS`). */
  autoCloseDelayMs?: number;
  /** How long a compute's `auto_idlepc` lets IOS boot, instead of GNS3's 20 s (tests only: `CONTROLLER_IDLEPC_BOOT_MS`). */
  idlePcBootMs?: number;
  /** The token dataplane daemons present (flag `--dataplane-token`, on workerd `DATAPLANE_TOKEN`). */
  dataplaneToken?: string;
  /** `available_filters` lists the extended filters (flag `--extended-filters`, on workerd `CONTROLLER_EXTENDED_FILTERS`). */
  extendedFilters?: boolean;
}

/**
 * Declares the same suite once per target, so every endpoint test runs through
 * `app.request`, through a real HTTP server started from the README command, and (where the
 * suite opts in) through the Worker in workerd.
 */
export function describeApi(title: string, suite: (api: ApiClient) => void, options: ApiSuiteOptions = {}): void {
  for (const target of selectedTargets()) {
    if (target.optIn && options.workerd !== true) {
      const reason = options.workerd ?? "not yet enabled on this runtime";
      describe.skip(`${title} [${target.name}] — skipped: ${reason}`, () => suite(unstartedClient(target)));
      continue;
    }
    describe(`${title} [${target.name}]`, () => {
      let started: StartedTarget | undefined;
      beforeAll(async () => {
        const { limits = {}, auth, corsOrigins, gns3Version, autoCloseDelayMs, idlePcBootMs, dataplaneToken, extendedFilters } = options;
        started = await target.start({ limits, auth, corsOrigins, gns3Version, autoCloseDelayMs, idlePcBootMs, dataplaneToken, extendedFilters });
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
        get files() {
          if (!started) throw new Error("target not started");
          return started.files;
        },
        fileBackend: target.fileBackend,
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

/**
 * A test of the data dir on the disk itself (symlinks, folders, permissions), which has no
 * counterpart where files are R2 objects: registered skipped there, its title saying why.
 */
export function itOnDisk(api: ApiClient, whyNotInR2: string): (title: string, test: () => Promise<void>) => void {
  return (title, test) => (api.fileBackend === "disk" ? it(title, test) : it.skip(`${title} — skipped in R2: ${whyNotInR2}`, test));
}

/** Handed to suites skipped on a target: they register their tests, which never run. */
const unstartedClient = (target: ApiTarget): ApiClient => ({
  baseUrl: undefined,
  get files(): ApiFiles {
    throw new Error("target not started");
  },
  fileBackend: target.fileBackend,
  fetch: () => Promise.reject(new Error("target not started")),
  request: () => Promise.reject(new Error("target not started")),
  get: () => Promise.reject(new Error("target not started")),
  post: () => Promise.reject(new Error("target not started")),
  put: () => Promise.reject(new Error("target not started")),
  delete: () => Promise.reject(new Error("target not started")),
});
