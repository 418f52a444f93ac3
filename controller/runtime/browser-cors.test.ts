import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumMissing, launchChromium, ProbePage, startProbePageServer, type Chromium, type PageServer } from "../testing/browser";
import { vpcsAvailable } from "../../dataplane/nodes/vpcs";
import { startControllerProcess, type ControllerProcess } from "../testing/controller-process";

const authorization = `Basic ${btoa("admin:pw")}`;
const missing = chromiumMissing();

/**
 * What GNS3's web UI relies on, proven in Chromium itself rather than by reading headers: a
 * page of another origin the controller allows can call it with credentials (preflights
 * included), follow its notifications and talk to a node's console; a page of an origin it
 * does not allow cannot read its answers.
 */
describe.skipIf(missing !== undefined)(`a page of another origin in Chromium${missing ? ` — skipped: ${missing}` : ""}`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), "gns3-browser-"));
  let browser: Chromium;
  let allowed: PageServer;
  let stranger: PageServer;
  let guarded: ControllerProcess;
  let open: ControllerProcess;
  let page: ProbePage;

  beforeAll(async () => {
    [allowed, stranger] = await Promise.all([startProbePageServer(), startProbePageServer()]);
    const start = (name: string, flags: string[]) =>
      startControllerProcess(["--port", "0", "--data-dir", join(dataDir, name), "--no-local-dataplane", "--cors-origin", allowed.origin, ...flags]);
    // Browsers cannot give a WebSocket credentials, so notifications are followed on a controller without them.
    [browser, guarded, open] = await Promise.all([launchChromium(), start("guarded", ["--user", "admin", "--password", "pw"]), start("open", [])]);
    page = await ProbePage.open(browser, allowed);
  });

  afterAll(async () => {
    await Promise.all([browser?.close(), guarded?.stop(), open?.stop(), allowed?.close(), stranger?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  // A 401 is not asked for here: its WWW-Authenticate makes Chromium wait for someone to type credentials.
  it("reads the version with credentials, and reads a refusal", async () => {
    const version = await page.request(`${guarded.url}/v2/version`, { credentials: "include", headers: { authorization } });
    expect(version.error).toBeUndefined();
    expect(version.status).toBe(200);
    expect(JSON.parse(version.body!)).toEqual({ local: true, version: "2.2.59" });

    const missing = await page.request(`${guarded.url}/v2/projects/5e7a6d0e-3f5c-4a0e-9f4c-1d2b3c4d5e6f`, { credentials: "include", headers: { authorization } });
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body!)).toMatchObject({ status: 404 });
  });

  it("sends a JSON body, which takes a preflight, and reads the answer", async () => {
    const created = await page.request(`${guarded.url}/v2/projects`, {
      method: "POST",
      credentials: "include",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify({ name: "made in a browser" }),
    });
    expect(created.error).toBeUndefined();
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body!)).toMatchObject({ name: "made in a browser", status: "opened" });
  });

  it("opens a notification WebSocket on a server that requires a login, with the credentials in its URL", async () => {
    const socket = await page.watch(`${guarded.url.replace(/^http:\/\//, "ws://admin:pw@")}/v2/notifications/ws`);
    const report = await page.report(socket);
    expect(report, JSON.stringify(report)).toMatchObject({ opened: true, error: false });
    await page.closeSocket(socket);
  });

  it("follows the controller's notifications over a WebSocket", async () => {
    const socket = await page.watch(`${open.url.replace(/^http/, "ws")}/v2/notifications/ws`);
    expect(await page.report(socket)).toMatchObject({ opened: true, error: false });
    const created = await page.request(`${open.url}/v2/projects`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "announced" }) });
    expect(created.status).toBe(201);
    const report = await page.report(socket, { count: 1, skip: '"action":"ping"' });
    expect(report.received.map((message) => JSON.parse(message))).toEqual([{ action: "project.created", event: expect.objectContaining({ name: "announced" }) }]);
    await page.closeSocket(socket);
  });

  it("talks to a started VPCS node's console over a WebSocket, as the web UI's terminal does", async () => {
    if (!(await vpcsAvailable())) return expect.fail("the vpcs program is not installed: apt-get install vpcs");
    // With its local dataplane daemon, which runs the VPCS process whose console is bridged.
    const lab = await startControllerProcess(["--port", "0", "--data-dir", join(dataDir, "console"), "--cors-origin", allowed.origin]);
    try {
      const api = async (method: string, path: string, body?: unknown) => {
        const response = await fetch(`${lab.url}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
        return { status: response.status, body: (await response.json().catch(() => null)) as any };
      };
      const { body: project } = await api("POST", "/v2/projects", { name: "console in a browser" });
      const { body: pc } = await api("POST", `/v2/projects/${project.project_id}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" });
      const nodePath = `/v2/projects/${project.project_id}/nodes/${pc.node_id}`;
      expect((await api("POST", `${nodePath}/start`)).status).toBe(200);
      // The start answered once VPCS listens; a page on a loaded machine may still find the
      // console refused (the socket opens and closes at once, as in GNS3), and tries again as a
      // user would. A console that serves sends its telnet negotiation at once.
      let socket = 0;
      for (const until = Date.now() + 20_000; ; ) {
        socket = await page.watch(`${lab.url.replace(/^http/, "ws")}${nodePath}/console/ws`);
        const opened = await page.report(socket, { count: 1 });
        if (opened.opened && opened.closed === undefined && opened.received.length > 0) break;
        if (Date.now() > until) throw new Error(`the console WebSocket never opened: ${JSON.stringify(opened)}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      const screen = async (expected: RegExp) => {
        for (let count = 1, until = Date.now() + 15_000; Date.now() < until; count++) {
          const report = await page.report(socket, { count, timeoutMs: 1000 });
          const text = report.received.join("");
          if (expected.test(text)) return text;
          if (report.received.length < count) await page.send(socket, "\r");
        }
        throw new Error(`the console never showed ${expected}`);
      };
      await screen(/PC1> $/);
      await page.send(socket, "show ip\r");
      expect(await screen(/NAME\s+: PC1\[1\][\s\S]*PC1> $/)).toMatch(/NAME\s+: PC1/);
      await page.closeSocket(socket);
    } finally {
      await lab.stop();
    }
  }, 60_000);

  it("keeps the answers from a page of an origin it does not allow", async () => {
    const outsider = await ProbePage.open(browser, stranger);
    try {
      for (const [controller, init] of [
        [open, {}],
        [guarded, { credentials: "include" as const, headers: { authorization } }],
      ] as const) {
        const reply = await outsider.request(`${controller.url}/v2/version`, init);
        expect(reply.status).toBeUndefined();
        expect(reply.error).toMatch(/TypeError: Failed to fetch/);
      }
    } finally {
      await outsider.page.close();
    }
  });
});
