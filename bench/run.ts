/**
 * Runs the benchmarks one after another (never two at once: they share two cores).
 * `npm run bench` runs all; `npm run bench -- controller bpf` runs the named ones.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const folder = import.meta.dirname;
const available = readdirSync(folder)
  .filter((file) => file.endsWith(".bench.ts"))
  .map((file) => file.replace(/\.bench\.ts$/, ""))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(", ")}; available: ${available.join(", ")}`);
  process.exit(2);
}
let failed = false;
for (const name of wanted.length > 0 ? wanted : available) {
  console.log(`\n## ${name}`);
  const run = spawnSync(process.execPath, ["--import", "tsx", join(folder, `${name}.bench.ts`)], { stdio: "inherit" });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
