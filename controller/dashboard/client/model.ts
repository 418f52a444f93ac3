import type { DrawingWire } from "@shared/schemas/drawing";
import type { LinkWire } from "@shared/schemas/link";
import type { NodeWire } from "@shared/schemas/node";

/** What the page reads of a node and a link: the wire objects, of which it uses a few fields. */
export type Node = Pick<NodeWire, "node_id" | "name" | "x" | "y" | "width" | "height" | "symbol" | "status" | "node_type" | "console" | "console_type">;
export type Link = Pick<LinkWire, "link_id" | "nodes" | "filters" | "suspend" | "capturing" | "capture_file_name">;
export type Drawing = Pick<DrawingWire, "drawing_id" | "svg" | "x" | "y" | "z" | "rotation">;

export interface Project {
  project_id: string;
  name: string;
  status: "opened" | "closed";
}

/** The names of a link's two ends, first end first; a node not (yet) known reads as "?". */
export function endNames(link: Link, nodes: ReadonlyMap<string, Node>): { a: string; b: string } {
  const name = (index: number) => nodes.get(link.nodes[index]?.node_id ?? "")?.name ?? "?";
  return { a: name(0), b: name(1) };
}
