import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { apiAt, type Api } from "./cloud-lab";
import { startDaemonProcess, type DaemonOptions, type DaemonProcess } from "./daemon-process";

export interface HandStartedLab {
  /** A shared dataplane token for the controller's `--dataplane-token`. */
  token: string;
  api: Api;
  /** `npm start` with no local daemon and the shared token, its output kept; `extraArgs` after those. */
  startController(extraArgs?: string[]): Promise<ControllerProcess>;
  /** A daemon with a data dir of its own under the lab's folder; it dials `controllerUrl` when given (the controller's own URL otherwise). */
  startDaemon(name: string, options: Omit<DaemonOptions, "dataDir" | "controllerUrl"> & { controllerUrl?: string }): Promise<DaemonProcess>;
}

/**
 * A controller and daemons started by hand, as an operator starts them on several hosts, in
 * one temporary folder: all stopped, and the folder removed, after the test file.
 */
export function handStartedLab(prefix: string): HandStartedLab {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const token = randomBytes(16).toString("hex");
  const daemons: DaemonProcess[] = [];
  let controller: ControllerProcess | undefined;
  afterAll(async () => {
    await Promise.all(daemons.map((daemon) => daemon.stop()));
    await controller?.stop();
    rmSync(root, { recursive: true, force: true });
  });
  return {
    token,
    api: apiAt(() => controller!.url),
    async startController(extraArgs = []) {
      const args = ["--port", "0", "--data-dir", join(root, "controller"), "--dataplane-token", token, "--no-local-dataplane", ...extraArgs];
      controller = await startControllerProcess(args, {}, "start", { captureOutput: true });
      return controller;
    },
    async startDaemon(name, options) {
      const dataDir = join(root, name);
      mkdirSync(dataDir, { recursive: true });
      const started = await startDaemonProcess({ controllerUrl: controller!.url, dataDir, ...options });
      daemons.push(started);
      return started;
    },
  };
}
