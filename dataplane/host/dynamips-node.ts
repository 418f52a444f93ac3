import { createLogger } from "@shared/logging/logger";
import { DynamipsRouter } from "../dynamips/router";
import type { ImageFetcher } from "../nodes/qemu-image-fetch";
import { emulatorNodeAt, type Emulator } from "./emulator-node";
import { dynamipsFolders, imageStore } from "./node-folder";
import type { NodeRuntimeFactory } from "./node-runtime";

const log = createLogger("dataplane.dynamips");

/**
 * Runs Dynamips routers in folders under `<data dir>/dynamips/<project id>/<node id>`, with IOS
 * images from the image store (fetched from the controller by a daemon that does not share
 * its data dir, as QEMU's).
 */
export function dynamipsNodeFactory(options: { fetchImage?: ImageFetcher; executable?: string } = {}): NodeRuntimeFactory {
  return async (spec, context) => {
    const router = new DynamipsRouter(
      { nodeId: spec.nodeId, name: spec.name, consolePort: spec.consolePort },
      { ...dynamipsFolders(context.dataDir, spec.projectId, spec.nodeId), imageDir: imageStore(context.dataDir), log, ...options },
    );
    const emulator: Emulator = {
      name: "dynamips",
      process: router,
      configure: (next) => {
        if (next.dynamips === null) throw new Error("the controller sent no router settings");
        router.configure(next.dynamips, next.startupScript);
      },
      afterStart: async (next) => {
        await router.suspend(next.suspended);
        if (next.dynamips) await router.followIdlePc(next.dynamips);
      },
      report: () => ({ idlepc: router.idlePcReport() }),
      endpoint: (slot, port) => router.endpoint(slot, port),
      dispose: () => router.dispose(),
    };
    return emulatorNodeAt(emulator, spec, context);
  };
}
