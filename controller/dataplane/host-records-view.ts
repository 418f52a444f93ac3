import type { ControllerDeps } from "../deps";
import type { LinkRecord } from "../domain/links";
import type { NodeRecord } from "../domain/nodes";
import type { ProjectRecord } from "../domain/projects";
import { keys } from "../store/keys";
import type { IndexedProject, ProjectItems, ProjectRecords } from "./desired-state";
import { loadHostProjectRecords } from "./host-records";

/** Items by project id. */
export type ItemsByProject = Map<string, ProjectItems>;

/**
 * The records of the projects a host runs, as its hub last read them: loaded whole when the
 * host connects (and at every full resync), then kept by re-reading only the nodes and links
 * a change names. A push builds the specs of what the re-read may have changed from it. A node
 * of another host is held for its links to this one: what of it they read (its host, its
 * type) never changes, and its removal comes with theirs.
 */
export class HostRecordsView {
  private constructor(readonly projects: Map<string, IndexedProject>) {}

  static async load(deps: ControllerDeps, hostId: string): Promise<HostRecordsView> {
    const projects = await loadHostProjectRecords(deps, hostId);
    return new HostRecordsView(new Map(projects.map((records) => [records.project.project_id, indexed(records)])));
  }

  /** Every project as lists, for a whole state. */
  records(): ProjectRecords[] {
    return [...this.projects.values()].map(({ project, nodes, links }) => ({ project, nodes: [...nodes.values()], links: [...links.values()] }));
  }

  /**
   * Re-reads the nodes and links `changed` names and answers the items whose specs that may
   * change: the changed ones, a changed node's links, and a changed link's nodes (their linked
   * ports), at both its old and new ends. Undefined when that cannot be said from these items
   * alone (a project not in the view yet, or whose own record changed): load the view whole.
   */
  async refresh(deps: ControllerDeps, changed: ItemsByProject): Promise<ItemsByProject | undefined> {
    const affected: ItemsByProject = new Map();
    for (const [projectId, items] of changed) {
      const held = this.projects.get(projectId);
      if (!held) return undefined;
      const project = await deps.store.get<ProjectRecord>(keys.project(projectId));
      if (!project || JSON.stringify(project) !== JSON.stringify(held.project)) return undefined;
      const [nodes, links] = await Promise.all([
        Promise.all([...items.nodes].map((id) => deps.store.get<NodeRecord>(keys.node(projectId, id)))),
        Promise.all([...items.links].map((id) => deps.store.get<LinkRecord>(keys.link(projectId, id)))),
      ]);
      const out: ProjectItems = { nodes: new Set(), links: new Set() };
      affected.set(projectId, out);
      [...items.nodes].forEach((id, index) => {
        const node = nodes[index];
        if (node) held.nodes.set(id, node);
        else held.nodes.delete(id);
        out.nodes.add(id);
        for (const linkId of held.linksOfNode.get(id) ?? []) out.links.add(linkId);
      });
      [...items.links].forEach((id, index) => {
        const before = held.links.get(id);
        const after = links[index];
        if (before) unindexLink(held, before);
        if (after) {
          held.links.set(id, after);
          indexLink(held, after);
        } else held.links.delete(id);
        out.links.add(id);
        for (const end of [...(before?.nodes ?? []), ...(after?.nodes ?? [])]) out.nodes.add(end.node_id);
      });
      // A link's end on another host is a node this host's changes never named. Its host and
      // type never change, so reading it once, when a link to it comes, keeps the view whole.
      const strangers = [...out.nodes].filter((id) => !held.nodes.has(id) && !items.nodes.has(id));
      const found = await Promise.all(strangers.map((id) => deps.store.get<NodeRecord>(keys.node(projectId, id))));
      found.forEach((node) => node && held.nodes.set(node.node_id, node));
    }
    return affected;
  }
}

function indexed({ project, nodes, links }: ProjectRecords): IndexedProject {
  const held: IndexedProject = { project, nodes: new Map(nodes.map((node) => [node.node_id, node])), links: new Map(), linksOfNode: new Map() };
  for (const link of links) {
    held.links.set(link.link_id, link);
    indexLink(held, link);
  }
  return held;
}

function indexLink(held: IndexedProject, link: LinkRecord): void {
  for (const end of link.nodes) {
    let ids = held.linksOfNode.get(end.node_id);
    if (!ids) held.linksOfNode.set(end.node_id, (ids = new Set()));
    ids.add(link.link_id);
  }
}

function unindexLink(held: IndexedProject, link: LinkRecord): void {
  for (const end of link.nodes) held.linksOfNode.get(end.node_id)?.delete(link.link_id);
}
