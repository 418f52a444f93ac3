/**
 * A daemon for route tests that only reports its machine's facts: it dials the controller as
 * a host, runs nothing, and tells the facts the test decides, again whenever they change.
 */
import type { TestContext } from "vitest";
import type { DesiredHostState, HostFacts, ItemError } from "@shared/proto";
import { ControlClient } from "../../dataplane/control/client";
import type { HostFactsSource } from "../../dataplane/control/host-facts";
import type { ApiClient } from "./api-targets";

/** A daemon's machine as the test decides it: its facts change when the test says. */
export class MachineFacts implements HostFactsSource {
  private changed: (() => void) | undefined;
  constructor(public facts: HostFacts) {}
  async read(): Promise<HostFacts> {
    return this.facts;
  }
  watch(changed: () => void): () => void {
    this.changed = changed;
    return () => (this.changed = undefined);
  }
  change(facts: Partial<HostFacts>): void {
    this.facts = { ...this.facts, ...facts };
    this.changed?.();
  }
}

const nothingToRun = { apply: async (_state: DesiredHostState): Promise<ItemError[]> => [] };

export interface ReportingDaemon {
  api: ApiClient;
  context: TestContext;
  hostId: string;
  facts: MachineFacts;
  /** The controller's --dataplane-token. */
  token: string;
  /** The test file's clean-ups (`cleanupAfterEach`). */
  later(step: () => unknown): void;
  tempDir(prefix: string): string;
}

/** Dials the controller as `hostId` and reports `facts`; skips the test in process, where no WebSocket can be dialled. */
export async function daemonReporting({ api, context, hostId, facts, token, later, tempDir }: ReportingDaemon): Promise<void> {
  if (api.baseUrl === undefined) return context.skip("the in-process target has no WebSocket for a daemon to dial");
  const client = new ControlClient({
    controllerUrl: api.baseUrl,
    hostId,
    token,
    tunnelAddress: "127.0.0.1",
    udpPortMin: 20000,
    udpPortMax: 20010,
    dataDir: tempDir("facts-daemon-"),
    reconciler: nothingToRun,
    hostFacts: facts,
  });
  later(() => client.stop());
  await client.start();
}
