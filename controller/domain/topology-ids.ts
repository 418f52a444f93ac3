import type { ImportedTopology } from "./topology";

export interface RenumberedTopology {
  topology: ImportedTopology;
  /** Where a project file goes now: a node's files live in `project-files/{type}/{node_id}/`. */
  filePath: (path: string) => string;
}

/**
 * The topology with new node, link and drawing ids, as GNS3 gives an imported or duplicated
 * project, so that the copy and the original never share an id; link ends follow their nodes.
 */
export function withFreshIds(topology: ImportedTopology, newId: () => string): RenumberedTopology {
  const nodeIds = new Map(topology.nodes.map((node) => [node.node_id, newId()]));
  const nodes = topology.nodes.map((node) => ({ ...node, node_id: nodeIds.get(node.node_id)! }));
  const links = topology.links.map((link) => ({
    ...link,
    link_id: newId(),
    nodes: link.nodes.map((end) => ({ ...end, node_id: nodeIds.get(end.node_id) ?? end.node_id })),
  }));
  const drawings = topology.drawings.map((drawing) => ({ ...drawing, drawing_id: newId() }));
  const filePath = (path: string): string => {
    const segments = path.split("/");
    const renamed = segments[0] === "project-files" && segments.length > 3 ? nodeIds.get(segments[2]!) : undefined;
    return renamed === undefined ? path : [...segments.slice(0, 2), renamed, ...segments.slice(3)].join("/");
  };
  return { topology: { ...topology, nodes, links, drawings }, filePath };
}

/** GNS3's `reset_mac_addresses`: every node's MAC property cleared, so the copy picks its own. */
export function withoutMacAddresses(topology: ImportedTopology): ImportedTopology {
  const nodes = topology.nodes.map((node) => ({
    ...node,
    properties: Object.fromEntries(
      Object.entries(node.properties).map(([key, value]) => [key, key === "mac_address" || key === "mac_addr" ? null : value]),
    ),
  }));
  return { ...topology, nodes };
}
