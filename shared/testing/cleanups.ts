import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";

/**
 * What each test of the file made, undone after it in reverse order, whether it passed or
 * not: servers closed, clients stopped, folders removed.
 */
export function cleanupAfterEach() {
  const steps: Array<() => unknown> = [];
  afterEach(async () => {
    for (const step of steps.splice(0).reverse()) await step();
  });
  return {
    later(step: () => unknown): void {
      steps.push(step);
    },
    /** A fresh folder under the system's temporary one, removed after the test. */
    tempDir(prefix: string): string {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      steps.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
  };
}

/** Polls `probe` every 20 ms until it answers something truthy, which it resolves with. */
export async function waitFor<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
