import type { ControllerDeps } from "../deps";
import { linkCountersWire, type LinkCountersWire } from "../domain/link-counters";
import type { NodeRecord } from "../domain/nodes";
import { keys } from "../store/keys";
import { getLink } from "./links";

/**
 * A link's frame counters as its hosts last reported them (our extension): 404 and 403 as
 * `GET …/links/{link_id}`; zeros and no time when no host reported the link, or when the
 * controller has no dataplane at all.
 */
export async function linkCounters(deps: ControllerDeps, projectId: string, linkId: string): Promise<LinkCountersWire> {
  const link = await getLink(deps, projectId, linkId);
  if (!deps.dataplane) return linkCountersWire(link, undefined);
  const ends = await Promise.all(link.nodes.map((end) => deps.store.get<NodeRecord>(keys.node(projectId, end.node_id))));
  const hostIds = [...new Set(ends.filter((node): node is NodeRecord => node !== undefined).map((node) => node.compute_id))];
  return linkCountersWire(link, await deps.dataplane.linkCounters(projectId, linkId, hostIds));
}
