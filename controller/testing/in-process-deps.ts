import { existsSync } from "node:fs";
import { join } from "node:path";
import { GNS3_VERSION, type ControllerDeps } from "../deps";
import { LocalEventBus } from "../events/event-bus";
import { DiskFileStore } from "../files/disk-file-store";
import { DiskLoadableFolders } from "../files/disk-loadable-folders";
import { nodeLocalHost } from "../runtime/local-host";
import { MemoryKeyValueStore } from "../store/memory-kv";
import { TopologyFileSaver, writeTopologyFile } from "../services/topology-file";

/** Both targets ping idle notification streams this often, so tests need not wait GNS3's 5 s. */
export const TEST_NOTIFICATION_PING_MS = 1000;

export function inProcessDeps(dataDir: string): ControllerDeps {
  const deps: ControllerDeps = {
    config: {
      version: GNS3_VERSION,
      local: true,
      consoleHost: "127.0.0.1",
      projectsDir: join(dataDir, "projects"),
      notificationPingIntervalMs: TEST_NOTIFICATION_PING_MS,
      tokenSecret: crypto.randomUUID(),
    },
    store: new MemoryKeyValueStore(),
    events: new LocalEventBus(),
    files: new DiskFileStore(dataDir),
    newId: () => crypto.randomUUID(),
    loadableFolders: new DiskLoadableFolders([join(dataDir, "projects")]),
    hostInterfaces: () => ["eth0", "eth1"],
    requestShutdown: () => {},
    usage: () => ({ cpu_usage_percent: 1.5, memory_usage_percent: 10.5 }),
    // GNS3's default port: in process no server listens.
    localHost: nodeLocalHost({ port: 3080, dataDir, usage: () => ({ cpu_usage_percent: 1.5 }) }),
  };
  // Tests remove their data dir without stopping anything: a .gns3 file due after that is not written.
  deps.topologyFiles = new TopologyFileSaver(async (projectId) => {
    if (existsSync(dataDir)) await writeTopologyFile(deps, projectId);
  });
  return deps;
}
