import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumMissing, launchChromium, type Chromium } from "../../controller/testing/browser";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { apiAt, createCloudPath, waitForApplied, type Api, type CloudPath } from "./cloud-lab";
import { findLocalDaemon } from "./daemon-process";
import { openDashboardPage, SHOWN_WITHIN_MS, type DashboardPage } from "./dashboard-page";
import { until } from "./notifications";
import { UdpPeer, waitForArrivals } from "./udp-traffic";

const missing = chromiumMissing();
const FRAMES_PER_SECOND = 200;
/** A stopped daemon is declared gone after the controller's 15 s of silence, then seen at the page's next poll. */
const GONE_WITHIN_MS = 40_000;
const STEP_TIMEOUT_MS = 90_000;
/** A drawing whose text tries to run a script: shown as an image, it cannot. */
const DRAWING_SVG = '<svg height="60" width="120"><rect fill="#f5d76e" height="60" width="120" /><script>document.title = "owned"</script></svg>';

/**
 * The dashboard's host view and drawings in Debian's Chromium against `npm start` and its local
 * daemon: the local host shows as connected, forwarding more frames while traffic flows through
 * a cloud–hub–cloud path; a daemon that stops answering shows as unreachable, and connected
 * again when it comes back; drawings made through the API lie under the topology, live.
 */
describe.skipIf(missing !== undefined)(`the dashboard's hosts and drawings in Chromium${missing ? ` — skipped: ${missing}` : ""}`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-dashboard-hosts-"));
  const token = randomBytes(16).toString("hex");
  let controller: ControllerProcess;
  let browser: Chromium;
  let page: Page;
  let api: Api;
  let peers: [UdpPeer, UdpPeer];
  let path: CloudPath;
  let stoppedDaemon: number | undefined;
  let tab: DashboardPage;
  const shown = (selector: string, timeout?: number) => tab.shown(selector, timeout);
  const localHost = '#host-list tr[data-host-id="local"]';
  const forwardedFrames = async () => Number((await page.locator(`${localHost} .forwarded`).getAttribute("data-forwarded-frames")) ?? NaN);
  const screenshot = (name: string) => tab.screenshot(name);

  beforeAll(async () => {
    [controller, browser, peers] = await Promise.all([
      startControllerProcess(["--port", "0", "--data-dir", dataDir, "--dataplane-token", token]),
      launchChromium(),
      Promise.all([UdpPeer.open(), UdpPeer.open()]) as Promise<[UdpPeer, UdpPeer]>,
    ]);
    api = apiAt(controller.url);
    await waitForApplied(api, "local");
    path = await createCloudPath(api, [{ computeId: "local", peer: peers[0] }, { computeId: "local", peer: peers[1] }]);
    tab = await openDashboardPage(browser, "dashboard-hosts");
    page = tab.page;
  });

  afterAll(async () => {
    if (stoppedDaemon !== undefined) process.kill(stoppedDaemon, "SIGCONT");
    await Promise.all([browser?.close(), ...(peers ?? []).map((peer) => peer.close())]);
    await controller?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows the local host connected, forwarding more frames while traffic flows", async () => {
    await page.goto(`${controller.url}/`);
    // By keyboard, from the header's link.
    await page.getByRole("link", { name: "Hosts", exact: true }).focus();
    await page.keyboard.press("Enter");
    await shown(`${localHost}[data-state="connected"]`);
    expect(await page.locator(`${localHost} .host-state`).textContent()).toBe("Connected");

    peers[0].startSending(path.ports[0], FRAMES_PER_SECOND);
    await waitForArrivals(peers[1], FRAMES_PER_SECOND / 2, SHOWN_WITHIN_MS);
    const before = await forwardedFrames();
    await until("the page to show the host forwarding more frames", async () => (await forwardedFrames()) > before + FRAMES_PER_SECOND, SHOWN_WITHIN_MS);
    // Each frame crosses two links here (cloud → hub → cloud): about twice the rate sent.
    await shown(`${localHost} .forwarded[data-frames-per-second]:not([data-frames-per-second="0.0"])`);
    expect(await page.locator(`${localHost} .forwarded`).textContent()).toMatch(/^[\d,]+ frames\/s \([\d,]+ in all\)$/);
    expect(await page.locator(`${localHost} .problems`).textContent()).toBe("None");
    await screenshot("1-host-connected");
  }, STEP_TIMEOUT_MS);

  it("says the host is unreachable once its daemon stops answering, and connected again when it is back", async () => {
    stoppedDaemon = findLocalDaemon(controller.child.pid!);
    expect(stoppedDaemon).toBeDefined();
    process.kill(stoppedDaemon!, "SIGSTOP");
    await shown(`${localHost}[data-state="unreachable"]`, GONE_WITHIN_MS);
    expect(await page.locator(`${localHost} .host-state`).textContent()).toBe("Unreachable: its daemon is not connected");
    expect(await page.locator(`${localHost} .forwarded`).textContent()).toMatch(/^none: unreachable/);
    await screenshot("2-host-unreachable");

    process.kill(stoppedDaemon!, "SIGCONT");
    stoppedDaemon = undefined;
    await shown(`${localHost}[data-state="connected"]`, GONE_WITHIN_MS);
    peers[0].stopSending();
  }, STEP_TIMEOUT_MS);

  it("draws the project's drawings under the topology as images, live as the API changes them", async () => {
    const drawings = `/v2/projects/${path.projectId}/drawings`;
    const first = await api("POST", drawings, { svg: DRAWING_SVG, x: -200, y: -150, z: 0 });
    expect(first.status).toBe(201);
    await page.getByRole("link", { name: "Link dashboard" }).click();
    await page.getByRole("link", { name: (await api("GET", `/v2/projects/${path.projectId}`)).body.name }).click();
    await shown('body[data-notifications="open"]');
    const firstImage = page.locator(`#topology .drawings image[data-id="${first.body.drawing_id}"]`);
    await firstImage.waitFor({ state: "attached", timeout: SHOWN_WITHIN_MS });
    expect(await firstImage.getAttribute("href")).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(await firstImage.getAttribute("width")).toBe("120");

    // Made while the page shows the project: it comes by notification.
    const second = await api("POST", drawings, { svg: '<svg height="40" width="40"><ellipse cx="20" cy="20" rx="20" ry="20" fill="#9fd" /></svg>', x: 150, y: 100, z: 2, rotation: 45 });
    await shown(`#topology .drawings image[data-id="${second.body.drawing_id}"][transform="rotate(45 150 100)"]`);
    // Moved without its svg (the update then leaves it out of the event): still drawn, at its new place.
    expect((await api("PUT", `${drawings}/${first.body.drawing_id}`, { x: -260 })).status).toBe(201);
    await shown(`#topology .drawings image[data-id="${first.body.drawing_id}"][x="-260"]`);
    expect(await firstImage.getAttribute("href")).toMatch(/^data:image\/svg\+xml/);
    await screenshot("3-drawings");

    expect((await api("DELETE", `${drawings}/${second.body.drawing_id}`)).status).toBe(204);
    await page.locator(`#topology [data-id="${second.body.drawing_id}"]`).waitFor({ state: "detached", timeout: SHOWN_WITHIN_MS });
    expect(await page.locator("#topology script").count()).toBe(0);
    expect(await page.title()).not.toBe("owned");
  }, STEP_TIMEOUT_MS);

  it("redraws a moved node with its links, keeps the focus there, and takes a deleted node's links away", async () => {
    const nodes = (await api("GET", `/v2/projects/${path.projectId}/nodes`)).body as Array<{ node_id: string; name: string; width: number; height: number }>;
    const hub = nodes.find((node) => node.name === "Hub")!;
    const cloud2 = nodes.find((node) => node.name === "Cloud2")!;
    const hubOnPage = page.locator(`#topology [data-id="${hub.node_id}"]`);
    await hubOnPage.focus();
    expect((await api("PUT", `/v2/projects/${path.projectId}/nodes/${hub.node_id}`, { x: 400, y: 200 })).status).toBe(200);
    await shown(`#topology [data-id="${hub.node_id}"] image[x="400"]`);
    // Both links end at the hub's centre now, though only the node changed.
    for (const linkId of path.linkIds) await shown(`#topology [data-id="${linkId}"] line.wire[x2="${400 + hub.width / 2}"][y2="${200 + hub.height / 2}"]`);
    expect(await page.locator(":focus").getAttribute("data-id")).toBe(hub.node_id);

    expect((await api("DELETE", `/v2/projects/${path.projectId}/nodes/${cloud2.node_id}`)).status).toBe(204);
    await page.locator(`#topology [data-id="${path.linkIds[1]}"]`).waitFor({ state: "detached", timeout: SHOWN_WITHIN_MS });
    await page.locator(`#topology [data-id="${cloud2.node_id}"]`).waitFor({ state: "detached", timeout: SHOWN_WITHIN_MS });
    expect(await page.locator("#topology .node").count()).toBe(2);
    expect(await page.locator("#topology .link").count()).toBe(1);
  }, STEP_TIMEOUT_MS);

  it("logged no error in the page's console", () => {
    expect(tab.errors).toEqual([]);
  });
});
