import { itemKey, type DesiredHostState, type LinkSpec, type NodeSpec, type StateChange } from "./index";

/** The items a change touched (added, changed or removed), by `itemKey`. */
export interface Touched {
  nodes: Set<string>;
  links: Set<string>;
}

/** Every node and link of a state by `itemKey`: a reconcile of a few items looks the others up. */
export interface StateLookup {
  node(key: string): NodeSpec | undefined;
  link(key: string): LinkSpec | undefined;
}

/**
 * The newest state the controller sent, whole states and the changes on top of them merged:
 * what the host must run once it has caught up.
 */
export class ReceivedState implements StateLookup {
  private constructor(
    public revision: number,
    private readonly nodes: Map<string, NodeSpec>,
    private readonly links: Map<string, LinkSpec>,
  ) {}

  static of(state: DesiredHostState): ReceivedState {
    return new ReceivedState(
      state.revision,
      new Map(state.nodes.map((node) => [itemKey(node.projectId, node.nodeId), node])),
      new Map(state.links.map((link) => [itemKey(link.projectId, link.linkId), link])),
    );
  }

  /**
   * Merges a change made on top of this state's revision and says what it touched; a change
   * on another base is refused (a message went missing: only a whole state can help).
   */
  apply(change: StateChange): Touched | { refused: string } {
    if (change.baseRevision !== this.revision) {
      return { refused: `a change of revision ${change.revision} is based on ${change.baseRevision}, but this host holds revision ${this.revision}` };
    }
    const touched: Touched = { nodes: new Set(), links: new Set() };
    for (const { projectId, id } of change.removedNodes) {
      const key = itemKey(projectId, id);
      this.nodes.delete(key);
      touched.nodes.add(key);
    }
    for (const { projectId, id } of change.removedLinks) {
      const key = itemKey(projectId, id);
      this.links.delete(key);
      touched.links.add(key);
    }
    for (const node of change.nodes) {
      const key = itemKey(node.projectId, node.nodeId);
      this.nodes.set(key, node);
      touched.nodes.add(key);
    }
    for (const link of change.links) {
      const key = itemKey(link.projectId, link.linkId);
      this.links.set(key, link);
      touched.links.add(key);
    }
    this.revision = change.revision;
    return touched;
  }

  node(key: string): NodeSpec | undefined {
    return this.nodes.get(key);
  }

  link(key: string): LinkSpec | undefined {
    return this.links.get(key);
  }

  state(): DesiredHostState {
    return { revision: this.revision, nodes: [...this.nodes.values()], links: [...this.links.values()] };
  }
}

/** What a reconcile must look at: the items touched (with the whole state to look up), or every item (after a whole state). */
export type Scope = (Touched & StateLookup) | "all";

/** Both sets of touched items together (`first` is extended in place); "all" absorbs the rest. */
export function touchedTogether(first: Touched | "all", second: Touched | "all"): Touched | "all" {
  if (first === "all" || second === "all") return "all";
  for (const key of second.nodes) first.nodes.add(key);
  for (const key of second.links) first.links.add(key);
  return first;
}
