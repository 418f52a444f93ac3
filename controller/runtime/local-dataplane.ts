import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

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
const RESTART_DELAYS_MS = [200, 500, 1000, 2000, 5000];

/**
 * `npm start`'s own dataplane daemon, host id `local`, as a child process: forwarding gets an
 * event loop of its own (API load cannot delay frames) and a daemon crash cannot take the
 * controller down. It is restarted with backoff when it dies, and it shares the controller's
 * data dir, so the captures it writes are the files `GET …/pcap` streams.
 */
export function startLocalDataplane(options: LocalDataplaneOptions): LocalDataplane {
  const root = projectRoot();
  let child: ChildProcess | undefined;
  let stopping = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  const launch = (): void => {
    const startedAt = Date.now();
    child = spawn(
      process.execPath,
      [
        "--enable-source-maps",
        join(root, "scripts", "run-bundled.mjs"),
        "dataplane/cli.ts",
        "--",
        "--controller", options.controllerUrl,
        "--host-id", "local",
        "--data-dir", options.dataDir,
        "--udp-ports", options.udpPorts,
        "--metrics-port", options.metricsPort,
      ],
      { cwd: root, env: { ...process.env, DATAPLANE_TOKEN: options.token }, stdio: ["ignore", "inherit", "inherit"] },
    );
    child.once("exit", (code, signal) => {
      child = undefined;
      if (stopping) return;
      failures = Date.now() - startedAt > 30_000 ? 0 : failures + 1;
      const delay = RESTART_DELAYS_MS[Math.min(failures, RESTART_DELAYS_MS.length - 1)]!;
      console.error(JSON.stringify({ level: "warn", msg: "local dataplane exited, restarting", code, signal, delayMs: delay }));
      timer = setTimeout(launch, delay);
    });
  };
  launch();

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
