import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumMissing, launchChromium, ProbePage, startProbePageServer, type Chromium, type PageServer } from "../testing/browser";
import { startControllerProcess, type ControllerProcess } from "../testing/controller-process";

const authorization = `Basic ${btoa("admin:pw")}`;
const missing = chromiumMissing();

/**
 * What GNS3's web UI relies on, proven in Chromium itself rather than by reading headers: a
 * page of another origin the controller allows can call it with credentials (preflights
 * included) and follow its notifications; a page of an origin it does not allow cannot read
 * its answers.
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

  it("follows the controller's notifications over a WebSocket", async () => {
    const socket = await page.watch(`${open.url.replace(/^http/, "ws")}/v2/notifications/ws`);
    expect(await page.report(socket)).toMatchObject({ opened: true, error: false });
    const created = await page.request(`${open.url}/v2/projects`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "announced" }) });
    expect(created.status).toBe(201);
    const report = await page.report(socket, { count: 1, skip: '"action":"ping"' });
    expect(report.received.map((message) => JSON.parse(message))).toEqual([{ action: "project.created", event: expect.objectContaining({ name: "announced" }) }]);
    await page.closeSocket(socket);
  });

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
