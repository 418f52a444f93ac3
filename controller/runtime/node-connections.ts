import { IncomingMessage, ServerResponse, type Server, type ServerOptions } from "node:http";
import type { Socket } from "node:net";
import type { Http2Bindings, HttpBindings } from "@hono/node-server";

/** How long a client may take before the Node server gives up on it. */
export interface ConnectionTimeouts {
  /** For a request's headers to arrive whole; against clients that send them a byte at a time. */
  headersMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: number;
  /**
   * A connection is cut when, over this long, a request body we are reading or an answer
   * waiting for the client moved less than `MIN_BYTES_PER_SECOND`: a client trickling a body
   * or not reading its answer holds a socket, a file and memory for as long as it likes.
   */
  stallMs: number;
}

/**
 * Headers come in one packet from any real client; a lab link of a few KiB/s still moves an
 * upload or a download well above the minimum rate.
 */
export const DEFAULT_CONNECTION_TIMEOUTS: ConnectionTimeouts = { headersMs: 10_000, keepAliveMs: 5_000, stallMs: 30_000 };

const MIN_BYTES_PER_SECOND = 1024;

/**
 * Node's own timeouts. Its request timeout (the whole request within 5 minutes by default)
 * would cut a multi-gigabyte image upload short, so it is off: the stall guard cuts slow bodies
 * by their rate instead. Expired headers are looked for every second, not every 30 s.
 */
export function serverOptions(timeouts: ConnectionTimeouts): ServerOptions {
  return {
    headersTimeout: timeouts.headersMs,
    requestTimeout: 0,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionsCheckingInterval: Math.min(1000, Math.max(10, timeouts.headersMs / 4)),
  };
}

interface Transfer {
  /** Bytes read from the client at the last look. */
  read: number;
  /** Bytes the client had taken of our answers at the last look. */
  taken: number;
  /** Whether answer bytes were waiting for the client at the last look. */
  waiting: boolean;
  /** The request whose body may be arriving. */
  request?: IncomingMessage;
  /** Whether the app held that body back (a full queue) since the last look: not the client's fault. */
  heldBack: boolean;
}

/**
 * Looks at every connection once per `stallMs` and destroys those whose client kept a transfer
 * from moving: a body we were reading, or an answer (a download, a notification stream, a
 * WebSocket) waiting in the socket, that moved less than the minimum rate over the whole
 * period. Bodies the app was not reading, and idle connections, are left to the other timeouts.
 * Returns how to stop looking.
 */
export function guardStalledTransfers(server: Server, stallMs: number): () => void {
  const transfers = new Map<Socket, Transfer>();
  const minimum = (MIN_BYTES_PER_SECOND * stallMs) / 1000;
  server.on("connection", (socket: Socket) => {
    transfers.set(socket, { read: socket.bytesRead, taken: taken(socket), waiting: false, heldBack: false });
    socket.once("close", () => transfers.delete(socket));
  });
  server.on("request", (request: IncomingMessage) => {
    const transfer = transfers.get(request.socket);
    if (!transfer) return;
    transfer.request = request;
    transfer.heldBack = false;
    request.on("pause", () => (transfer.heldBack = true));
  });
  const look = (): void => {
    for (const [socket, transfer] of transfers) {
      const read = socket.bytesRead;
      const gave = taken(socket);
      const { request } = transfer;
      const receiving = request !== undefined && !request.complete && request.readableFlowing === true && !transfer.heldBack;
      const sending = transfer.waiting && socket.writableLength > 0;
      if ((receiving && read - transfer.read < minimum) || (sending && gave - transfer.taken < minimum)) {
        socket.destroy();
        continue;
      }
      Object.assign(transfer, { read, taken: gave, waiting: socket.writableLength > 0, heldBack: request?.readableFlowing === false });
    }
  };
  const timer = setInterval(look, stallMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Bytes written that the kernel has taken: `bytesWritten` also counts what still waits in our buffer. */
function taken(socket: Socket): number {
  return socket.bytesWritten - socket.writableLength;
}

type Fetch = (request: Request, bindings: HttpBindings | Http2Bindings) => Promise<Response>;

/** How long a client still sending a body we refused has to read the answer before the connection goes. */
const LINGER_MS = 2000;

/**
 * Answers that come before the request body has arrived (an upload refused as too large, a
 * 404 for an upload) say `Connection: close`: the rest of that body is not read, so the
 * connection cannot carry another request. Node would close it the moment the answer is
 * written, and a client still sending then gets a reset that can destroy the answer before it
 * reads it; so the connection lingers instead: our side is shut after the answer, what the
 * client still sends is discarded, and it is dropped after `LINGER_MS`.
 */
export function closingWhenBodyUnread(fetch: Fetch): Fetch {
  return async (request, bindings) => {
    const response = await fetch(request, bindings);
    const { incoming, outgoing } = bindings;
    if (incoming instanceof IncomingMessage && outgoing instanceof ServerResponse && !incoming.complete && !outgoing.headersSent) {
      outgoing.setHeader("connection", "close");
      lingerOnClose(incoming.socket);
    }
    return response;
  };
}

/** Node's HTTP server ends a `Connection: close` exchange with `destroySoon`; this one lingers. */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function lingeringClose(this: Socket): void {
    if (this.destroyed) return;
    this.end();
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
}
