import { ApiError, call } from "./api";
import { html } from "./elements";
import type { Node } from "./model";

/** The panel of one node: its status and start/stop. */
export class NodePanel {
  readonly element = html("section", { class: "panel node-panel", "aria-label": "Node" });

  constructor(
    private readonly projectId: string,
    private node: Node,
  ) {
    this.show();
  }

  get nodeId(): string {
    return this.node.node_id;
  }

  update(node: Node): void {
    this.node = node;
    this.show();
  }

  private show(): void {
    const path = `/v2/projects/${this.projectId}/nodes/${this.node.node_id}`;
    const error = html("p", { class: "error", role: "alert" });
    const button = (label: string, action: "start" | "stop") => {
      const element = html("button", { type: "button" }, label);
      element.addEventListener("click", async () => {
        error.textContent = "";
        element.disabled = true;
        try {
          this.update(await call<Node>("POST", `${path}/${action}`, {}));
        } catch (thrown) {
          error.textContent = thrown instanceof ApiError ? thrown.message : String(thrown);
        } finally {
          element.disabled = false;
        }
      });
      return element;
    };
    const focusedLabel = this.element.contains(document.activeElement) ? document.activeElement?.textContent : undefined;
    this.element.replaceChildren(
      html("h2", {}, this.node.name),
      html("p", { class: `status ${this.node.status}`, "data-status": this.node.status }, `${this.node.node_type}, ${this.node.status}`),
      html("div", { class: "actions" }, button("Start", "start"), button("Stop", "stop")),
      error,
    );
    if (focusedLabel) [...this.element.querySelectorAll("button")].find((candidate) => candidate.textContent === focusedLabel)?.focus();
  }
}
