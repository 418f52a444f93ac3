import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumMissing, launchChromium, type Chromium } from "../../controller/testing/browser";
import { openDashboardPage, SHOWN_WITHIN_MS, type DashboardPage } from "./dashboard-page";
import { until } from "./notifications";
import { startVpcsLab, type VpcsLab } from "./vpcs-lab";

const missing = chromiumMissing();
const STEP_TIMEOUT_MS = 90_000;

/**
 * A node's console on the dashboard, in Debian's Chromium, with real VPCS processes: PC1 and PC2
 * linked and addressed (10.0.0.1 and 10.0.0.2) through the API, then, from the page only, PC1
 * opened by keyboard, its console opened in the terminal, and `ping` typed there. The controller
 * runs as `npm start` and as `npm run start:worker`, each with its local daemon.
 */
describe.skipIf(missing !== undefined).each([
  { runtime: "Node", script: "start" as const },
  { runtime: "Workers (workerd)", script: "start:worker" as const },
])(`a VPCS console on the dashboard, controller on $runtime${missing ? ` — skipped: ${missing}` : ""}`, ({ runtime, script }) => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-dashboard-console-"));
  let lab: VpcsLab;
  let browser: Chromium;
  let tab: DashboardPage;
  const pc1 = () => lab.nodes[0]!;
  const terminalText = async () => (await tab.page.locator("#panel .xterm-rows").innerText()).replace(/\u00a0/g, " ");

  beforeAll(async () => {
    [lab, browser] = await Promise.all([startVpcsLab(dataDir, { script }), launchChromium()]);
    // VPCS serves one console client at a time and the lab holds PC1's: a restart frees it.
    for (const action of ["stop", "start"]) {
      const before = await lab.revision();
      expect((await lab.api("POST", `/v2/projects/${lab.projectId}/nodes/${pc1().node_id}/${action}`)).status).toBe(200);
      await lab.settled(before);
    }
    tab = await openDashboardPage(browser, `dashboard-console-${script}`);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await lab?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("opens PC1's console from its panel by keyboard and pings PC2 from the terminal", async () => {
    await tab.page.goto(`${lab.controller.url}/dashboard/#/projects/${lab.projectId}`);
    await tab.shown('body[data-notifications="open"]');
    await tab.page.locator(`#topology [data-id="${pc1().node_id}"]`).focus();
    await tab.page.keyboard.press("Enter");
    const consoleButton = tab.page.getByRole("button", { name: "Console" });
    await consoleButton.waitFor({ timeout: SHOWN_WITHIN_MS });
    expect(await consoleButton.isEnabled()).toBe(true);
    await consoleButton.focus();
    await tab.page.keyboard.press("Enter");
    await tab.shown('#panel .console-status[data-state="connected"]');
    await tab.shown("#panel .xterm-rows");
    // The terminal takes the focus as it opens: what is typed next goes to the node.
    await tab.shown("#panel .xterm-helper-textarea:focus");

    // VPCS runs its startup script for the first client to connect and loses what is typed
    // meanwhile: wait for its prompt to stay put for a second (Enter asks for it again).
    let seen = "";
    await until("PC1's prompt in the terminal, settled", async () => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const text = (await terminalText()).trimEnd();
      if (text.endsWith("PC1>") && text === seen) return true;
      if (text === seen) await tab.page.keyboard.press("Enter");
      seen = text;
      return false;
    }, SHOWN_WITHIN_MS);
    await tab.page.keyboard.type("ping 10.0.0.2 -c 3");
    await tab.page.keyboard.press("Enter");
    await until("three replies from PC2 in the terminal", async () => ((await terminalText()).match(/10\.0\.0\.2 icmp_seq=\d+ ttl=\d+ time=/g) ?? []).length >= 3, SHOWN_WITHIN_MS).catch(async (error) => {
      await tab.screenshot("failed-ping");
      throw new Error(`${error}; the terminal shows ${JSON.stringify(await terminalText())}`);
    });
    await tab.screenshot("1-ping-from-the-console");

    // Escape belongs to the node; Shift+Escape leaves the terminal for the panel's buttons.
    await tab.page.keyboard.press("Escape");
    expect(await tab.page.locator("#panel").isVisible()).toBe(true);
    await tab.page.keyboard.press("Shift+Escape");
    expect(await tab.page.locator("#panel button.console-button:focus").count()).toBe(1);
  }, STEP_TIMEOUT_MS);

  it("stops and starts PC1 from its panel: the console says it is gone, and reconnects", async () => {
    await tab.page.getByRole("button", { name: "Stop", exact: true }).click();
    await tab.shown('#panel .status[data-status="stopped"]');
    await tab.shown('#panel .console-status[data-state="disconnected"]');
    expect(await tab.page.getByRole("button", { name: "Console" }).isEnabled()).toBe(false);
    expect((await lab.api("GET", `/v2/projects/${lab.projectId}/nodes/${pc1().node_id}`)).body.status).toBe("stopped");
    await tab.screenshot("2-console-gone");
    await tab.page.getByRole("button", { name: "Start", exact: true }).click();
    await tab.shown('#panel .status[data-status="started"]');
    const prompts = async () => ((await terminalText()).match(/PC1>/g) ?? []).length;
    const before = await prompts();
    // A VPCS just started may take a moment to answer on its console port.
    await until("the console to reconnect", async () => {
      if ((await tab.page.locator('#panel .console-status[data-state="connected"]').count()) === 1) return true;
      const reconnect = tab.page.getByRole("button", { name: "Reconnect" });
      if (await reconnect.isVisible()) await reconnect.click();
      await new Promise((resolve) => setTimeout(resolve, 500));
      return false;
    }, SHOWN_WITHIN_MS);
    await until("a new prompt of PC1 after the restart", async () => {
      if ((await prompts()) > before) return true;
      await tab.page.keyboard.press("Enter");
      await new Promise((resolve) => setTimeout(resolve, 500));
      return false;
    }, SHOWN_WITHIN_MS);
  }, STEP_TIMEOUT_MS);

  // Chromium itself logs a console WebSocket refused while PC1 was stopped or starting (the
  // page shows it); the page's code logs nothing.
  it(`logged no error in the page's console (${runtime})`, () => {
    expect(tab.errors.filter((error) => !/^WebSocket connection to '.*\/console\/ws' failed/.test(error))).toEqual([]);
  });
});
