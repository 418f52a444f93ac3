import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { build, stop } from "esbuild";

/** The checkout's root: the folder holding wrangler.toml, found from here whether bundled or not. */
export function projectRoot(from = import.meta.dirname): string {
  for (let folder = from; ; folder = dirname(folder)) {
    if (existsSync(join(folder, "wrangler.toml"))) return folder;
    if (dirname(folder) === folder) throw new Error(`no wrangler.toml above ${from}`);
  }
}

/**
 * Bundles a Worker entry (the controller's, by default into .build/worker.mjs) for workerd, not
 * Node: platform neutral with no Node built-ins, so a Node-only module (the disk store, LMDB,
 * the Node runtime) reaching the Worker fails the build here, in the tests, not at deploy.
 */
export async function buildWorkerBundle(
  outfile = join(projectRoot(), ".build", "worker.mjs"),
  entry = join(projectRoot(), "controller/runtime/worker.ts"),
): Promise<string> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    // workerd's own modules, provided by the runtime.
    external: ["cloudflare:*"],
    mainFields: ["module", "main"],
    format: "esm",
    target: "es2022",
    sourcemap: "inline",
    logLevel: "warning",
  });
  // esbuild's service process would otherwise stay beside the Worker for its whole life (~115 MiB).
  await stop();
  return outfile;
}
