import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

/** Debian's Chromium, which `.ci/run` installs; no browser is ever downloaded. */
const CHROMIUM = "/usr/bin/chromium";

const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Why browser tests cannot run on this machine, or undefined when they can. */
export function chromiumMissing(): string | undefined {
  return existsSync(CHROMIUM) ? undefined : `${CHROMIUM} is missing (apt-get install chromium; .ci/run does)`;
}

export interface Chromium {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Headless Chromium with a profile of its own, removed when it closes. */
export async function launchChromium(): Promise<Chromium> {
  const profile = mkdtempSync(join(tmpdir(), "gns3-chromium-"));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const PROBE_PAGE = readFileSync(join(import.meta.dirname, "browser-probe.html"));

export interface PageServer {
  /** `http://127.0.0.1:PORT`: each server is an origin of its own. */
  origin: string;
  close(): Promise<void>;
}

/** Serves the probe page (browser-probe.html) at `/` on a free loopback port. */
export async function startProbePageServer(): Promise<PageServer> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(PROBE_PAGE);
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

export interface PageReply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Set when the browser kept the answer from the page (a CORS refusal, a network error). */
  error?: string;
}

export interface SocketReport {
  opened: boolean;
  error: boolean;
  closed?: { code: number; reason: string };
  /** Messages in order, binary ones decoded as UTF-8. */
  received: string[];
}

/** What a page of the probe server's origin can do, run inside the browser by `window.probe`. */
export class ProbePage {
  private constructor(readonly page: Page) {}

  static async open(browser: Chromium, server: PageServer): Promise<ProbePage> {
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/`);
    return new ProbePage(page);
  }

  request(url: string, init: RequestInit = {}): Promise<PageReply> {
    return this.call("request", url, init);
  }

  /** Opens a WebSocket from the page; the id names it in the calls below. */
  watch(url: string): Promise<number> {
    return this.call("watch", url);
  }

  send(socket: number, text: string): Promise<void> {
    return this.call("send", socket, text);
  }

  /** Once `count` messages not matching `skip` arrived (or the socket closed, or the time is up). */
  report(socket: number, options: { count?: number; skip?: string; timeoutMs?: number } = {}): Promise<SocketReport> {
    return this.call("report", socket, options);
  }

  closeSocket(socket: number): Promise<void> {
    return this.call("close", socket);
  }

  // Sent as source text: a function would be serialised as the test runner compiled it.
  private call<T>(name: string, ...args: unknown[]): Promise<T> {
    return this.page.evaluate(`window.probe.${name}(${args.map((arg) => JSON.stringify(arg)).join(", ")})`) as Promise<T>;
  }
}
