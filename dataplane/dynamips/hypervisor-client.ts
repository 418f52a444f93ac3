/**
 * A connection to one Dynamips hypervisor (`dynamips -H`): commands go one at a time, in call
 * order, each resolving with its reply's values or rejecting with the hypervisor's refusal.
 * A reply that breaks the protocol, a silence longer than the timeout or a closed connection
 * rejects the command and every one after it: the connection is given up, not guessed at.
 */
import { createConnection, type Socket } from "node:net";
import { HypervisorBroken, commandLine, parseReplyLine, replyValues, type ReplyLine } from "./hypervisor-replies";

/** Longest reply line accepted; dynamips' own lines are short (base64 configs aside, which we never ask for). */
const MAX_LINE_BYTES = 1 << 20;
const DEFAULT_TIMEOUT_MS = 30_000;

interface Pending {
  line: string;
  lines: ReplyLine[];
  resolve(values: string[]): void;
  reject(error: Error): void;
}

export class HypervisorClient {
  private readonly queue: Pending[] = [];
  private buffered = "";
  private broken: Error | null = null;
  private timer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly socket: Socket,
    private readonly timeoutMs: number,
  ) {
    socket.setEncoding("latin1");
    socket.setNoDelay(true);
    socket.on("data", (chunk: string) => this.receive(chunk));
    socket.on("error", (error) => this.fail(new HypervisorBroken(`connection to Dynamips failed: ${error.message}`)));
    socket.on("close", () => this.fail(new HypervisorBroken("Dynamips closed its hypervisor connection")));
  }

  /** Connects to the hypervisor at `port` on loopback; rejects when nothing listens there. */
  static connect(port: number, options: { host?: string; timeoutMs?: number } = {}): Promise<HypervisorClient> {
    return new Promise((resolve, reject) => {
      const socket = createConnection({ host: options.host ?? "127.0.0.1", port });
      socket.once("error", reject);
      socket.once("connect", () => {
        socket.off("error", reject);
        resolve(new HypervisorClient(socket, options.timeoutMs ?? DEFAULT_TIMEOUT_MS));
      });
    });
  }

  /** Sends `module command args…` (names quoted) and resolves with the reply's values. */
  send(module: string, command: string, ...args: Array<string | number>): Promise<string[]> {
    let line: string;
    try {
      line = commandLine(module, command, args);
    } catch (error) {
      return Promise.reject(error);
    }
    if (this.broken) return Promise.reject(this.broken);
    return new Promise((resolve, reject) => {
      this.queue.push({ line, lines: [], resolve, reject });
      if (this.queue.length === 1) this.begin();
    });
  }

  get usable(): boolean {
    return this.broken === null;
  }

  close(): void {
    this.fail(new HypervisorBroken("the hypervisor connection was closed"));
  }

  private begin(): void {
    const head = this.queue[0];
    if (!head) return;
    this.socket.write(`${head.line}\n`);
    this.timer = setTimeout(() => this.fail(new HypervisorBroken(`Dynamips did not answer "${head.line}" within ${this.timeoutMs} ms`)), this.timeoutMs);
  }

  private receive(chunk: string): void {
    this.buffered += chunk;
    for (let end = this.buffered.indexOf("\n"); end >= 0 && !this.broken; end = this.buffered.indexOf("\n")) {
      const text = this.buffered.slice(0, end).replace(/\r$/, "");
      this.buffered = this.buffered.slice(end + 1);
      this.take(text);
    }
    if (this.buffered.length > MAX_LINE_BYTES) this.fail(new HypervisorBroken("Dynamips sent a reply line longer than 1 MiB"));
  }

  private take(text: string): void {
    const head = this.queue[0];
    if (!head) return this.fail(new HypervisorBroken(`Dynamips sent ${JSON.stringify(text.slice(0, 120))} when no command was waiting`));
    let line: ReplyLine;
    try {
      line = parseReplyLine(text);
    } catch (error) {
      return this.fail(error as Error);
    }
    head.lines.push(line);
    if (!line.last) return;
    clearTimeout(this.timer);
    this.queue.shift();
    try {
      head.resolve(replyValues(head.line, head.lines));
    } catch (error) {
      head.reject(error as Error);
    }
    this.begin();
  }

  private fail(error: Error): void {
    if (this.broken) return;
    this.broken = error;
    clearTimeout(this.timer);
    this.socket.destroy();
    for (const pending of this.queue.splice(0)) pending.reject(error);
  }
}
