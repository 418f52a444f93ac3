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
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const vitest = (runArgs, env = process.env) =>
  spawnSync(process.execPath, [resolve(root, "node_modules/vitest/vitest.mjs"), "run", ...runArgs], { cwd: root, stdio: "inherit", env }).status ?? 1;
const DGRAM_PATH_FILES = ["dataplane/forwarding", "dataplane/host/host-reconciler.test.ts", "dataplane/nodes/ethernet-switch.test.ts", "dataplane/nodes/switchable-port.test.ts", "dataplane/nodes/vpcs.test.ts", "dataplane/capture"];

/** Fields of /proc/PID/stat after the command name: state first, start time (ticks since boot) 20th. */
function statOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return { comm: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), fields: stat.slice(stat.lastIndexOf(")") + 2).split(" ") };
  } catch {
    return undefined;
  }
}

const LAB_PROGRAMS = /^(vpcs|workerd|qemu-system-.*)$/;
const startedAt = Number(statOf(process.pid).fields[19]);

/**
 * Emulators, workerd and our servers started during the run and still alive once it is over: a
 * test left them behind. They are ended and named, and the run fails.
 */
function endLeftovers() {
  const left = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const stat = statOf(entry);
    if (!stat || stat.fields[0] === "Z" || Number(stat.fields[19]) < startedAt) continue;
    let argv = "";
    try {
      argv = readFileSync(`/proc/${entry}/cmdline`, "latin1").replaceAll("\0", " ").trim();
    } catch {
      continue;
    }
    const ours = LAB_PROGRAMS.test(stat.comm) || (stat.comm === "node" && /\.build\/|run-bundled\.mjs/.test(argv));
    if (!ours) continue;
    left.push(`${entry} ${argv}`);
    try {
      process.kill(Number(entry), "SIGKILL");
    } catch {
      // Ended meanwhile.
    }
  }
  if (left.length === 0) return 0;
  console.error(`tests left ${left.length} processes running (now ended):\n  ${left.join("\n  ")}`);
  return 1;
}

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
  const status = vitest(run) || endLeftovers();
  if (status !== 0) process.exit(status);
}
process.exit(vitest([...DGRAM_PATH_FILES, ...args], { ...process.env, GNS3_DATAPLANE_NATIVE: "0" }) || endLeftovers());
