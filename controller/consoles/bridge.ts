import type { WSContext, WSEvents } from "hono/ws";
import { createLogger } from "@shared/logging/logger";
import type { TcpConnection } from "./tcp";

const log = createLogger("controller.console");

/**
 * The upgrade may never complete after the console was dialled (the client left during the
 * handshake); the connection is then given up after this long.
 */
const UNCLAIMED_MS = 10_000;

/** WebSocket close code 1000: the console ended normally. */
const NORMAL_CLOSURE = 1000;

/** Console output waiting for a client beyond this makes the console wait, rather than memory grow. */
const CLIENT_BACKLOG_BYTES = 1024 * 1024;

/**
 * A WebSocket joined to a node's telnet console, byte for byte as GNS3 does: what the console
 * sends goes to the client as binary frames; text and binary frames from the client go to
 * the console as their bytes (text as UTF-8). Telnet negotiation passes through untouched,
 * for the client's terminal to answer. Whichever side closes, the other is closed.
 */
export function consoleBridge(connection: TcpConnection, ids: Record<string, string>): WSEvents {
  let ended = false;
  const reader = connection.readable.getReader();
  let client: WSContext | undefined;
  /**
   * Everything goes at once, whichever side ended: the console's connection, the read of it
   * (on workerd a closed socket's pending read never settles), and the client's socket (which
   * workerd holds, descriptor and all, until it is closed from our side).
   */
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(unclaimed);
    connection.close();
    void reader.cancel().catch(() => {});
    if (client) closeQuietly(client);
  };
  const unclaimed = setTimeout(end, UNCLAIMED_MS);
  return {
    onOpen: (_event, ws) => {
      clearTimeout(unclaimed);
      client = ws;
      log.debug("console opened", ids);
      void forward(reader, ws, () => ended).finally(() => {
        end();
        log.debug("console closed", ids);
      });
    },
    onMessage: (event) => {
      const bytes = frameBytes(event.data);
      if (ended || bytes === undefined) return;
      connection.write(bytes).catch(end);
    },
    onClose: end,
    onError: end,
  };
}

/**
 * Sends every chunk the console writes until it closes (or the connection is ended). While a
 * client is far behind, reading stops, so the console (and the node writing to it) waits.
 */
async function forward(reader: ReadableStreamDefaultReader<Uint8Array>, ws: WSContext, ended: () => boolean): Promise<void> {
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      ws.send(value as Uint8Array<ArrayBuffer>);
      while (backlog(ws) > CLIENT_BACKLOG_BYTES && !ended()) await new Promise((resume) => setTimeout(resume, 20));
    }
  } catch {
    // The connection was reset or ended from our side: either way there is nothing more to send.
  }
}

/** What the runtime's socket still holds for the client; Workers' sockets do not say. */
function backlog(ws: WSContext): number {
  return (ws.raw as { bufferedAmount?: number } | undefined)?.bufferedAmount ?? 0;
}

function frameBytes(data: unknown): Uint8Array | undefined {
  if (typeof data === "string") return new TextEncoder().encode(data);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return undefined;
}

/** The client may have closed first, or be closing: then there is nothing to do. */
function closeQuietly(ws: WSContext): void {
  try {
    ws.close(NORMAL_CLOSURE, "console closed");
  } catch {
    // Already closed.
  }
}
