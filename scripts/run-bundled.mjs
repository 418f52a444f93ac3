/**
 * Runs a TypeScript entry point as one bundled ES module under plain Node: no TypeScript
 * loader in the running process (tsx costs ~30 MiB and a loader thread in a server that stays
 * up for weeks), and startup reads one file. Dependencies stay external, loaded from
 * node_modules as usual.
 *   node scripts/run-bundled.mjs controller/runtime/cli.ts -- --port 3080
 * With --bundle-only it writes the bundle, prints its path and exits, for a supervisor that
 * starts the bundle itself (again and again, without bundling each time).
 *   node scripts/run-bundled.mjs --bundle-only dataplane/cli.ts
 */
import { build, stop } from "esbuild";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(import.meta.dirname, "..");
const bundleOnly = process.argv[2] === "--bundle-only";
const [entry, ...rest] = process.argv.slice(bundleOnly ? 3 : 2);
if (!entry) {
  console.error("usage: node scripts/run-bundled.mjs [--bundle-only] <entry.ts> [-- args]");
  process.exit(2);
}
// Named after the entry's path (controller/runtime/cli.ts and dataplane/cli.ts must not share a
// file), and replaced by a rename: processes starting the same entry at once (two daemons) each
// import a whole bundle, never one another is still writing.
const outfile = join(root, ".build", `${relative(root, resolve(root, entry)).replace(/\.ts$/, "").replaceAll(/[\\/]/g, "-")}.mjs`);
await writeBundle();
if (bundleOnly) {
  console.log(outfile);
  process.exit(0);
}
process.argv = [process.argv[0], outfile, ...(rest[0] === "--" ? rest.slice(1) : rest)];
await import(pathToFileURL(outfile).href);

/**
 * Bundles `entry` into `outfile`, its map beside it. A function, so the built files are
 * garbage once written: held at the module's top level, they would stay in the server's
 * memory (the bundle and its map, 1.9 MiB for the controller) for as long as it runs.
 */
async function writeBundle() {
  const { outputFiles } = await build({
    entryPoints: [resolve(root, entry)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // A map file beside the bundle, naming the sources without their text: an inline map would
    // keep the sources and the map in the server's memory twice over for as long as it runs
    // (13 MiB of the controller's heap); stack traces read the sources from the checkout.
    sourcemap: "linked",
    sourcesContent: false,
    logLevel: "warning",
    write: false,
  });
  // esbuild's service process would otherwise live as long as the server, holding 80-120 MiB.
  await stop();
  mkdirSync(join(root, ".build"), { recursive: true });
  // The map first: a bundle in place never names a map that is not.
  const isMap = (file) => file.path.endsWith(".map");
  for (const file of [...outputFiles.filter(isMap), ...outputFiles.filter((file) => !isMap(file))]) {
    const staging = `${file.path}.${process.pid}.tmp`;
    writeFileSync(staging, file.contents);
    renameSync(staging, file.path);
  }
}
