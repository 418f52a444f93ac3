import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import type { FlagDefinition } from "@shared/cli/flags";
import { createLogger } from "@shared/logging/logger";
import { EXIT_REFUSED } from "@shared/cli/operator-error";

const log = createLogger("controller.local-dataplane");

/** The flags of the daemon that `npm start` and `npm run start:worker` run beside the controller. */
export const LOCAL_DATAPLANE_FLAGS = [
  {
    name: "dataplane-token",
    type: "string",
    value: "TOKEN",
    env: "DATAPLANE_TOKEN",
    defaultText: "a random one only the local daemon knows",
    description: "secret the dataplane daemons of other hosts present",
  },
  { name: "no-local-dataplane", type: "boolean", env: "CONTROLLER_LOCAL_DATAPLANE", envOn: "0", description: "do not start the local dataplane daemon, host id local" },
  { name: "udp-ports", type: "string", value: "FIRST-LAST", default: "20000-30000", env: "DATAPLANE_UDP_PORTS", description: "UDP ports of the local daemon's link tunnels" },
  {
    name: "dataplane-metrics-port",
    type: "string",
    value: "PORT",
    default: "0",
    env: "DATAPLANE_METRICS_PORT",
    description: "loopback port of the local daemon's Prometheus /metrics, 0 for none",
  },
] as const satisfies readonly FlagDefinition[];

export interface LocalDataplaneOptions {
  controllerUrl: string;
  token: string;
  dataDir: string;
  udpPorts: string;
  /** Where the daemon serves Prometheus `/metrics` on loopback; "0": not served. */
  metricsPort: string;
}

export interface LocalDataplane {
  stop(): Promise<void>;
}

/** The checkout: this module runs from controller/runtime/ or bundled in .build/. */
function projectRoot(): string {
  let folder = import.meta.dirname;
  while (!existsSync(join(folder, "scripts", "run-bundled.mjs"))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error("cannot find scripts/run-bundled.mjs above " + import.meta.dirname);
    folder = parent;
  }
  return folder;
}

/**
 * Waits before a restart, by number of quick exits in a row. The first exit (kill -9, the OOM
 * killer) is restarted at once, since the host forwards nothing until a daemon runs again; a
 * daemon that keeps dying is restarted less and less often rather than spinning.
 */
const RESTART_DELAYS_MS = [0, 200, 500, 1000, 2000, 5000];
/** A daemon that ran this long was healthy: its exit starts the backoff afresh. */
const HEALTHY_RUN_MS = 30_000;

/**
 * `npm start`'s own dataplane daemon, host id `local`, as a child process: forwarding gets an
 * event loop of its own (API load cannot delay frames) and a daemon crash cannot take the
 * controller down. It is restarted when it dies and re-applies the state it saved, and it shares
 * the controller's data dir, so the captures it writes are the files `GET …/pcap` streams.
 *
 * The daemon is bundled once, when first started, rather than at each start: a restart then
 * only starts Node on a ready file, which takes bundling (0.2–0.5 s) off the time the host
 * forwards nothing.
 */
export function startLocalDataplane(options: LocalDataplaneOptions): LocalDataplane {
  const root = projectRoot();
  /** Made by this controller: its first launch runs this checkout's code, never an older bundle. */
  let bundle: string | undefined;
  let child: ChildProcess | undefined;
  let stopping = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  const launch = async (): Promise<void> => {
    // Built again if it went away (a cleaned checkout): a restart must not depend on it staying.
    if (bundle === undefined || !existsSync(bundle)) bundle = await bundleDaemon(root);
    if (stopping) return;
    const startedAt = Date.now();
    child = spawn(
      process.execPath,
      [
        bundle,
        "--controller", options.controllerUrl,
        "--host-id", "local",
        "--data-dir", options.dataDir,
        "--udp-ports", options.udpPorts,
        "--metrics-port", options.metricsPort,
        "--exit-with-controller",
      ],
      // Its standard input is a pipe from this process: when this process ends, even by kill -9, the daemon stops its nodes and exits.
      { cwd: root, env: { ...process.env, DATAPLANE_TOKEN: options.token }, stdio: ["pipe", "inherit", "inherit"] },
    );
    child.once("exit", (code, signal) => {
      child = undefined;
      if (stopping) return;
      if (code === EXIT_REFUSED) {
        log.error("the local dataplane was refused for good and is not restarted: its last line says why");
        return;
      }
      if (Date.now() - startedAt > HEALTHY_RUN_MS) failures = 0;
      restartLater("local dataplane exited, restarting", { code, signal });
    });
  };
  const run = (): void => {
    launch().catch((error) => restartLater("cannot start the local dataplane", { error: String(error) }));
  };
  const restartLater = (msg: string, fields: Record<string, unknown>): void => {
    if (stopping) return;
    const delay = RESTART_DELAYS_MS[Math.min(failures, RESTART_DELAYS_MS.length - 1)]!;
    failures += 1;
    log.warn(msg, { ...fields, delay_ms: delay });
    timer = setTimeout(run, delay);
  };
  run();

  return {
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        clearTimeout(timer);
        if (!child) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** The daemon's bundle, made by scripts/run-bundled.mjs as `npm run dataplane` makes it; its path. */
async function bundleDaemon(root: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(root, "scripts", "run-bundled.mjs"), "--bundle-only", "dataplane/cli.ts"], { cwd: root });
  return stdout.trim();
}
