/**
 * Runs a TypeScript entry point as one bundled ES module under plain Node: no TypeScript
 * loader in the running process (tsx costs ~30 MiB and a loader thread in a server that stays
 * up for weeks), and startup reads one file. Dependencies stay external, loaded from
 * node_modules as usual.
 *   node scripts/run-bundled.mjs controller/runtime/cli.ts -- --port 3080
 */
import { build } from "esbuild";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(import.meta.dirname, "..");
const [entry, ...rest] = process.argv.slice(2);
if (!entry) {
  console.error("usage: node scripts/run-bundled.mjs <entry.ts> [-- args]");
  process.exit(2);
}
const outfile = join(root, ".build", `${basename(entry, ".ts")}.mjs`);
await build({
  entryPoints: [resolve(root, entry)],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "inline",
  logLevel: "warning",
});
process.argv = [process.argv[0], outfile, ...(rest[0] === "--" ? rest.slice(1) : rest)];
await import(pathToFileURL(outfile).href);
