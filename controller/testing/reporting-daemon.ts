/**
 * A daemon for route tests that only reports its machine's facts: it dials the controller as
 * a host, runs nothing, and tells the facts the test decides, again whenever they change.
 */
import type { TestContext } from "vitest";
import type { DesiredHostState, ItemError } from "@shared/proto";
import { ControlClient } from "../../dataplane/control/client";
import type { SteeredFacts } from "../../dataplane/control/testing";
import type { ApiClient } from "./api-targets";

const nothingToRun = { apply: async (_state: DesiredHostState): Promise<ItemError[]> => [] };

export interface ReportingDaemon {
  api: ApiClient;
  context: TestContext;
  hostId: string;
  facts: SteeredFacts;
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
