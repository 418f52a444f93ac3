import { encodeLinkSpec, encodeNodeSpec, itemKey, type ItemKey, type LinkSpec, type NodeSpec } from "@shared/proto";
import type { HostState, LeftOut } from "./desired-state";
import type { ItemsByProject } from "./host-records-view";

interface Sent<Spec> {
  spec: Spec;
  bytes: Uint8Array;
}

/** What a state change carries: the specs that differ from those sent, and the items gone. */
export interface StateDiff {
  nodes: NodeSpec[];
  links: LinkSpec[];
  removedNodes: ItemKey[];
  removedLinks: ItemKey[];
}

/**
 * What a host was sent, item by item (each spec with its wire bytes, which tell a changed spec
 * from one built again the same), and what its states leave out. One per connection: a new
 * connection starts empty and is sent everything.
 */
export class SentState {
  readonly nodes = new Map<string, Sent<NodeSpec>>();
  readonly links = new Map<string, Sent<LinkSpec>>();
  private readonly leftOutByItem = new Map<string, LeftOut>();

  get leftOut(): LeftOut[] {
    return [...this.leftOutByItem.values()];
  }

  /**
   * Takes `built` as what the host must now run for the items of `scope` ("all": every item;
   * anything sent before and not built is gone) and answers how that differs from what was sent.
   */
  update(built: HostState, scope: ItemsByProject | "all"): StateDiff {
    const diff: StateDiff = { nodes: [], links: [], removedNodes: [], removedLinks: [] };
    const keptNodes = new Set<string>();
    const keptLinks = new Set<string>();
    for (const spec of built.nodes) {
      const key = itemKey(spec.projectId, spec.nodeId);
      keptNodes.add(key);
      if (remember(this.nodes, key, spec, encodeNodeSpec(spec))) diff.nodes.push(spec);
    }
    for (const spec of built.links) {
      const key = itemKey(spec.projectId, spec.linkId);
      keptLinks.add(key);
      if (remember(this.links, key, spec, encodeLinkSpec(spec))) diff.links.push(spec);
    }
    const scoped = (kind: "nodes" | "links") =>
      scope === "all" ? [...this[kind].keys()] : [...scope].flatMap(([projectId, items]) => [...items[kind]].map((id) => itemKey(projectId, id)));
    for (const key of scoped("nodes")) if (!keptNodes.has(key)) forget(this.nodes, key, (spec) => diff.removedNodes.push({ projectId: spec.projectId, id: spec.nodeId }));
    for (const key of scoped("links")) if (!keptLinks.has(key)) forget(this.links, key, (spec) => diff.removedLinks.push({ projectId: spec.projectId, id: spec.linkId }));
    if (scope === "all") this.leftOutByItem.clear();
    else for (const [projectId, items] of scope) {
      for (const id of items.nodes) this.leftOutByItem.delete(`node ${itemKey(projectId, id)}`);
      for (const id of items.links) this.leftOutByItem.delete(`link ${itemKey(projectId, id)}`);
    }
    for (const item of built.leftOut) this.leftOutByItem.set(`${item.kind} ${itemKey(item.projectId, item.id)}`, item);
    return diff;
  }
}

/** Whether the spec differs from the one sent under `key` (it is kept either way). */
function remember<Spec>(sent: Map<string, Sent<Spec>>, key: string, spec: Spec, bytes: Uint8Array): boolean {
  const before = sent.get(key);
  sent.set(key, { spec, bytes });
  return !before || !sameBytes(before.bytes, bytes);
}

function forget<Spec>(sent: Map<string, Sent<Spec>>, key: string, gone: (spec: Spec) => void): void {
  const before = sent.get(key);
  if (!before) return;
  sent.delete(key);
  gone(before.spec);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}
