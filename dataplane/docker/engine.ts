/**
 * The host's Docker Engine, through its HTTP API, reached as every Docker client reaches it:
 * DOCKER_HOST (`unix:///var/run/docker.sock` by default, or `tcp://HOST:PORT`). Node's own
 * http client speaks to it: the API is JSON over HTTP/1.1 on a Unix socket, and the client
 * libraries add nothing we need (dockerode brings ssh2, whose install script builds native
 * code). The API version is the engine's own, capped at the one this code is written for.
 */
import { request, type RequestOptions } from "node:http";
import type { Duplex } from "node:stream";

/** Written against Engine API 1.41 (Docker 20.10, Debian 12's docker.io); older engines are spoken to in their own version. */
const API_VERSION = "1.41";
const DEFAULT_DOCKER_HOST = "unix:///var/run/docker.sock";
const REQUEST_TIMEOUT_MS = 10_000;

/** Where the engine listens: a Unix socket, or a TCP address. */
export type EngineAddress = { socketPath: string } | { host: string; port: number };

/** DOCKER_HOST as Docker's own clients read it; throws saying what it takes. */
export function engineAddress(dockerHost: string): EngineAddress {
  if (dockerHost.startsWith("unix://")) return { socketPath: dockerHost.slice("unix://".length) };
  const tcp = /^tcp:\/\/(\[[^\]]+\]|[^:/]+):(\d+)\/?$/.exec(dockerHost);
  if (tcp) return { host: tcp[1]!.replace(/^\[|\]$/g, ""), port: Number(tcp[2]) };
  throw new Error(`DOCKER_HOST must be unix:///PATH or tcp://HOST:PORT, got '${dockerHost}'`);
}

/** The engine answered, but not with success: its status and its message. */
export class EngineError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A version as comparable numbers: "1.41" → [1, 41]. */
const versionParts = (version: string) => version.split(".").map(Number);
const older = (a: string, b: string) => {
  const [x, y] = [versionParts(a), versionParts(b)];
  return x[0]! < y[0]! || (x[0] === y[0] && x[1]! < y[1]!);
};

export class DockerEngine {
  readonly dockerHost: string;
  private readonly address: EngineAddress;
  private apiVersion: Promise<string> | undefined;

  constructor(dockerHost = process.env.DOCKER_HOST || DEFAULT_DOCKER_HOST) {
    this.dockerHost = dockerHost;
    this.address = engineAddress(dockerHost);
  }

  /**
   * One API call; resolves with the parsed JSON answer (undefined for an empty one), rejects
   * with an EngineError or the connection's error. `timeoutMs` 0: none (a wait for a container's end).
   */
  async call<T>(method: string, path: string, body?: unknown, timeoutMs = REQUEST_TIMEOUT_MS): Promise<T> {
    const version = await this.version();
    return this.raw<T>(method, `/v${version}${path}`, body, timeoutMs);
  }

  /**
   * A call the engine answers by handing over the connection (attach, exec start): resolves
   * with the raw stream, both ways. With a TTY the container's output comes unframed.
   */
  async hijack(path: string, body?: unknown): Promise<Duplex> {
    const version = await this.version();
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise<Duplex>((resolve, reject) => {
      const sent = request({
        ...this.address,
        method: "POST",
        path: `/v${version}${path}`,
        headers: { host: "docker", connection: "Upgrade", upgrade: "tcp", ...(payload ? { "content-type": "application/json", "content-length": payload.length } : {}) },
        timeout: REQUEST_TIMEOUT_MS,
      });
      sent.on("upgrade", (_response, socket, head) => {
        socket.setTimeout(0);
        if (head.length > 0) socket.unshift(head);
        resolve(socket);
      });
      sent.on("response", (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => reject(new EngineError(response.statusCode ?? 0, engineMessage(Buffer.concat(chunks).toString("utf8"), response.statusCode ?? 0))));
      });
      sent.on("timeout", () => sent.destroy(new Error(`the Docker Engine at ${this.dockerHost} did not answer POST ${path} within ${REQUEST_TIMEOUT_MS / 1000} s`)));
      sent.on("error", reject);
      sent.end(payload);
    });
  }

  /** The API version spoken: the engine's, or ours when it is newer. Asked once; asked again after a failure. */
  version(): Promise<string> {
    this.apiVersion ??= this.raw<{ ApiVersion: string }>("GET", "/version").then(
      ({ ApiVersion }) => (older(ApiVersion, API_VERSION) ? ApiVersion : API_VERSION),
      (error: unknown) => {
        this.apiVersion = undefined;
        throw error;
      },
    );
    return this.apiVersion;
  }

  /** Every tagged image of the engine, as `repository:tag`, sorted. */
  async images(): Promise<string[]> {
    const images = await this.call<Array<{ RepoTags?: string[] | null }>>("GET", "/images/json");
    return images
      .flatMap((image) => image.RepoTags ?? [])
      .filter((tag) => tag !== "<none>:<none>")
      .sort();
  }

  private raw<T>(method: string, path: string, body?: unknown, timeoutMs = REQUEST_TIMEOUT_MS): Promise<T> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const options: RequestOptions = {
      ...this.address,
      method,
      path,
      headers: { host: "docker", ...(payload ? { "content-type": "application/json", "content-length": payload.length } : {}) },
      ...(timeoutMs > 0 ? { timeout: timeoutMs } : {}),
    };
    return new Promise<T>((resolve, reject) => {
      const sent = request(options, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const status = response.statusCode ?? 0;
          let parsed: unknown;
          try {
            parsed = text === "" ? undefined : JSON.parse(text);
          } catch {
            parsed = text;
          }
          if (status >= 200 && status < 300) return resolve(parsed as T);
          reject(new EngineError(status, engineMessage(text, status)));
        });
      });
      sent.on("timeout", () => sent.destroy(new Error(`the Docker Engine at ${this.dockerHost} did not answer ${method} ${path} within ${timeoutMs / 1000} s`)));
      sent.on("error", reject);
      sent.end(payload);
    });
  }
}

/** The engine's `{"message": …}`, or its text. */
function engineMessage(text: string, status: number): string {
  let message = text.trim();
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && "message" in parsed) message = String(parsed.message);
  } catch {
    // Not JSON: the text is the message.
  }
  return message || `HTTP ${status}`;
}
