import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot } from "./worker-bundle";

const outdir = mkdtempSync(join(tmpdir(), "gns3-wrangler-"));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/**
 * What `npm run deploy:worker` would upload, built by wrangler itself from wrangler.toml
 * without contacting Cloudflare: the configuration parses, the entry bundles for Workers, and
 * every binding the code expects is declared.
 */
describe("wrangler deploy --dry-run", () => {
  it("bundles the Worker with the bindings its objects use", async () => {
    const { stdout } = await promisify(execFile)(join(projectRoot(), "node_modules/.bin/wrangler"), ["deploy", "--dry-run", "--outdir", outdir], {
      cwd: projectRoot(),
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
      timeout: 120_000,
    });
    for (const binding of ["DIRECTORY: DirectoryObject", "PROJECTS: ProjectObject", "COMPUTES: ComputeObject", "FILES: gns3-controller-files"]) {
      expect(stdout).toContain(binding);
    }
    const bundle = readFileSync(join(outdir, "worker.js"), "utf8");
    expect(bundle).toMatch(/export\s*\{[^}]*\bDirectoryObject\b/);
    // Node-only modules must not reach the Worker.
    expect(bundle).not.toMatch(/from\s*["']node:|require\(["'](lmdb|node:)/);
  }, 130_000);
});
