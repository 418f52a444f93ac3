import type { MiddlewareHandler } from "hono";
import { sameSecret } from "@shared/secrets/same-secret";
import type { ControllerConfig } from "../deps";
import { errorBody } from "./responses";

/**
 * GNS3-compatible HTTP Basic auth on every `/v2` route. Exempt: the dataplane control channel and the
 * daemons' image downloads (daemons present their own token) and node console WebSockets (GNS3 exempts paths ending in
 * `console/ws`). A refusal says nothing beyond 401, whatever was wrong.
 */
export function basicAuth(config: ControllerConfig): MiddlewareHandler {
  const credentials = config.auth;
  if (!credentials) return async (_c, next) => next();
  const expected = new TextEncoder().encode(`${credentials.user}:${credentials.password}`);
  return async (c, next) => {
    const path = c.req.path;
    // `/v3` signs its users in with bearer tokens (bearer-auth.ts).
    if (path.startsWith("/v3/") || path === "/v2/dataplane/ws" || path.startsWith("/v2/dataplane/images/") || path.endsWith("console/ws")) return next();
    if (!matches(c.req.header("authorization"), expected)) {
      return new Response(JSON.stringify(errorBody(401, "401: Unauthorized")), {
        status: 401,
        headers: { "content-type": "application/json", "www-authenticate": 'Basic realm="GNS3 server"' },
      });
    }
    return next();
  };
}

function matches(header: string | undefined, expected: Uint8Array): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match) return false;
  let given: Uint8Array;
  try {
    given = Uint8Array.from(atob(match[1]!), (char) => char.charCodeAt(0));
  } catch {
    return false;
  }
  return sameSecret(given, expected);
}
