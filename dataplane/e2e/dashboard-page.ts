import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import type { Chromium } from "../../controller/testing/browser";

/** Long enough for a loaded 2-core machine; each wait ends as soon as the page shows what it waits for. */
export const SHOWN_WITHIN_MS = 20_000;

/** A dashboard tab of a test, with what the page logged as errors and its screenshots. */
export interface DashboardPage {
  readonly page: Page;
  /** Errors the page's console logged, and exceptions it threw. */
  readonly errors: string[];
  /** Waits until `selector` is in the page. Locators, not evaluated expressions: the page's CSP forbids eval. */
  shown(selector: string, timeout?: number): Promise<void>;
  /** A screenshot under test-artifacts/{folder}/ (gitignored), kept for people to look at. */
  screenshot(name: string): Promise<void>;
}

export async function openDashboardPage(browser: Chromium, artifactsFolder: string): Promise<DashboardPage> {
  const artifacts = resolve(import.meta.dirname, "../../test-artifacts", artifactsFolder);
  mkdirSync(artifacts, { recursive: true });
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1400, height: 900 });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return {
    page,
    errors,
    shown: (selector, timeout = SHOWN_WITHIN_MS) => page.locator(selector).first().waitFor({ state: "attached", timeout }),
    screenshot: async (name) => {
      await page.screenshot({ path: join(artifacts, `${name}.png`) });
    },
  };
}
