import { ApiError, call } from "./api";
import { ConsoleTerminal } from "./console-terminal";
import { html } from "./elements";
import type { Node } from "./model";

/** The panel of one node: its status, start/stop, and its console in a terminal. */
export class NodePanel {
  readonly element = html("section", { class: "panel node-panel", "aria-label": "Node" });
  /** Redrawn on each update; the terminal below it is not, so a session survives status changes. */
  private readonly summary = html("div");
  private readonly consoleSlot = html("div");
  private terminal: ConsoleTerminal | undefined;

  constructor(
    private readonly projectId: string,
    private node: Node,
  ) {
    this.element.append(this.summary, this.consoleSlot);
    this.show();
  }

  get nodeId(): string {
    return this.node.node_id;
  }

  update(node: Node): void {
    this.node = node;
    this.show();
  }

  /** Ends the console session, if one is open. */
  close(): void {
    this.terminal?.close();
    this.terminal = undefined;
    this.consoleSlot.replaceChildren();
  }

  /** GNS3 clients open telnet consoles of started nodes; the controller bridges those only. */
  private get consoleReady(): boolean {
    return this.node.status === "started" && this.node.console_type === "telnet" && this.node.console !== null;
  }

  private openConsole(): void {
    this.close();
    const path = `/v2/projects/${this.projectId}/nodes/${this.node.node_id}/console/ws`;
    this.terminal = new ConsoleTerminal(path, this.node.name, () => this.summary.querySelector<HTMLButtonElement>("button.console-button") ?? undefined);
    this.consoleSlot.replaceChildren(this.terminal.element);
    this.terminal.open();
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
    const consoleButton = html("button", { type: "button", class: "console-button", title: this.consoleReady ? undefined : "Start the node to open its telnet console" }, "Console");
    consoleButton.disabled = !this.consoleReady;
    consoleButton.addEventListener("click", () => this.openConsole());
    const focusedLabel = this.summary.contains(document.activeElement) ? document.activeElement?.textContent : undefined;
    this.summary.replaceChildren(
      html("h2", {}, this.node.name),
      html("p", { class: `status ${this.node.status}`, "data-status": this.node.status }, `${this.node.node_type}, ${this.node.status}`),
      html("div", { class: "actions" }, button("Start", "start"), button("Stop", "stop"), consoleButton),
      error,
    );
    if (focusedLabel) [...this.summary.querySelectorAll("button")].find((candidate) => candidate.textContent === focusedLabel)?.focus();
  }
}
