import { NodeKind } from "@shared/proto";
import type { Forwarding } from "../daemon";
import { logUdpPath } from "../forwarding/native-udp";
import { CloudRuntime } from "./cloud-runtime";
import { HubRuntime, SwitchRuntime } from "./device-runtimes";
import { HostReconciler, type NodeRuntimeFactories } from "./host-reconciler";
import { startMetricsServer } from "./metrics-server";

export interface HostForwardingOptions {
  dataDir: string;
  /** 0: no metrics endpoint. */
  metricsPort: number;
  metricsHost?: string;
  /** Extra node kinds: VPCS, which runs a program of the host, is added by the daemon's command line. */
  extraFactories?: NodeRuntimeFactories;
}

/** The daemon's forwarding core: the reconciler over this host's node runtimes, its counters and `/metrics`. */
export async function createHostForwarding(options: HostForwardingOptions): Promise<Forwarding & { metricsPort: number | null }> {
  logUdpPath();
  const reconciler = new HostReconciler(
    {
      [NodeKind.CLOUD]: (spec) => CloudRuntime.start(spec),
      [NodeKind.ETHERNET_SWITCH]: async (spec) => new SwitchRuntime(spec),
      [NodeKind.ETHERNET_HUB]: async (spec) => new HubRuntime(spec),
      ...options.extraFactories,
    },
    { dataDir: options.dataDir },
  );
  const metrics = options.metricsPort > 0 ? await startMetricsServer(options.metricsPort, options.metricsHost ?? "127.0.0.1", () => reconciler.metrics()) : null;
  return {
    reconciler,
    counters: () => reconciler.counters(),
    metricsPort: metrics?.port ?? null,
    close: async () => {
      await metrics?.close();
      await reconciler.close();
    },
  };
}
