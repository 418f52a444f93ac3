/**
 * A client of QEMU's machine protocol (QMP) on the unix socket QEMU serves: one JSON object a
 * line, a greeting, `qmp_capabilities` to enter command mode, then commands answered in
 * order with `return` or `error`; asynchronous `event`s come in between and are skipped.
 * Every command is bounded: a QEMU that stops answering is a failure, not a hang.
 */
import { connect, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

const COMMAND_TIMEOUT_MS = 5000;
const CONNECT_RETRY_MS = 25;

interface Pending {
  readonly command: string;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
}

export class QmpClient {
  private readonly pending: Pending[] = [];
  private buffer = "";
  private closedBecause: Error | undefined;
  private greetingSeen = false;
  private greeting: ((error?: Error) => void) | undefined;

  private constructor(private readonly socket: Socket) {
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => this.receive(chunk));
    socket.on("error", () => {});
    socket.on("close", () => this.fail(new Error("the QMP connection closed")));
  }

  /**
   * Connects to `path` once QEMU has created it, retrying until `deadline` (a
   * `performance.now()` time) or until `gaveUp()` says to stop (the process exited).
   */
  static async connect(path: string, deadline: number, gaveUp: () => boolean): Promise<QmpClient> {
    for (;;) {
      const socket = await new Promise<Socket | Error>((resolve) => {
        const attempt = connect({ path });
        attempt.once("connect", () => resolve(attempt)).once("error", resolve);
      });
      if (!(socket instanceof Error)) {
        const client = new QmpClient(socket);
        await client.greeted(Math.max(deadline - performance.now(), 0));
        await client.execute("qmp_capabilities");
        return client;
      }
      if (gaveUp() || performance.now() > deadline) throw new Error(`QMP socket not served: ${socket.message}`);
      await sleep(CONNECT_RETRY_MS);
    }
  }

  /** Runs a command and resolves with its `return`; rejects with QEMU's error, a timeout or a closed connection. */
  execute(command: string, args?: Record<string, unknown>, timeoutMs = COMMAND_TIMEOUT_MS): Promise<unknown> {
    if (this.closedBecause) return Promise.reject(this.closedBecause);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(new Error(`QEMU did not answer the QMP command ${command} within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = <T>(settle: (value: T) => void) => (value: T) => {
        clearTimeout(timer);
        settle(value);
      };
      this.pending.push({ command, resolve: done(resolve), reject: done(reject) });
      this.socket.write(`${JSON.stringify(args ? { execute: command, arguments: args } : { execute: command })}\n`);
    });
  }

  close(): void {
    this.fail(new Error("the QMP connection closed"));
  }

  /** Resolves once QEMU's greeting arrived (the connection's first message). */
  private greeted(timeoutMs: number): Promise<void> {
    if (this.greetingSeen) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error(`QEMU sent no QMP greeting within ${timeoutMs} ms`)), timeoutMs);
      this.greeting = (error) => {
        clearTimeout(timer);
        this.greeting = undefined;
        if (error) reject(error);
        else resolve();
      };
    });
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    for (let end = this.buffer.indexOf("\n"); end >= 0; end = this.buffer.indexOf("\n")) {
      const line = this.buffer.slice(0, end).trim();
      this.buffer = this.buffer.slice(end + 1);
      if (line !== "") this.message(line);
    }
  }

  private message(line: string): void {
    let message: { QMP?: unknown; event?: unknown; return?: unknown; error?: { desc?: string } };
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    if (message.QMP !== undefined) {
      this.greetingSeen = true;
      this.greeting?.();
    }
    if (message.event !== undefined || message.QMP !== undefined) return;
    const pending = this.pending.shift();
    if (pending === undefined) return;
    if (message.error !== undefined) pending.reject(new Error(`QMP ${pending.command}: ${message.error.desc ?? "failed"}`));
    else pending.resolve(message.return);
  }

  private fail(error: Error): void {
    if (this.closedBecause) return;
    this.closedBecause = error;
    this.greeting?.(error);
    this.pending.splice(0).forEach((pending) => pending.reject(error));
    this.socket.destroy();
  }
}
