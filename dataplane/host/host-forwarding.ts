import { NodeKind } from "@shared/proto";
import type { Forwarding } from "../daemon";
import { logUdpPath } from "../forwarding/native-udp";
import { NatNetworks } from "../host-network/nat-network";
import { CloudRuntime } from "./cloud-runtime";
import { HubRuntime, SwitchRuntime } from "./device-runtimes";
import { HostReconciler, type NodeRuntimeFactories } from "./host-reconciler";
import { startMetricsServer } from "./metrics-server";
import { natNodeFactory } from "./nat-runtime";

/** GNS3's NAT node expects libvirt's default network; a host without virbr0 gets one like it. */
export const NAT_DEFAULTS = { bridge: "gns3nat0", gateway: "192.168.122.1/24" };

export interface HostForwardingOptions {
  dataDir: string;
  /** 0: no metrics endpoint. */
  metricsPort: number;
  metricsHost?: string;
  /** Extra node kinds: VPCS, which runs a program of the host, is added by the daemon's command line. */
  extraFactories?: NodeRuntimeFactories;
  /** The NAT network the daemon makes when the host has no virbr0 (default: NAT_DEFAULTS). */
  nat?: { bridge: string; gateway: string };
}

/** The daemon's forwarding core: the reconciler over this host's node runtimes, its counters and `/metrics`. */
export async function createHostForwarding(options: HostForwardingOptions): Promise<Forwarding & { metricsPort: number | null }> {
  logUdpPath();
  const natNetworks = new NatNetworks({ dataDir: options.dataDir, ...(options.nat ?? NAT_DEFAULTS) });
  await natNetworks.clearLeftovers();
  const reconciler = new HostReconciler(
    {
      [NodeKind.CLOUD]: (spec) => CloudRuntime.start(spec),
      [NodeKind.NAT]: natNodeFactory(natNetworks),
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
      await natNetworks.close();
    },
  };
}
