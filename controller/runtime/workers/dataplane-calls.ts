import type { DockerFacts } from "@shared/proto";
import type { DataplaneControl, HostAnswer } from "../../deps";
import type { DataplaneEffect } from "../../domain/dataplane-effects";
import type { HostForwarded } from "../../dataplane/host-forwarded";
import { mergeLinkCountersSamples, type LinkCountersSample } from "../../domain/link-counters";
import { createLogger } from "@shared/logging/logger";
import type { ObjectStub } from "./object-stub";

const log = createLogger("controller.dataplane-calls");

/**
 * What the objects serving the API ask a host's object (workerd RPC on its stub). Each call
 * names the host: an object woken for a call does not know which name it was made for.
 */
export interface HostCalls {
  /** What the host runs changed and no one waits: send it what `effect` names, soon. */
  wake(effect: DataplaneEffect): Promise<void>;
  /** Sends the host the state carrying `effect` (whose hosts are this one alone) and resolves with its answer. */
  apply(hostId: string, effect: DataplaneEffect): Promise<HostAnswer>;
  /** The newest counters the host reported for the link; null when it reported none. */
  linkCounters(hostId: string, projectId: string, linkId: string): Promise<LinkCountersSample | null>;
  /** What the host forwarded in all; null before its first counters report. */
  hostForwarded(hostId: string): Promise<HostForwarded | null>;
  /** Ends the host's connection with `reason` (see DataplaneControl.dismiss). */
  dismiss(hostId: string, reason: string): Promise<void>;
  /** The host's Docker Engine as its daemon reads it now (see DataplaneControl.dockerFacts); null where that is undefined. */
  dockerFacts(hostId: string): Promise<DockerFacts | "absent" | null>;
}

/**
 * A capture file streams from the host's object as the body of its `fetch`, not through RPC:
 * a reader that leaves must reach the daemon, which then stops reading the file, and workerd
 * passes a response body's cancel back to the object, not an RPC stream's. Only objects make
 * this request: the Worker sends a host's object nothing but `/v2/dataplane/ws`.
 */
const CAPTURE_PATH = "/capture";

export function captureRequest(hostId: string, relativePath: string): Request {
  return new Request(`https://host${CAPTURE_PATH}?${new URLSearchParams({ host_id: hostId, path: relativePath })}`);
}

/** The host and file a `captureRequest` asks for; undefined for any other request. */
export function captureAsked(request: Request): { hostId: string; relativePath: string } | undefined {
  const url = new URL(request.url);
  const hostId = url.searchParams.get("host_id");
  if (url.pathname !== CAPTURE_PATH || !hostId) return undefined;
  return { hostId, relativePath: url.searchParams.get("path") ?? "" };
}

/**
 * The dataplane as the API's objects reach it on Workers: each host's hub lives in that host's
 * object, so a change is applied by asking every host concerned, in parallel, and a link's
 * counters are the merge of what its hosts' objects kept.
 */
export function dataplaneThroughObjects(hostObject: (hostId: string) => ObjectStub<HostCalls>): DataplaneControl {
  return {
    wake(effect: DataplaneEffect): void {
      for (const hostId of effect.hostIds) {
        hostObject(hostId)
          .wake({ ...effect, hostIds: [hostId] })
          .catch((error) => log.error("could not tell a dataplane host of a change", { host_id: hostId, error: String(error) }));
      }
    },
    apply(effect: DataplaneEffect): Promise<HostAnswer[]> {
      return Promise.all(effect.hostIds.map((hostId) => hostObject(hostId).apply(hostId, { ...effect, hostIds: [hostId] })));
    },
    async linkCounters(projectId: string, linkId: string, hostIds: readonly string[]): Promise<LinkCountersSample | undefined> {
      const samples = await Promise.all([...new Set(hostIds)].map((hostId) => hostObject(hostId).linkCounters(hostId, projectId, linkId)));
      return mergeLinkCountersSamples(samples.filter((sample): sample is LinkCountersSample => sample !== null));
    },
    async hostForwarded(hostId: string): Promise<HostForwarded | undefined> {
      return (await hostObject(hostId).hostForwarded(hostId)) ?? undefined;
    },
    dismiss(hostId: string, reason: string): Promise<void> {
      return hostObject(hostId).dismiss(hostId, reason);
    },
    async dockerFacts(hostId: string): Promise<DockerFacts | "absent" | undefined> {
      return (await hostObject(hostId).dockerFacts(hostId)) ?? undefined;
    },
    async captureStream(hostId: string, relativePath: string): Promise<ReadableStream<Uint8Array> | undefined> {
      const answer = await hostObject(hostId).fetch(captureRequest(hostId, relativePath));
      if (answer.status === 404) return undefined;
      if (!answer.ok || !answer.body) throw new Error(`dataplane host ${hostId}'s object answered ${answer.status}: ${await answer.text()}`);
      return answer.body;
    },
  };
}
