import { Terminal } from "@xterm/xterm";
import { html } from "./elements";

/**
 * A node's console in a terminal on the page: the bytes of `…/console/ws` (the node's telnet
 * console, bridged by the controller) both ways. It never reconnects by itself: a console that
 * went away may have been a node stopping, so the user chooses to reconnect.
 *
 * Keys go to the node, Escape included (serial consoles use it); Shift+Escape leaves the
 * terminal for the panel's buttons, so a keyboard user is never trapped in it.
 */
export class ConsoleTerminal {
  readonly element = html("div", { class: "console" });
  private readonly status = html("p", { class: "console-status", role: "status", "aria-live": "polite" });
  private readonly reconnect = html("button", { type: "button", hidden: "" }, "Reconnect");
  private readonly screen = html("div", { class: "console-screen" });
  private readonly terminal = new Terminal({ convertEol: false, cursorBlink: true, fontSize: 13, rows: 20, cols: 80, scrollback: 2000 });
  private readonly encoder = new TextEncoder();
  private socket: WebSocket | undefined;
  private closed = false;

  constructor(
    private readonly path: string,
    private readonly nodeName: string,
    /** Where focus goes when the user leaves the terminal with Shift+Escape. */
    private readonly leaveTo: () => HTMLElement | undefined,
  ) {
    this.reconnect.addEventListener("click", () => this.connect());
    this.element.append(
      this.status,
      this.screen,
      html("p", { class: "hint" }, "Shift+Esc leaves the terminal."),
      this.reconnect,
    );
    this.terminal.attachCustomKeyEventHandler((event) => {
      if (event.key !== "Escape" || !event.shiftKey) return true;
      if (event.type === "keydown") this.leaveTo()?.focus();
      return false;
    });
    // The page closes its panel on Escape: inside the terminal, Escape belongs to the node, and
    // Shift+Escape only leaves the terminal.
    this.screen.addEventListener("keydown", (event) => {
      if (event.key === "Escape") event.stopPropagation();
    });
    this.terminal.onData((data) => this.send(this.encoder.encode(data)));
    this.terminal.onBinary((data) => this.send(Uint8Array.from(data, (character) => character.charCodeAt(0))));
  }

  /** Shows the terminal (the element must be in the page) and connects. */
  open(): void {
    this.terminal.open(this.screen);
    this.connect();
    this.terminal.focus();
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
    this.terminal.dispose();
  }

  private connect(): void {
    this.socket?.close();
    const url = new URL(this.path, location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(url);
    socket.binaryType = "arraybuffer";
    this.socket = socket;
    this.show(`Connecting to ${this.nodeName}'s console…`, false);
    socket.onopen = () => {
      this.show(`Connected to ${this.nodeName}'s console.`, false);
      this.terminal.focus();
    };
    socket.onmessage = (message) => {
      this.terminal.write(typeof message.data === "string" ? message.data : new Uint8Array(message.data as ArrayBuffer));
    };
    socket.onclose = (event) => {
      if (this.closed || this.socket !== socket) return;
      // The server refuses before the upgrade (a node not started answers 409): the browser only says 1006.
      const reason = event.reason || (event.code === 1006 ? "the console could not be reached (is the node started?)" : `closed (${event.code})`);
      this.show(`Disconnected from ${this.nodeName}'s console: ${reason}.`, true);
    };
  }

  private send(bytes: Uint8Array): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(bytes);
  }

  private show(text: string, canReconnect: boolean): void {
    this.status.textContent = text;
    this.status.dataset.state = canReconnect ? "disconnected" : "connected";
    this.reconnect.hidden = !canReconnect;
  }
}
