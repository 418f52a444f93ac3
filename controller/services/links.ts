import { fileLayout } from "../files/layout";
import { conflictingRequest, missingRecord } from "../domain/errors";
import type { DataLinkType, LinkCreate, LinkUpdate } from "@shared/schemas/link";
import type { ControllerDeps } from "../deps";
import {
  availableFilters,
  linkToTopology,
  linkToWire,
  newLink,
  startedCapture,
  stoppedCapture,
  updatedLink,
  type LinkRecord,
} from "../domain/links";
import type { NodeRecord } from "../domain/nodes";
import { LOCAL_COMPUTE_ID } from "../domain/computes";
import { keys } from "../store/keys";
import * as lifecycle from "./lifecycle-log";
import { applyChange, combineChanges, type Change } from "./change";
import { linkEffect } from "../domain/dataplane-effects";
import { withConflictRetry } from "../store/conflict-retry";
import { cachedListBody } from "./list-cache";
import { listNodeRecords } from "./node-records";
import { projectEvent } from "./project-events";
import { countAddition, countRemoval, inCountTurn } from "./record-limits";
import { loadOpenedProject, loadProject } from "./projects";

export async function loadLink(deps: ControllerDeps, projectId: string, linkId: string): Promise<LinkRecord> {
  const link = await deps.store.get<LinkRecord>(keys.link(projectId, linkId));
  if (!link) throw missingRecord(`Link ID ${linkId} doesn't exist`);
  return link;
}

export async function listLinkRecords(deps: ControllerDeps, projectId: string): Promise<LinkRecord[]> {
  return (await deps.store.list<LinkRecord>(keys.linksPrefix(projectId))).map((entry) => entry.value);
}

/** Opened projects list wire links; closed ones list their stored topology, as GNS3 does. */
export async function listLinksBody(deps: ControllerDeps, projectId: string): Promise<Uint8Array> {
  return cachedListBody(deps, projectId, "links", async () => {
    const project = await loadProject(deps, projectId);
    const links = await listLinkRecords(deps, projectId);
    return links.map(project.status === "opened" ? linkToWire : linkToTopology);
  });
}

export async function createLink(deps: ControllerDeps, projectId: string, input: LinkCreate): Promise<LinkRecord> {
  await loadOpenedProject(deps, projectId);
  const linkId = deps.newId();
  return inCountTurn(deps, projectId, "links", linkId, () => withConflictRetry(async () => {
    const nodeIds = [...new Set(input.nodes.map((end) => end.node_id))];
    const nodes = new Map<string, NodeRecord>();
    const claims = new Map<string, string | undefined>();
    await Promise.all([
      ...nodeIds.map(async (nodeId) => {
        const node = await deps.store.get<NodeRecord>(keys.node(projectId, nodeId));
        if (node) nodes.set(nodeId, node);
      }),
      ...input.nodes.map(async (end) => {
        const key = keys.port(projectId, end.node_id, end.adapter_number, end.port_number);
        claims.set(key, await deps.store.get<string>(key));
      }),
    ]);
    const link = newLink(input, {
      linkId,
      projectId,
      nodes,
      portTaken: (nodeId, adapter, port) => claims.get(keys.port(projectId, nodeId, adapter, port)) !== undefined,
    });
    const portKeys = link.nodes.map((end) => keys.port(projectId, end.node_id, end.adapter_number, end.port_number));
    const change: Change = {
      writes: [{ key: keys.link(projectId, link.link_id), value: link }, ...portKeys.map((key) => ({ key, value: link.link_id }))],
      guards: [
        ...portKeys.map((key) => ({ key, absent: true as const })),
        // A node deleted meanwhile must not be left with a link to it.
        ...[...nodes.values()].map((node) => ({ key: keys.node(projectId, node.node_id), revision: node.revision })),
      ],
      events: [projectEvent(projectId, "link.created", linkToWire(link))],
      dataplane: linkEffect(undefined, link, (nodeId) => nodes.get(nodeId)?.compute_id),
    };
    await applyChange(deps, combineChanges(change, await countAddition(deps, projectId, "links", linkId)));
    return link;
  }));
}

export async function getLink(deps: ControllerDeps, projectId: string, linkId: string): Promise<LinkRecord> {
  await loadOpenedProject(deps, projectId);
  return loadLink(deps, projectId, linkId);
}

export async function updateLink(deps: ControllerDeps, projectId: string, linkId: string, input: LinkUpdate): Promise<LinkRecord> {
  await loadOpenedProject(deps, projectId);
  return withConflictRetry(async () => {
    const link = await loadLink(deps, projectId, linkId);
    const nodeIds = new Set<string>();
    if (input.nodes?.length) for (const node of await listNodeRecords(deps, projectId)) nodeIds.add(node.node_id);
    const result = updatedLink(link, input, nodeIds);
    if (!result.changed) return link;
    const hosts = await hostsOfEnds(deps, link, result.link);
    await applyChange(deps, {
      writes: [{ key: keys.link(projectId, linkId), value: result.link }],
      guards: [{ key: keys.link(projectId, linkId), revision: link.revision }],
      events: [projectEvent(projectId, "link.updated", linkToWire(result.link))],
      dataplane: linkEffect(link, result.link, (nodeId) => hosts.get(nodeId)),
    });
    lifecycle.linkFiltersChanged(link, result.link);
    return result.link;
  });
}

/** The writes and event that remove a link; node deletion reuses them for its links. */
export function linkRemoval(link: LinkRecord): Change {
  return {
    writes: [
      { key: keys.link(link.project_id, link.link_id), delete: true },
      ...link.nodes.map((end) => ({ key: keys.port(link.project_id, end.node_id, end.adapter_number, end.port_number), delete: true as const })),
    ],
    guards: [{ key: keys.link(link.project_id, link.link_id), revision: link.revision }],
    events: [projectEvent(link.project_id, "link.deleted", linkToWire(link))],
  };
}

export async function deleteLink(deps: ControllerDeps, projectId: string, linkId: string): Promise<void> {
  await loadOpenedProject(deps, projectId);
  await inCountTurn(deps, projectId, "links", linkId, () =>
    withConflictRetry(async () => {
      const link = await loadLink(deps, projectId, linkId);
      const hosts = await hostsOfEnds(deps, link);
      const removal = { ...linkRemoval(link), dataplane: linkEffect(link, undefined, (nodeId) => hosts.get(nodeId)) };
      await applyChange(deps, combineChanges(removal, await countRemoval(deps, projectId, "links", [linkId])));
    }),
  );
}

/** The host of each node at an end of the links' versions given. */
export async function hostsOfEnds(deps: ControllerDeps, ...links: LinkRecord[]): Promise<Map<string, string>> {
  const hosts = new Map<string, string>();
  for (const link of links) for (const node of (await linkEndNodes(deps, link)).values()) hosts.set(node.node_id, node.compute_id);
  return hosts;
}

async function linkEndNodes(deps: ControllerDeps, link: LinkRecord): Promise<Map<string, NodeRecord>> {
  const nodes = new Map<string, NodeRecord>();
  await Promise.all(
    link.nodes.map(async (end) => {
      const node = await deps.store.get<NodeRecord>(keys.node(link.project_id, end.node_id));
      if (node) nodes.set(node.node_id, node);
    }),
  );
  return nodes;
}

export async function linkAvailableFilters(deps: ControllerDeps, projectId: string, linkId: string): Promise<unknown[]> {
  const link = await getLink(deps, projectId, linkId);
  const nodes = await linkEndNodes(deps, link);
  // In the link's order: one-direction entries name end A (nodes[0]) and end B.
  const ends = link.nodes.map((end) => nodes.get(end.node_id)).filter((node): node is NodeRecord => node !== undefined);
  return availableFilters(ends, deps.config.extendedFilters === true);
}

export async function startLinkCapture(
  deps: ControllerDeps,
  projectId: string,
  linkId: string,
  requestedName: string | undefined,
  dataLinkType?: DataLinkType,
): Promise<LinkRecord> {
  const project = await loadOpenedProject(deps, projectId);
  return withConflictRetry(async () => {
    const link = await loadLink(deps, projectId, linkId);
    const nodes = await linkEndNodes(deps, link);
    const next = startedCapture(link, {
      nodes,
      capturesDir: `${project.path}/project-files/captures`,
      requestedName: requestedName === "" ? undefined : requestedName,
      dataLinkType,
    });
    await applyChange(deps, {
      writes: [{ key: keys.link(projectId, linkId), value: next }],
      guards: [{ key: keys.link(projectId, linkId), revision: link.revision }],
      events: [projectEvent(projectId, "link.updated", linkToWire(next))],
      dataplane: linkEffect(link, next, (nodeId) => nodes.get(nodeId)?.compute_id),
    });
    return next;
  });
}

export async function stopLinkCapture(deps: ControllerDeps, projectId: string, linkId: string): Promise<LinkRecord> {
  await loadOpenedProject(deps, projectId);
  return withConflictRetry(async () => {
    const link = await loadLink(deps, projectId, linkId);
    const next = stoppedCapture(link);
    const hosts = await hostsOfEnds(deps, link);
    await applyChange(deps, {
      writes: [{ key: keys.link(projectId, linkId), value: next }],
      guards: [{ key: keys.link(projectId, linkId), revision: link.revision }],
      events: [projectEvent(projectId, "link.updated", linkToWire(next))],
      dataplane: linkEffect(link, next, (nodeId) => hosts.get(nodeId)),
    });
    return next;
  });
}

/**
 * The capture as it grows, from its start, until the capture stops (or the link is deleted).
 * The local daemon of a Node controller writes it where the file store reads; any other host
 * (every host on Workers) sends it over its control channel, and ends it itself.
 */
export async function linkCaptureStream(deps: ControllerDeps, projectId: string, linkId: string): Promise<ReadableStream<Uint8Array>> {
  const link = await getLink(deps, projectId, linkId);
  if (!link.capturing || !link.capture_file_name) throw conflictingRequest("This link has no active packet capture");
  const relativePath = fileLayout.capture(projectId, link.capture_file_name);
  const host = link.capture_compute_id;
  const stillCapturing = async () => {
    if ((await deps.store.get<LinkRecord>(keys.link(projectId, linkId)))?.capturing === true) return true;
    // The stop is saved before the host applies it, and the host acknowledges it only once the
    // records it still held are in the file: the follower reads to the end after that.
    if (host) await deps.dataplane?.apply({ hostIds: [host], nodeIds: [], linkIds: [] }).catch(() => undefined);
    return false;
  };
  // Only the local host's daemon writes where the file store reads (Node); any other host's
  // file, and every file on Workers, comes from its daemon, so a same-named file here is never mistaken for it.
  const stream =
    (host === LOCAL_COMPUTE_ID ? await deps.files.follow(relativePath, stillCapturing) : undefined) ??
    (host ? await deps.dataplane?.captureStream(host, relativePath) : undefined);
  if (!stream) {
    throw conflictingRequest(`The capture file ${link.capture_file_name} has no data yet: no dataplane has written it on compute ${link.capture_compute_id}`);
  }
  return stream;
}
