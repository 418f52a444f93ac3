import type { DataplaneControl, HostAnswer } from "../../deps";
import type { DataplaneEffect } from "../../domain/dataplane-effects";
import { mergeLinkCountersSamples, type LinkCountersSample } from "../../dataplane/link-counters";
import type { ObjectFetch } from "./shard-rpc";

/** What the objects serving the API ask a host's object: apply a change, read a link's counters. */
export const APPLY_PATH = "/internal/apply";
export const COUNTERS_PATH = "/internal/counters";

/**
 * The dataplane as the API's objects reach it on Workers: each host's hub lives in that host's
 * object, so a change is applied by asking every host concerned, in parallel, and a link's
 * counters are the merge of what its hosts' objects kept.
 */
export function dataplaneThroughObjects(computeFetch: (hostId: string) => ObjectFetch): DataplaneControl {
  return {
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
  };
}
