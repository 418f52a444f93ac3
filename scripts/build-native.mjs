/**
 * Builds the dataplane's batched-UDP addon (dataplane/native) with node-gyp, from source,
 * against the headers of the Node that runs this script: `npm ci` runs it as the package's
 * `install` script. The addon is optional: when it cannot be built (no compiler, no headers)
 * this prints why and exits 0, and the daemon forwards with node:dgram instead.
 *   node scripts/build-native.mjs
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const addonDir = join(root, "dataplane", "native");

/** node-gyp ships inside npm; the npm running this script says where it is. */
function nodeGypScript() {
  const candidates = [];
  if (process.env.npm_execpath) candidates.push(join(dirname(process.env.npm_execpath), "..", "node_modules", "node-gyp", "bin", "node-gyp.js"));
  try {
    candidates.push(createRequire(import.meta.url).resolve("node-gyp/bin/node-gyp.js"));
  } catch {
    // Not a dependency of ours: npm's own copy is the usual one.
  }
  const npmRoot = spawnSync("npm", ["root", "-g"], { encoding: "utf8" }).stdout?.trim();
  if (npmRoot) candidates.push(join(npmRoot, "npm", "node_modules", "node-gyp", "bin", "node-gyp.js"));
  return candidates.find((candidate) => existsSync(candidate));
}

/** Headers installed beside the running Node (Debian's nodejs puts them in /usr/include/node): nothing to download. */
function localNodeDir() {
  const prefix = resolve(dirname(process.execPath), "..");
  return existsSync(join(prefix, "include", "node", "node_api.h")) ? prefix : undefined;
}

function skip(reason) {
  console.warn(`dataplane native addon not built (${reason}); the daemon will forward with node:dgram`);
  process.exit(0);
}

if (process.env.GNS3_DATAPLANE_NATIVE === "0") skip("GNS3_DATAPLANE_NATIVE=0");
const gyp = nodeGypScript();
if (!gyp) skip("node-gyp not found");
const nodeDir = localNodeDir();
if (!nodeDir) skip(`no Node headers beside ${process.execPath}`);
const build = spawnSync(process.execPath, [gyp, "rebuild", `--nodedir=${nodeDir}`, "--jobs=2"], { cwd: addonDir, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
if (build.status !== 0) {
  process.stderr.write(build.stdout ?? "");
  process.stderr.write(build.stderr ?? "");
  skip(`node-gyp exited with ${build.status ?? build.signal}`);
}
console.log(`dataplane native addon built: ${join(addonDir, "build", "Release", "udp_batch.node")}`);
