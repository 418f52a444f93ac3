import type { LinkCountersWire } from "@shared/schemas/link-counters";
import { LinkHistory } from "../link-rates";
import { ApiError, call } from "./api";
import { CHART_WINDOW_MS, LinkPanel } from "./link-panel";
import type { Drawing, Link, Node, Project } from "./model";
import { NodePanel } from "./node-panel";
import { NotificationSocket, type Notification } from "./notifications";
import { Topology } from "./topology";

export interface ProjectViewElements {
  title: HTMLElement;
  canvas: SVGSVGElement;
  panel: HTMLElement;
  /** Says when the server cannot be reached; hidden otherwise. */
  banner: HTMLElement;
}

/** How often the open link's charts slide when no counters arrive (a quiet link sends none). */
const CHART_TICK_MS = 1000;

/**
 * One project, live: loaded through the API, then kept current by its notification
 * WebSocket, and loaded again after each reconnection since events may have been missed.
 */
export class ProjectView {
  private readonly nodes = new Map<string, Node>();
  private readonly links = new Map<string, Link>();
  private readonly drawings = new Map<string, Drawing>();
  private readonly topology: Topology;
  /** What changed since the topology was last drawn: ids, or everything after a (re)load. */
  private readonly changed = { nodes: new Set<string>(), links: new Set<string>(), drawings: new Set<string>() };
  private everythingChanged = false;
  private readonly histories = new Map<string, LinkHistory>();
  private panel: LinkPanel | NodePanel | undefined;
  private socket: NotificationSocket | undefined;
  private drawPending = false;
  /** How far the server's clock is ahead of the browser's, from the newest counters. */
  private serverAheadMs = 0;
  private readonly ticker = setInterval(() => (this.panel instanceof LinkPanel ? this.panel.showCharts() : undefined), CHART_TICK_MS);

  constructor(
    private readonly projectId: string,
    private readonly elements: ProjectViewElements,
  ) {
    const model = { nodes: this.nodes, links: this.links, drawings: this.drawings };
    this.topology = new Topology(elements.canvas, model, { openLink: (id) => void this.openLink(id), openNode: (id) => this.openNode(id) });
  }

  private get base(): string {
    return `/v2/projects/${this.projectId}`;
  }

  /** Opens the project (GNS3 clients do before they show one) and starts listening to it. */
  async start(): Promise<void> {
    const project = await call<Project>("GET", this.base);
    this.elements.title.textContent = project.name;
    document.title = `${project.name} · link dashboard`;
    if (project.status !== "opened") await call("POST", `${this.base}/open`, {});
    await this.reload();
    // An observer: looking at a lab and closing the tab must not let auto_close stop it.
    this.socket = new NotificationSocket(`${this.base}/notifications/ws?observer=true`, {
      onNotification: (notification) => this.apply(notification),
      onOpen: () => {
        // Read by people and tests alike: whether what the page shows is live.
        document.body.dataset.notifications = "open";
        this.elements.banner.hidden = true;
        void this.reload().catch((error) => this.warn(error));
      },
      onDrop: () => {
        document.body.dataset.notifications = "dropped";
        this.warn(new ApiError(0, "The notification stream dropped"));
      },
    });
  }

  close(): void {
    clearInterval(this.ticker);
    this.socket?.close();
    if (this.panel instanceof NodePanel) this.panel.close();
    delete document.body.dataset.notifications;
  }

  private warn(error: unknown): void {
    const why = error instanceof ApiError ? error.message : String(error);
    this.elements.banner.textContent = `${why}: reconnecting…`;
    this.elements.banner.hidden = false;
  }

  private async reload(): Promise<void> {
    const [nodes, links, drawings] = await Promise.all([
      call<Node[]>("GET", `${this.base}/nodes`),
      call<Link[]>("GET", `${this.base}/links`),
      call<Drawing[]>("GET", `${this.base}/drawings`),
    ]);
    this.nodes.clear();
    for (const node of nodes) this.nodes.set(node.node_id, node);
    this.links.clear();
    for (const link of links) this.links.set(link.link_id, link);
    this.drawings.clear();
    for (const drawing of drawings) this.drawings.set(drawing.drawing_id, drawing);
    this.everythingChanged = true;
    this.scheduleDraw();
    this.refreshPanel();
  }

  private apply({ action, event }: Notification): void {
    switch (action) {
      case "node.created":
      case "node.updated":
        this.nodes.set((event as Node).node_id, event as Node);
        this.changed.nodes.add((event as Node).node_id);
        break;
      case "node.deleted":
        this.nodes.delete((event as Node).node_id);
        this.changed.nodes.add((event as Node).node_id);
        break;
      case "link.created":
      case "link.updated":
        this.links.set((event as Link).link_id, event as Link);
        this.changed.links.add((event as Link).link_id);
        break;
      case "link.deleted":
        this.links.delete((event as Link).link_id);
        this.histories.delete((event as Link).link_id);
        this.changed.links.add((event as Link).link_id);
        break;
      case "drawing.created":
      case "drawing.updated": {
        // An update leaves `svg` out when it did not change, as GNS3's does.
        const drawing = event as Partial<Drawing> & Pick<Drawing, "drawing_id">;
        const known = this.drawings.get(drawing.drawing_id);
        if (drawing.svg === undefined && !known) return;
        this.drawings.set(drawing.drawing_id, { ...known, ...drawing } as Drawing);
        this.changed.drawings.add(drawing.drawing_id);
        this.scheduleDraw();
        return;
      }
      case "drawing.deleted":
        this.drawings.delete((event as Drawing).drawing_id);
        this.changed.drawings.add((event as Drawing).drawing_id);
        this.scheduleDraw();
        return;
      case "link.counters": {
        const counters = event as LinkCountersWire;
        if (counters.sampled_at) this.serverAheadMs = Date.parse(counters.sampled_at) - Date.now();
        this.historyOf(counters.link_id).add(counters);
        if (this.panel instanceof LinkPanel && this.panel.linkId === counters.link_id) this.panel.showCharts();
        return;
      }
      default:
        return;
    }
    this.scheduleDraw();
    this.refreshPanel();
  }

  private historyOf(linkId: string): LinkHistory {
    let history = this.histories.get(linkId);
    if (!history) this.histories.set(linkId, (history = new LinkHistory(CHART_WINDOW_MS)));
    return history;
  }

  /** Many events come at once (a project opening, a start-all): what they changed is drawn once. */
  private scheduleDraw(): void {
    if (this.drawPending) return;
    this.drawPending = true;
    setTimeout(() => {
      this.drawPending = false;
      if (this.everythingChanged) this.topology.redrawAll();
      else this.topology.redraw(this.changed);
      this.everythingChanged = false;
      for (const ids of Object.values(this.changed)) ids.clear();
    }, 0);
  }

  private refreshPanel(): void {
    if (this.panel instanceof LinkPanel) {
      const link = this.links.get(this.panel.linkId);
      if (link) this.panel.update(link, this.nodes);
      else this.closePanel();
    } else if (this.panel instanceof NodePanel) {
      const node = this.nodes.get(this.panel.nodeId);
      if (node) this.panel.update(node);
      else this.closePanel();
    }
  }

  private async openLink(linkId: string): Promise<void> {
    const link = this.links.get(linkId);
    if (!link) return;
    const panel = new LinkPanel(this.projectId, link, this.nodes, this.historyOf(linkId), () => Date.now() + this.serverAheadMs);
    this.showPanel(panel);
    try {
      await panel.load();
    } catch (error) {
      this.warn(error);
    }
  }

  private openNode(nodeId: string): void {
    const node = this.nodes.get(nodeId);
    if (node) this.showPanel(new NodePanel(this.projectId, node));
  }

  private showPanel(panel: LinkPanel | NodePanel): void {
    if (this.panel instanceof NodePanel) this.panel.close();
    this.panel = panel;
    const close = document.createElement("button");
    close.type = "button";
    close.className = "close";
    close.textContent = "Close";
    close.addEventListener("click", () => this.closePanel());
    this.elements.panel.replaceChildren(close, panel.element);
    this.elements.panel.hidden = false;
    close.focus();
  }

  /** Closes the panel and gives the focus back to what it was about. */
  closePanel(): void {
    const id = this.panel instanceof LinkPanel ? this.panel.linkId : this.panel?.nodeId;
    if (this.panel instanceof NodePanel) this.panel.close();
    this.panel = undefined;
    this.elements.panel.hidden = true;
    this.elements.panel.replaceChildren();
    if (id) this.elements.canvas.querySelector<SVGGElement>(`[data-id="${CSS.escape(id)}"]`)?.focus();
  }
}
