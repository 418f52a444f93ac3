/**
 * `npm test`: the whole suite, as CI runs it, in five runs: everything but the end-to-end, load
 * and wire-fuzz tests (in parallel), then the end-to-end tests one file at a time (each starts
 * real controllers, daemons and VPCS processes), then the load test and the wire fuzzer, each
 * alone on the machine, then the tests whose frames cross UDP tunnels once more on node:dgram
 * (GNS3_DATAPLANE_NATIVE=0), the path of a host without the native addon, so both paths pass
 * the same tests.
 * `npm test -- FILE…` runs only the files named (any of the kinds), in one run; other
 * vitest options (`-t NAME`, `--reporter verbose`) are passed on.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const vitest = (runArgs, env = process.env) =>
  spawnSync(process.execPath, [resolve(root, "node_modules/vitest/vitest.mjs"), "run", ...runArgs], { cwd: root, stdio: "inherit", env }).status ?? 1;
const DGRAM_PATH_FILES = ["dataplane/forwarding", "dataplane/host/host-reconciler.test.ts", "dataplane/nodes/ethernet-switch.test.ts", "dataplane/nodes/switchable-port.test.ts", "dataplane/nodes/vpcs.test.ts", "dataplane/capture"];

const namesFiles = args.some((arg) => !arg.startsWith("-") && (arg.endsWith(".ts") || existsSync(resolve(root, arg))));
if (namesFiles) process.exit(vitest(args));

const WIRE_FUZZ = "controller/fuzz/wire";
const runs = [
  ["--exclude", "dataplane/e2e/**", "--exclude", "controller/runtime/load.test.ts", "--exclude", `${WIRE_FUZZ}/**`, ...args],
  ["dataplane/e2e", "--no-file-parallelism", ...args],
  ["controller/runtime/load.test.ts", ...args],
  [WIRE_FUZZ, "--no-file-parallelism", ...args],
];
for (const run of runs) {
  const status = vitest(run);
  if (status !== 0) process.exit(status);
}
process.exit(vitest([...DGRAM_PATH_FILES, ...args], { ...process.env, GNS3_DATAPLANE_NATIVE: "0" }));
