import { connect, type Socket } from "node:net";

/**
 * How a client ends its connection, as the clients that stop servers do: a reset (RST, not a
 * polite FIN) before the server answers, in the middle of the answer or once it came; a
 * half-close after the request; a client that stops reading; or one that reads to the end.
 */
export type Ending =
  | { kind: "read" }
  | { kind: "half-close" }
  | { kind: "reset-before-answer" }
  | { kind: "reset-during-answer" }
  | { kind: "reset-after-answer" }
  | { kind: "stop-reading"; forMs: number };

export interface Exchange {
  /** Sent in order; a pause (ms) between two chunks lets the server see each on its own. */
  chunks: Buffer[];
  pauseMs?: number;
  ending: Ending;
}

export interface ExchangeResult {
  /** What the server sent before the connection ended (or was ended by us). */
  received: Buffer;
  /** How it ended: the server closed, we reset, or the time limit cut it. */
  end: "server-closed" | "we-reset" | "time-limit";
}

/** No exchange takes longer: the server's own timeouts in these runs are shorter. */
const EXCHANGE_LIMIT_MS = 15_000;
/** After a complete answer, how long a `read` waits for more before it takes the connection as idle and leaves. */
const IDLE_MS = 300;
/**
 * How long a `read` waits for a first byte. A server may wait longer for the rest of a
 * request that never comes (its own headers timeout); the client stops waiting before.
 */
const SILENCE_MS = 2000;

/**
 * Runs one exchange on a connection of its own. Never rejects: whatever the server does
 * (answers, closes, resets, stays silent), the result says what was received and how it ended.
 */
export function runExchange(port: number, exchange: Exchange): Promise<ExchangeResult> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port, noDelay: true });
    const received: Buffer[] = [];
    let finished = false;
    let idle: NodeJS.Timeout | undefined;
    const finish = (end: ExchangeResult["end"]) => {
      if (finished) return;
      finished = true;
      clearTimeout(limit);
      clearTimeout(idle);
      if (end === "we-reset" || end === "time-limit") resetQuietly(socket);
      else socket.destroy();
      resolve({ received: Buffer.concat(received), end });
    };
    const limit = setTimeout(() => finish("time-limit"), EXCHANGE_LIMIT_MS);
    socket.on("error", () => finish("server-closed"));
    socket.on("close", () => finish("server-closed"));
    socket.on("end", () => finish("server-closed"));
    const { ending } = exchange;
    socket.on("data", (chunk: Buffer) => {
      received.push(chunk);
      if (ending.kind === "reset-during-answer") return finish("we-reset");
      if (ending.kind === "reset-after-answer" && answerComplete(Buffer.concat(received))) return finish("we-reset");
      if (ending.kind === "read" || ending.kind === "half-close") {
        // An answer that never ends (a stream, an upgraded socket) is read for a moment, then left.
        clearTimeout(idle);
        idle = setTimeout(() => finish("we-reset"), IDLE_MS);
      }
    });
    socket.once("connect", async () => {
      if (ending.kind === "stop-reading") socket.pause();
      for (const [index, chunk] of exchange.chunks.entries()) {
        if (finished) return;
        if (index > 0 && exchange.pauseMs) await sleep(exchange.pauseMs);
        if (!socket.writable) return;
        socket.write(chunk);
      }
      if (finished) return;
      if (ending.kind === "reset-before-answer") return finish("we-reset");
      if (ending.kind === "half-close") socket.end();
      if (ending.kind === "read" || ending.kind === "half-close") idle = setTimeout(() => finish("we-reset"), SILENCE_MS);
      if (ending.kind === "stop-reading") {
        await sleep(ending.forMs);
        finish("we-reset");
      }
    });
  });
}

/** A whole HTTP answer is in: its head, and the body its Content-Length announces (none for a 101). */
export function answerComplete(bytes: Buffer): boolean {
  const headEnd = bytes.indexOf("\r\n\r\n");
  if (headEnd < 0) return false;
  const head = bytes.subarray(0, headEnd).toString("latin1");
  if (/^HTTP\/1\.1 101/.test(head)) return true;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) return bytes.length - headEnd - 4 >= Number(length[1]);
  return /\r\ntransfer-encoding:\s*chunked/i.test(head) ? bytes.includes("\r\n0\r\n\r\n", headEnd) : true;
}

/** The status of the first answer in `bytes`, or undefined when none came whole enough to say. */
export function answerStatus(bytes: Buffer): number | undefined {
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(bytes.subarray(0, 16).toString("latin1"));
  return match ? Number(match[1]) : undefined;
}

function resetQuietly(socket: Socket): void {
  if (socket.destroyed) return;
  try {
    socket.resetAndDestroy();
  } catch {
    socket.destroy();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
