import { filtersInWords, linkState } from "../link-words";
import { activatable, svg } from "./elements";
import { endNames, type Link, type Node } from "./model";

export interface TopologyHandlers {
  openLink(linkId: string): void;
  openNode(nodeId: string): void;
}

const MARGIN = 60;

/**
 * Draws the project into `canvas` from the nodes' positions (x/y is a symbol's top-left, as
 * in GNS3) and the links between their centres. Redrawn whole on each change; the element
 * that had the focus gets it back, so the keyboard user keeps their place.
 */
export function drawTopology(canvas: SVGSVGElement, nodes: ReadonlyMap<string, Node>, links: ReadonlyMap<string, Link>, handlers: TopologyHandlers): void {
  const focused = (document.activeElement as Element | null)?.getAttribute("data-id");
  const linkLayer = svg("g", { class: "links" });
  for (const link of links.values()) {
    const [a, b] = link.nodes.map((end) => nodes.get(end.node_id));
    if (!a || !b) continue;
    const [from, to] = [centre(a), centre(b)];
    const state = linkState(link);
    const words = filtersInWords(link.filters, endNames(link, nodes));
    const group = svg(
      "g",
      { class: `link ${state}`, "data-id": link.link_id, "data-state": state },
      svg("line", { x1: from.x, y1: from.y, x2: to.x, y2: to.y, class: "hit" }),
      svg("line", { x1: from.x, y1: from.y, x2: to.x, y2: to.y, class: "wire" }),
      svg("text", { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 - 6, class: "link-words" }, state === "suspended" ? "suspended" : words),
    );
    activatable(group, `Link ${a.name} – ${b.name}: ${state}${words ? `, ${words}` : ""}`, () => handlers.openLink(link.link_id));
    linkLayer.append(group);
  }
  const nodeLayer = svg("g", { class: "nodes" });
  for (const node of nodes.values()) {
    const group = svg(
      "g",
      { class: `node ${node.status}`, "data-id": node.node_id, "data-status": node.status },
      svg("rect", { x: node.x - 3, y: node.y - 3, width: node.width + 6, height: node.height + 6, rx: 6, class: "halo" }),
      ...(node.symbol ? [svg("image", { href: symbolUrl(node.symbol), x: node.x, y: node.y, width: node.width, height: node.height })] : []),
      svg("circle", { cx: node.x + node.width, cy: node.y, r: 5, class: "status-dot" }),
      svg("text", { x: node.x + node.width / 2, y: node.y + node.height + 16, class: "node-name" }, node.name),
    );
    activatable(group, `Node ${node.name}, ${node.status}`, () => handlers.openNode(node.node_id));
    nodeLayer.append(group);
  }
  canvas.replaceChildren(linkLayer, nodeLayer);
  canvas.setAttribute("viewBox", viewBox([...nodes.values()]));
  if (focused) canvas.querySelector<SVGGElement>(`[data-id="${CSS.escape(focused)}"]`)?.focus();
}

export function symbolUrl(symbol: string): string {
  return `/v2/symbols/${encodeURIComponent(symbol)}/raw`;
}

function centre(node: Node): { x: number; y: number } {
  return { x: node.x + node.width / 2, y: node.y + node.height / 2 };
}

function viewBox(nodes: readonly Node[]): string {
  if (nodes.length === 0) return "-200 -150 400 300";
  const left = Math.min(...nodes.map((node) => node.x)) - MARGIN;
  const top = Math.min(...nodes.map((node) => node.y)) - MARGIN;
  const right = Math.max(...nodes.map((node) => node.x + node.width)) + MARGIN;
  const bottom = Math.max(...nodes.map((node) => node.y + node.height)) + MARGIN;
  return `${left} ${top} ${right - left} ${bottom - top}`;
}
