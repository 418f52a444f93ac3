/**
 * `npm test`: the whole suite, as CI runs it, in six runs: everything but the end-to-end, load
 * and wire-fuzz tests (in parallel), then the end-to-end tests one file at a time (each starts
 * real controllers, daemons and VPCS processes), then the load test and the wire fuzzer, each
 * alone on the machine, then the tests whose frames cross UDP tunnels once more on node:dgram
 * (GNS3_DATAPLANE_NATIVE=0), the path of a host without the native addon, so both paths pass
 * the same tests, and the forwarding tests once more with the addon's forwarding threads off
 * (GNS3_DATAPLANE_THREADS=0), as on a one-core host, where the main thread forwards everything.
 * `npm test -- FILE…` runs only the files named (any of the kinds), in one run; other
 * vitest options (`-t NAME`, `--reporter verbose`) are passed on.
 */
import { spawnSync } from "node:child_process";
import { request } from "node:http";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const vitest = (runArgs, env = process.env) =>
  spawnSync(process.execPath, [resolve(root, "node_modules/vitest/vitest.mjs"), "run", ...runArgs], { cwd: root, stdio: "inherit", env }).status ?? 1;
const DGRAM_PATH_FILES = [
  "dataplane/forwarding",
  "dataplane/host/host-reconciler.test.ts",
  "dataplane/nodes/ethernet-switch.test.ts",
  "dataplane/nodes/ethernet-hub.test.ts",
  "dataplane/nodes/switchable-port.test.ts",
  "dataplane/nodes/vpcs.test.ts",
  "dataplane/capture",
];

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
 * Every process the run starts inherits this mark in its environment (the test helpers pass
 * theirs on), so the leftover check ends only what this run started: a server and its lab run
 * beside `npm test` by hand are not ours to end.
 */
const RUN_MARK = `GNS3_TEST_RUN=${process.pid}`;
process.env.GNS3_TEST_RUN = String(process.pid);

function startedByThisRun(pid) {
  try {
    return readFileSync(`/proc/${pid}/environ`, "latin1").split("\0").includes(RUN_MARK);
  } catch {
    return false;
  }
}

/**
 * Emulators, workerd and our servers this run started and still alive once it is over: a test
 * left them behind. They are ended and named, and the run fails.
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
    if (!ours || !startedByThisRun(entry)) continue;
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

/** The label our daemons give their containers (dataplane/docker/container-config.ts). */
const DATA_DIR_LABEL = "org.gns3.dataplane.data-dir";

/**
 * Containers of a daemon whose data dir is gone (a test's, removed at its end) that are still on
 * the engine at DOCKER_HOST: a test left them behind. They are removed and named, and the run
 * fails. A container of a data dir that still exists (a lab of yours on the same engine) is
 * not touched. Without an engine there is nothing to look at.
 */
async function removeLeftoverContainers() {
  const dockerHost = process.env.DOCKER_HOST || "unix:///var/run/docker.sock";
  if (!dockerHost.startsWith("unix://")) return 0;
  const socketPath = dockerHost.slice("unix://".length);
  const call = (method, path) =>
    new Promise((resolvePromise, reject) => {
      const sent = request({ socketPath, method, path, headers: { host: "docker" }, timeout: 10_000 }, (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolvePromise(text ? JSON.parse(text) : null));
      });
      sent.on("error", reject).on("timeout", () => sent.destroy(new Error("timeout")));
      sent.end();
    });
  let containers;
  try {
    containers = await call("GET", `/containers/json?all=1&filters=${encodeURIComponent(JSON.stringify({ label: [DATA_DIR_LABEL] }))}`);
  } catch {
    return 0;
  }
  const orphans = containers.filter((container) => !existsSync(container.Labels[DATA_DIR_LABEL]));
  if (orphans.length === 0) return 0;
  await Promise.all(orphans.map((container) => call("DELETE", `/containers/${container.Id}?force=1&v=1`).catch(() => null)));
  console.error(`tests left ${orphans.length} containers (now removed):\n  ${orphans.map((container) => container.Names[0]).join("\n  ")}`);
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
  const status = vitest(run) || endLeftovers() || (await removeLeftoverContainers());
  if (status !== 0) process.exit(status);
}
const dgramStatus = vitest([...DGRAM_PATH_FILES, ...args], { ...process.env, GNS3_DATAPLANE_NATIVE: "0" }) || endLeftovers();
if (dgramStatus !== 0) process.exit(dgramStatus);
process.exit(vitest(["dataplane/forwarding", "dataplane/nodes/ethernet-hub.test.ts", ...args], { ...process.env, GNS3_DATAPLANE_THREADS: "0" }) || endLeftovers());
