import { ServerResponse } from "node:http";

type Fetch<Bindings> = (request: Request, bindings: Bindings) => Promise<Response>;

/**
 * Lets the requests being handled finish before the server closes its store. While it
 * drains, the server still listens and answers, but every answer says `Connection: close`,
 * so clients stop sending on connections that are about to go; the drain ends once no
 * request has been handled for a quiet moment (a request already sent on an idle keep-alive
 * connection may not have been read yet) or at a time limit. A request counts until its
 * answer starts: a stream that follows (a notification feed, a file) does not hold it up.
 */
export class RequestDrain {
  private active = 0;
  private draining = false;
  private changed: (() => void) | undefined;

  /** Counts the requests `fetch` answers, HTTP requests and WebSocket upgrades alike. */
  wrap<Bindings extends object>(fetch: Fetch<Bindings>): Fetch<Bindings> {
    return async (request, bindings) => {
      this.active++;
      this.changed?.();
      try {
        const response = await fetch(request, bindings);
        const outgoing = "outgoing" in bindings ? bindings.outgoing : undefined;
        if (this.draining && outgoing instanceof ServerResponse && !outgoing.headersSent) outgoing.setHeader("connection", "close");
        return response;
      } finally {
        this.active--;
        this.changed?.();
      }
    };
  }

  /** Resolves once no request has been handled for `quietMs`, or after `limitMs` whatever is left. */
  drain(limitMs: number, quietMs: number): Promise<void> {
    this.draining = true;
    return new Promise((resolve) => {
      let quiet: NodeJS.Timeout | undefined;
      const finish = () => {
        clearTimeout(limit);
        clearTimeout(quiet);
        this.changed = undefined;
        resolve();
      };
      const limit = setTimeout(finish, limitMs);
      this.changed = () => {
        clearTimeout(quiet);
        if (this.active === 0) quiet = setTimeout(finish, quietMs);
      };
      this.changed();
    });
  }
}
