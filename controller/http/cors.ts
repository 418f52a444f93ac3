import type { Context, MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { createLogger, type Logger } from "@shared/logging/logger";

/**
 * Origins a refusal was logged for, at most: any client can send any Origin, and the log must
 * not be one line per made-up origin.
 */
const REFUSALS_LOGGED = 32;

/**
 * Lets pages from `origins` call the API from a browser, as GNS3 2.2's server does: with
 * credentials, any method and header, and every response header readable. It runs before
 * authentication, since browsers send a preflight without credentials and give up on a 401;
 * the answers after it (401 and every other error included) carry the headers too, so the
 * page can read why it was refused. A refused origin gets no `Access-Control-Allow-Origin`,
 * which is what makes the browser keep the answer from the page. The page only sees "failed to
 * fetch", so the operator is told once per origin, in the log, which flag would allow it.
 */
export function crossOrigin(origins: readonly string[], log: Logger = createLogger("controller.cors")): MiddlewareHandler {
  const allowed = new Set(origins);
  const logged = new Set<string>();
  const refused = (origin: string) => {
    if (logged.has(origin) || logged.size >= REFUSALS_LOGGED) return;
    logged.add(origin);
    log.warn("a browser page from an origin not allowed called the API: the browser keeps every answer from it", {
      origin,
      allow_with: `--cors-origin ${origin} (on Workers: CONTROLLER_CORS_ORIGINS)`,
    });
  };
  const answer = cors({
    origin: (origin) => {
      if (allowed.has(origin)) return origin;
      refused(origin);
      return null;
    },
    credentials: true,
    // GNS3 allows every method: the preflight is told the one it asks about.
    allowMethods: (_origin, c) => [c.req.header("access-control-request-method") ?? ""],
    // Left empty, the headers a preflight asks about are allowed.
    allowHeaders: [],
  });
  return async (c, next) => {
    // Requests from outside browsers carry no Origin; WebSocket handshakes are not subject to CORS.
    if (c.req.header("origin") === undefined || c.req.header("upgrade")?.toLowerCase() === "websocket") return next();
    // Only a preflight is answered here; any other OPTIONS request is the app's to answer.
    if (c.req.method === "OPTIONS" && c.req.header("access-control-request-method") === undefined) return next();
    return answer(c, async () => {
      await next();
      exposeEveryHeader(c);
    });
  };
}

/** What CORS lets a page read without being told (and the CORS headers themselves). */
const READABLE_ANYWAY = new Set(["cache-control", "content-language", "content-length", "content-type", "expires", "last-modified", "pragma"]);

/**
 * GNS3's `expose_headers="*"`: the page may read every header of the answer. A literal `*`
 * means nothing on a request with credentials, so the names are listed.
 */
function exposeEveryHeader(c: Context): void {
  if (!c.res.headers.has("access-control-allow-origin")) return;
  const names = [...c.res.headers.keys()].filter((name) => !READABLE_ANYWAY.has(name) && !name.startsWith("access-control-"));
  if (names.length > 0) c.res.headers.set("access-control-expose-headers", names.join(","));
}
