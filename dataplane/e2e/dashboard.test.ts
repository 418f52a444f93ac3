import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumMissing, launchChromium, type Chromium } from "../../controller/testing/browser";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { apiAt, createCloudPath, waitForApplied, type Api, type CloudPath } from "./cloud-lab";
import { openDashboardPage, SHOWN_WITHIN_MS, type DashboardPage } from "./dashboard-page";
import { until } from "./notifications";
import { UdpPeer, waitForArrivals } from "./udp-traffic";

const missing = chromiumMissing();
const FRAMES_PER_SECOND = 200;
const STEP_TIMEOUT_MS = 60_000;

/**
 * The link dashboard in Debian's Chromium against `npm start` and `npm run start:worker`, each
 * with its local daemon: a project built through the API appears on the page as it is built, a
 * filter set from the page drops real UDP traffic and the page shows the drops, a capture
 * started from the page fills a pcap the page links to, suspending from the page marks the
 * link, and a controller restart is announced and survived.
 */
describe.skipIf(missing !== undefined).each([
  { runtime: "Node", script: "start" },
  { runtime: "Workers (workerd)", script: "start:worker" },
])(`the link dashboard in Chromium, controller on $runtime${missing ? ` — skipped: ${missing}` : ""}`, ({ script }) => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-dashboard-"));
  const token = randomBytes(16).toString("hex");
  let controller: ControllerProcess;
  let browser: Chromium;
  let page: Page;
  let api: Api;
  let peers: [UdpPeer, UdpPeer];
  let tab: DashboardPage;

  const startController = (port = "0") => startControllerProcess(["--port", port, "--data-dir", dataDir, "--dataplane-token", token], {}, script);
  const shown = (selector: string) => tab.shown(selector);
  const linkOf = (index: 0 | 1) => `#topology [data-id="${path.linkIds[index]}"]`;
  const dropPercent = async () => Number((await page.locator('[data-direction="0"] .drop-share').getAttribute("data-drop-percent")) ?? NaN);
  const screenshot = (name: string) => tab.screenshot(name);

  beforeAll(async () => {
    [controller, browser, peers] = await Promise.all([startController(), launchChromium(), Promise.all([UdpPeer.open(), UdpPeer.open()]) as Promise<[UdpPeer, UdpPeer]>]);
    api = apiAt(() => controller.url);
    await waitForApplied(api, "local");
    tab = await openDashboardPage(browser, `dashboard-${script}`);
    page = tab.page;
  });

  afterAll(async () => {
    await Promise.all([browser?.close(), ...(peers ?? []).map((peer) => peer.close())]);
    await controller?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let path: CloudPath;

  it("lists the projects, and draws one live as the API builds it", async () => {
    const project = await api("POST", "/v2/projects", { name: "Dashboard lab" });
    expect(project.status).toBe(201);
    await page.goto(`${controller.url}/`);
    expect(new URL(page.url()).pathname).toBe("/dashboard/");
    await page.getByRole("link", { name: "Dashboard lab" }).click();
    await shown('body[data-notifications="open"]');
    await screenshot("1-empty-project");

    path = await createCloudPath(api, [{ computeId: "local", peer: peers[0] }, { computeId: "local", peer: peers[1] }], {}, project.body.project_id);
    await shown("#topology .node:nth-child(3)");
    await shown("#topology .link:nth-child(2)");
    const names = await page.locator("#topology .node-name").allTextContents();
    expect(names.sort()).toEqual(["Cloud1", "Cloud2", "Hub"]);
    expect(await page.locator("#topology .node").count()).toBe(3);
    // Built at the origin, the nodes are then laid out side by side, and move on the page.
    const nodes = (await api("GET", `/v2/projects/${path.projectId}/nodes`)).body as { node_id: string; name: string }[];
    for (const node of nodes) {
      const x = { Cloud1: -300, Hub: 0, Cloud2: 300 }[node.name]!;
      expect((await api("PUT", `/v2/projects/${path.projectId}/nodes/${node.node_id}`, { x, y: node.name === "Hub" ? 120 : 0 })).status).toBe(200);
      await shown(`#topology [data-id="${node.node_id}"] image[x="${x}"]`);
    }
    expect(await page.locator(linkOf(0)).getAttribute("data-state")).toBe("clean");
    expect(await page.locator(linkOf(1)).getAttribute("data-state")).toBe("clean");
    await screenshot("2-topology");
  }, STEP_TIMEOUT_MS);

  it("sets packet_loss 50 from the page on the link carrying traffic, and shows about half dropped", async () => {
    peers[0].startSending(path.ports[0], FRAMES_PER_SECOND);
    await waitForArrivals(peers[1], FRAMES_PER_SECOND / 2, SHOWN_WITHIN_MS);
    // By keyboard: links are focusable and Enter opens their panel.
    await page.locator(linkOf(0)).focus();
    await page.keyboard.press("Enter");
    await shown('[data-direction="0"] .drop-share[data-drop-percent="0"]');

    await page.getByLabel("Packet loss: Chance").fill("50");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await shown(`${linkOf(0)}[data-state="filtered"]`);
    expect(await page.locator(`${linkOf(0)} .link-words`).textContent()).toBe("loss 50 %");
    const link = await api("GET", `/v2/projects/${path.projectId}/links/${path.linkIds[0]}`);
    expect(link.body.filters).toEqual({ packet_loss: [50] });

    await until("the page to show about half of the frames dropped", async () => Math.abs((await dropPercent()) - 50) <= 15, SHOWN_WITHIN_MS);
    await page.locator("#panel h2").scrollIntoViewIfNeeded();
    await screenshot("3-packet-loss-50");
  }, STEP_TIMEOUT_MS);

  it("shows the server's refusal beside the filter it names", async () => {
    await page.getByLabel("Packet loss: Chance").fill("150");
    await page.getByRole("button", { name: "Apply filters" }).click();
    const refusal = page.locator('fieldset[data-type="packet_loss"] .error');
    await refusal.waitFor({ state: "visible", timeout: SHOWN_WITHIN_MS });
    expect(await refusal.textContent()).toMatch(/^Filter 'packet_loss' Chance must be between 0 and 100/);
    expect((await api("GET", `/v2/projects/${path.projectId}/links/${path.linkIds[0]}`)).body.filters).toEqual({ packet_loss: [50] });
    await screenshot("4-refusal");
  }, STEP_TIMEOUT_MS);

  it("captures the link from the page: marked capturing, and the page's pcap link gives its frames", async () => {
    await page.getByRole("button", { name: "Start capture" }).click();
    await shown(`${linkOf(0)}[data-state="capturing"]`);
    const download = page.getByRole("link", { name: "Download pcap" });
    await download.waitFor({ timeout: SHOWN_WITHIN_MS });
    const href = new URL((await download.getAttribute("href"))!, page.url());
    expect(href.pathname).toBe(`/v2/projects/${path.projectId}/links/${path.linkIds[0]}/pcap`);
    await waitForArrivals(peers[1], 20, SHOWN_WITHIN_MS);
    await screenshot("5-capturing");
    // The link streams the file while the capture runs, as GNS3's does: read its header and a first record.
    const reader = (await fetch(href)).body!.getReader();
    let pcap = Buffer.alloc(0);
    while (pcap.length < 24 + 16) {
      const { value, done } = await reader.read();
      if (done) break;
      pcap = Buffer.concat([pcap, value]);
    }
    await reader.cancel();
    expect(pcap.readUInt32LE(0)).toBe(0xa1b2c3d4);
    expect(pcap.length).toBeGreaterThanOrEqual(24 + 16);
    await page.getByRole("button", { name: "Stop capture" }).click();
    await download.waitFor({ state: "detached", timeout: SHOWN_WITHIN_MS });
    await shown(`${linkOf(0)}[data-state="filtered"]`);
  }, STEP_TIMEOUT_MS);

  it("suspends the link from the page, and the topology marks it", async () => {
    await page.getByRole("button", { name: "Suspend" }).click();
    await shown(`${linkOf(0)}[data-state="suspended"]`);
    expect((await api("GET", `/v2/projects/${path.projectId}/links/${path.linkIds[0]}`)).body.suspend).toBe(true);
    await page.getByRole("button", { name: "Resume" }).waitFor({ timeout: SHOWN_WITHIN_MS });
    await screenshot("6-suspended");
    peers[0].stopSending();
  }, STEP_TIMEOUT_MS);

  it("says when the server is gone, and comes back with it", async () => {
    const port = new URL(controller.url).port;
    await controller.stop();
    await shown('body[data-notifications="dropped"] #banner:not([hidden])');
    await screenshot("7-server-gone");
    controller = await startController(port);
    await shown('body[data-notifications="open"] #banner[hidden]');
    await shown(`${linkOf(0)}[data-state="suspended"]`);
    expect(await page.locator("#topology .node").count()).toBe(3);
  }, STEP_TIMEOUT_MS);

  // Chromium itself logs each failed network request: the refused filter's 400 (shown on the
  // page), and each reconnection tried while the server was down. The page's code logs nothing.
  it("logged no error in the page's console but the network failures it was shown", () => {
    const refused = "Failed to load resource: the server responded with a status of 400 (Bad Request)";
    const reconnecting = /^WebSocket connection to '.*\/notifications\/ws(\?observer=true)?' failed: .*ERR_CONNECTION_REFUSED$/;
    expect(tab.errors.filter((error) => error === refused)).toHaveLength(1);
    expect(tab.errors.filter((error) => error !== refused && !reconnecting.test(error))).toEqual([]);
  });
});
