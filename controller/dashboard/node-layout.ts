/**
 * Where the dashboard draws each node. Scripts often make nodes without `x`/`y`, so a lab can
 * have every node at (0, 0), one symbol over the others. Nodes that share a position are drawn
 * side by side in a row centred on it (in the order of their ids, so the row stays put between
 * redraws); the records on the server are not moved. A node alone at its position is drawn there.
 */
export interface Placed {
  node_id: string;
  x: number;
  y: number;
  width: number;
}

/** Space between two symbols of one row. */
const GAP = 40;

export function shownPositions(nodes: Iterable<Placed>): Map<string, { x: number; y: number }> {
  const byPosition = new Map<string, Placed[]>();
  for (const node of nodes) {
    const key = `${node.x},${node.y}`;
    const sharing = byPosition.get(key);
    if (sharing) sharing.push(node);
    else byPosition.set(key, [node]);
  }
  const shown = new Map<string, { x: number; y: number }>();
  for (const sharing of byPosition.values()) {
    sharing.sort((a, b) => (a.node_id < b.node_id ? -1 : a.node_id > b.node_id ? 1 : 0));
    const step = Math.max(...sharing.map((node) => node.width)) + GAP;
    sharing.forEach((node, index) => shown.set(node.node_id, { x: node.x + (index - (sharing.length - 1) / 2) * step, y: node.y }));
  }
  return shown;
}
