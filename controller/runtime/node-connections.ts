import { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Http2Bindings, HttpBindings } from "@hono/node-server";

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
