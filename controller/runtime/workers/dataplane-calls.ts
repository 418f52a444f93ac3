import type { DataplaneControl, HostAnswer } from "../../deps";
import type { DataplaneEffect } from "../../domain/dataplane-effects";
import type { HostForwarded } from "../../dataplane/host-forwarded";
import { mergeLinkCountersSamples, type LinkCountersSample } from "../../domain/link-counters";
import type { ObjectFetch } from "./shard-rpc";
import { createLogger } from "@shared/logging/logger";

const log = createLogger("controller.dataplane-calls");

/** What the objects serving the API ask a host's object: send its state, apply a change, read a link's counters or the host's total. */
export const REFRESH_PATH = "/internal/refresh";
export const APPLY_PATH = "/internal/apply";
export const COUNTERS_PATH = "/internal/counters";
/** What a host forwarded in all: the JSON of a `HostForwarded`, or null before its first counters report. */
export const FORWARDED_PATH = "/internal/forwarded";
/** A capture file streamed from the host: answered 404 when the host is not connected or has no such file. */
export const CAPTURE_PATH = "/internal/capture";

/**
 * The dataplane as the API's objects reach it on Workers: each host's hub lives in that host's
 * object, so a change is applied by asking every host concerned, in parallel, and a link's
 * counters are the merge of what its hosts' objects kept.
 */
export function dataplaneThroughObjects(computeFetch: (hostId: string) => ObjectFetch): DataplaneControl {
  return {
    wake(hostIds: readonly string[]): void {
      for (const hostId of hostIds) {
        computeFetch(hostId)(new Request(`https://compute${REFRESH_PATH}`, { method: "POST" }))
          .then((answer) => answer.body?.cancel())
          .catch((error) => log.error("could not tell a dataplane host of a change", { host_id: hostId, error: String(error) }));
      }
    },
    async apply(effect: DataplaneEffect): Promise<HostAnswer[]> {
      return Promise.all(
        effect.hostIds.map(async (hostId) => {
          const answer = await computeFetch(hostId)(
            new Request(`https://compute${APPLY_PATH}?host_id=${encodeURIComponent(hostId)}`, { method: "POST", body: JSON.stringify({ ...effect, hostIds: [hostId] }) }),
          );
          if (!answer.ok) throw new Error(`dataplane host ${hostId}'s object answered ${answer.status}: ${await answer.text()}`);
          return ((await answer.json()) as HostAnswer[])[0]!;
        }),
      );
    },
    async linkCounters(projectId: string, linkId: string, hostIds: readonly string[]): Promise<LinkCountersSample | undefined> {
      const query = new URLSearchParams({ project_id: projectId, link_id: linkId });
      const samples = await Promise.all(
        [...new Set(hostIds)].map(async (hostId) => {
          const answer = await computeFetch(hostId)(new Request(`https://compute${COUNTERS_PATH}?${query}&host_id=${encodeURIComponent(hostId)}`));
          if (!answer.ok) throw new Error(`dataplane host ${hostId}'s object answered ${answer.status}: ${await answer.text()}`);
          return (await answer.json()) as LinkCountersSample | null;
        }),
      );
      return mergeLinkCountersSamples(samples.filter((sample): sample is LinkCountersSample => sample !== null));
    },
    async hostForwarded(hostId: string): Promise<HostForwarded | undefined> {
      const answer = await computeFetch(hostId)(new Request(`https://compute${FORWARDED_PATH}?host_id=${encodeURIComponent(hostId)}`));
      if (!answer.ok) throw new Error(`dataplane host ${hostId}'s object answered ${answer.status}: ${await answer.text()}`);
      return ((await answer.json()) as HostForwarded | null) ?? undefined;
    },
    async captureStream(hostId: string, relativePath: string): Promise<ReadableStream<Uint8Array> | undefined> {
      const query = new URLSearchParams({ host_id: hostId, path: relativePath });
      const answer = await computeFetch(hostId)(new Request(`https://compute${CAPTURE_PATH}?${query}`));
      if (answer.status === 404) return undefined;
      if (!answer.ok || !answer.body) throw new Error(`dataplane host ${hostId}'s object answered ${answer.status}: ${await answer.text()}`);
      return answer.body;
    },
  };
}
