import type { CountersReport } from "@shared/proto";
import { ControlClient, type ControlClientOptions, type Reconciler } from "./control/client";
import type { HostFactsSource } from "./control/host-facts";

export type { Reconciler } from "./control/client";

export type DaemonOptions = Pick<
  ControlClientOptions,
  "controllerUrl" | "hostId" | "token" | "tunnelAddress" | "udpPortMin" | "udpPortMax" | "dataDir" | "name"
>;

/** What the forwarding core gives the daemon: the reconciler, its counters and its machine's facts for the controller. */
export interface Forwarding {
  reconciler: Reconciler;
  counters?: () => CountersReport;
  hostFacts?: HostFactsSource;
  close?: () => Promise<void>;
}

export interface RunningDaemon {
  client: ControlClient;
  stop(): Promise<void>;
}

export const DAEMON_VERSION = "0.1.0";

/**
 * One dataplane daemon: the control client feeding the forwarding core. The core is the seam:
 * `createForwarding` builds it from the daemon's options (the forwarding engineers fill it in;
 * tests pass a fake).
 */
export async function startDaemon(
  options: DaemonOptions,
  createForwarding: (options: DaemonOptions) => Forwarding | Promise<Forwarding>,
): Promise<RunningDaemon> {
  const forwarding = await createForwarding(options);
  const client = new ControlClient({
    controllerUrl: options.controllerUrl,
    hostId: options.hostId,
    token: options.token,
    tunnelAddress: options.tunnelAddress,
    udpPortMin: options.udpPortMin,
    udpPortMax: options.udpPortMax,
    name: options.name ?? options.hostId,
    daemonVersion: DAEMON_VERSION,
    dataDir: options.dataDir,
    reconciler: forwarding.reconciler,
    ...(forwarding.counters ? { countersSource: forwarding.counters } : {}),
    ...(forwarding.hostFacts ? { hostFacts: forwarding.hostFacts } : {}),
  });
  await client.start();
  return {
    client,
    stop: async () => {
      await client.stop();
      await forwarding.close?.();
    },
  };
}
