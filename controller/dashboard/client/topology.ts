import { drawingBounds, drawingImageUrl, drawingSize } from "../drawing-image";
import { filtersInWords, linkState } from "../link-words";
import { shownPositions } from "../node-layout";
import { activatable, svg } from "./elements";
import { endNames, type Drawing, type Link, type Node } from "./model";

export interface TopologyHandlers {
  openLink(linkId: string): void;
  openNode(nodeId: string): void;
}

/** What the page holds of the project, which the topology reads when it draws. */
export interface TopologyModel {
  nodes: ReadonlyMap<string, Node>;
  links: ReadonlyMap<string, Link>;
  drawings: ReadonlyMap<string, Drawing>;
}

/** The ids whose records changed (created, updated or deleted) since the last redraw. */
export interface TopologyChanges {
  nodes: ReadonlySet<string>;
  links: ReadonlySet<string>;
  drawings: ReadonlySet<string>;
}

const MARGIN = 60;
/**
 * The least of the project the map shows: a lab of three nodes fills it without its symbols
 * and link words drawn hundreds of pixels tall.
 */
const MIN_VIEW = { width: 900, height: 560 };

/**
 * The project drawn into `canvas` from the nodes' positions (x/y is a symbol's top-left, as in
 * GNS3), the links between their centres, and the drawings under both. Only what changed is
 * drawn again, so a busy 200-node project costs one element per notification, not the whole
 * picture; an element drawn again while it had the focus gets it back, so the keyboard user
 * keeps their place.
 */
export class Topology {
  private readonly drawingLayer = svg("g", { class: "drawings" });
  private readonly linkLayer = svg("g", { class: "links" });
  private readonly nodeLayer = svg("g", { class: "nodes" });
  private readonly shownNodes = new Map<string, SVGGElement>();
  private readonly shownLinks = new Map<string, SVGGElement>();
  private readonly shownDrawings = new Map<string, SVGImageElement>();
  /** Where each node is drawn (see node-layout.ts). */
  private positions = new Map<string, { x: number; y: number }>();

  constructor(
    private readonly canvas: SVGSVGElement,
    private readonly model: TopologyModel,
    private readonly handlers: TopologyHandlers,
  ) {
    canvas.replaceChildren(this.drawingLayer, this.linkLayer, this.nodeLayer);
  }

  /** Draws again what `changes` names, and the links of the nodes it names (they move and are renamed with them). */
  redraw(changes: TopologyChanges): void {
    const nodes = new Set(changes.nodes);
    if (nodes.size > 0) {
      // A node that moved or came may move others drawn beside it: those are drawn again too.
      const positions = shownPositions(this.model.nodes.values());
      for (const [nodeId, at] of positions) {
        const before = this.positions.get(nodeId);
        if (!before || before.x !== at.x || before.y !== at.y) nodes.add(nodeId);
      }
      this.positions = positions;
    }
    const links = new Set(changes.links);
    if (nodes.size > 0) {
      for (const link of this.model.links.values()) if (link.nodes.some((end) => nodes.has(end.node_id))) links.add(link.link_id);
    }
    for (const nodeId of nodes) this.place(this.shownNodes, this.nodeLayer, nodeId, this.model.nodes.get(nodeId), (node) => this.nodeElement(node));
    for (const linkId of links) this.place(this.shownLinks, this.linkLayer, linkId, this.model.links.get(linkId), (link) => this.linkElement(link));
    for (const drawingId of changes.drawings) this.place(this.shownDrawings, this.drawingLayer, drawingId, this.model.drawings.get(drawingId), drawingElement);
    if (changes.drawings.size > 0) this.stackDrawings();
    if (changes.nodes.size > 0 || changes.drawings.size > 0) this.fit();
  }

  /** Everything the model holds, and nothing else: after a (re)load, when anything may have changed. */
  redrawAll(): void {
    const every = (model: ReadonlyMap<string, unknown>, shown: ReadonlyMap<string, unknown>) => new Set([...model.keys(), ...shown.keys()]);
    this.redraw({
      nodes: every(this.model.nodes, this.shownNodes),
      links: every(this.model.links, this.shownLinks),
      drawings: every(this.model.drawings, this.shownDrawings),
    });
    this.fit();
  }

  private fit(): void {
    this.canvas.setAttribute("viewBox", viewBox([...this.model.nodes.values()].map((node) => this.shown(node)), [...this.model.drawings.values()]));
  }

  /** Puts `record`'s new element where its old one was (or last in its layer), or takes the old one away. */
  private place<R, E extends SVGElement>(shown: Map<string, E>, layer: SVGGElement, id: string, record: R | undefined, draw: (record: R) => E | undefined): void {
    const old = shown.get(id);
    const element = record && draw(record);
    if (!element) {
      old?.remove();
      shown.delete(id);
      return;
    }
    shown.set(id, element);
    if (!old) {
      layer.append(element);
      return;
    }
    const focused = old === document.activeElement;
    old.replaceWith(element);
    if (focused) element.focus();
  }

  /** Drawings lie in the order of their `z`, lowest first, as GNS3 stacks them. */
  private stackDrawings(): void {
    const byZ = [...this.shownDrawings].sort(([a], [b]) => (this.model.drawings.get(a)?.z ?? 0) - (this.model.drawings.get(b)?.z ?? 0));
    const inOrder = byZ.every(([, element], index) => this.drawingLayer.children[index] === element);
    if (!inOrder) this.drawingLayer.replaceChildren(...byZ.map(([, element]) => element));
  }

  /** The node as drawn: at its position, or beside the others that share it. */
  private shown(node: Node): Node {
    const at = this.positions.get(node.node_id);
    return at ? { ...node, x: at.x, y: at.y } : node;
  }

  private nodeElement(record: Node): SVGGElement {
    const node = this.shown(record);
    const group = svg(
      "g",
      { class: `node ${node.status}`, "data-id": node.node_id, "data-status": node.status },
      svg("rect", { x: node.x - 3, y: node.y - 3, width: node.width + 6, height: node.height + 6, rx: 6, class: "halo" }),
      ...(node.symbol ? [svg("image", { href: symbolUrl(node.symbol), x: node.x, y: node.y, width: node.width, height: node.height })] : []),
      svg("circle", { cx: node.x + node.width, cy: node.y, r: 5, class: "status-dot" }),
      svg("text", { x: node.x + node.width / 2, y: node.y + node.height + 16, class: "node-name" }, node.name),
    );
    activatable(group, `Node ${node.name}, ${node.status}`, () => this.handlers.openNode(node.node_id));
    return group;
  }

  /** Undefined while its ends are not both known: drawn when the second one comes. */
  private linkElement(link: Link): SVGGElement | undefined {
    const [a, b] = link.nodes.map((end) => this.model.nodes.get(end.node_id)).map((node) => node && this.shown(node));
    if (!a || !b) return undefined;
    const [from, to] = [centre(a), centre(b)];
    const state = linkState(link);
    const words = filtersInWords(link.filters, endNames(link, this.model.nodes));
    const group = svg(
      "g",
      { class: `link ${state}`, "data-id": link.link_id, "data-state": state },
      svg("line", { x1: from.x, y1: from.y, x2: to.x, y2: to.y, class: "hit" }),
      svg("line", { x1: from.x, y1: from.y, x2: to.x, y2: to.y, class: "wire" }),
      svg("text", { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 - 6, class: "link-words" }, state === "suspended" ? "suspended" : words),
    );
    activatable(group, `Link ${a.name} – ${b.name}: ${state}${words ? `, ${words}` : ""}`, () => this.handlers.openLink(link.link_id));
    return group;
  }
}

/** A drawing as an image of its SVG text, never as markup of the page (see drawing-image.ts); rotated about its top-left as GNS3 does. */
function drawingElement(drawing: Drawing): SVGImageElement {
  const size = drawingSize(drawing.svg);
  return svg("image", {
    class: "drawing",
    "data-id": drawing.drawing_id,
    href: drawingImageUrl(drawing.svg),
    x: drawing.x,
    y: drawing.y,
    width: size?.width,
    height: size?.height,
    transform: drawing.rotation ? `rotate(${drawing.rotation} ${drawing.x} ${drawing.y})` : undefined,
    "aria-hidden": "true",
  });
}

export function symbolUrl(symbol: string): string {
  return `/v2/symbols/${encodeURIComponent(symbol)}/raw`;
}

function centre(node: Node): { x: number; y: number } {
  return { x: node.x + node.width / 2, y: node.y + node.height / 2 };
}

/** Everything in view: the nodes and the drawings (by their stated size, as turned). */
function viewBox(nodes: readonly Node[], drawings: readonly Drawing[]): string {
  const boxes = [
    ...nodes.map((node) => ({ x: node.x, y: node.y, width: node.width, height: node.height })),
    ...drawings.map(drawingBounds),
  ];
  if (boxes.length === 0) return "-200 -150 400 300";
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const box of boxes) {
    left = Math.min(left, box.x);
    top = Math.min(top, box.y);
    right = Math.max(right, box.x + box.width);
    bottom = Math.max(bottom, box.y + box.height);
  }
  const width = Math.max(MIN_VIEW.width, right - left + 2 * MARGIN);
  const height = Math.max(MIN_VIEW.height, bottom - top + 2 * MARGIN);
  return `${(left + right - width) / 2} ${(top + bottom - height) / 2} ${width} ${height}`;
}
