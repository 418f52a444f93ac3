import type { MiddlewareHandler } from "hono";
import type { ControllerDeps } from "../deps";
import { unavailable } from "../domain/errors";
import { ApiError } from "./api-error";
import { jsonResponse } from "./responses";
import { userNamed } from "../services/users";
import { signingKey, signToken, verifyToken, type SigningKey } from "@shared/secrets/jwt";
import type { UserRecord } from "../domain/users";

/** GNS3's token lifetime: 24 h. */
const DEFAULT_LIFETIME_MINUTES = 1440;

/** `/v3` routes a client reaches before it has a token, as in GNS3 3.0.6: method and path. */
const OPEN_ROUTES: ReadonlyArray<readonly [string, RegExp]> = [
  ["POST", /^\/v3\/access\/users\/(login|authenticate)$/],
  ["GET", /^\/v3\/version$/],
  ["POST", /^\/v3\/version$/],
  ["GET", /^\/v3\/symbols\/.+\/raw$/],
];

/** Who sent each request that `bearerAuth` let through. */
const senders = new WeakMap<Request, UserRecord>();

const keysBySecret = new Map<string, Promise<SigningKey>>();

function keyOf(deps: ControllerDeps): Promise<SigningKey> {
  const secret = deps.config.tokenSecret;
  // A Worker without its TOKEN_SECRET: signing in must fail loudly, not with a guessable key.
  if (!secret) throw unavailable("This controller has no secret to sign tokens with: set TOKEN_SECRET (a secret of the Worker) and try again");
  let key = keysBySecret.get(secret);
  if (!key) keysBySecret.set(secret, (key = signingKey(secret)));
  return key;
}

/** A bearer token for the user of this name, valid for the configured lifetime. */
export async function tokenFor(deps: ControllerDeps, username: string): Promise<string> {
  const lifetimeSeconds = 60 * (deps.config.tokenLifetimeMinutes ?? DEFAULT_LIFETIME_MINUTES);
  return signToken({ sub: username, exp: Math.floor(Date.now() / 1000) + lifetimeSeconds }, await keyOf(deps));
}

/** The user `bearerAuth` found for this request. */
export function senderOf(request: Request): UserRecord {
  const user = senders.get(request);
  if (!user) throw new Error("senderOf: the request did not pass bearerAuth");
  return user;
}

/**
 * `/v3`'s sign-in check, as GNS3 3.0.6 makes it: a bearer token in `Authorization`, or else in
 * `?token=` (WebSockets and downloads cannot set headers), naming a user who still exists and
 * is active (the superadmin always is). A deleted, renamed or disabled user's tokens stop
 * working at once, since every request reads the user.
 */
export function bearerAuth(deps: ControllerDeps): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    if (!path.startsWith("/v3/") || OPEN_ROUTES.some(([method, open]) => method === c.req.method && open.test(path))) return next();
    const token = bearerToken(c.req.header("authorization")) ?? c.req.query("token");
    if (token === undefined) return refusal("Not authenticated");
    const claims = await verifyToken(token, await keyOf(deps), Math.floor(Date.now() / 1000));
    const user = claims && (await userNamed(deps, claims.sub));
    if (!user) return refusal("Could not validate credentials");
    if (!user.is_active && !user.is_superadmin) return refusal("Not an active user");
    senders.set(c.req.raw, user);
    return next();
  };
}

/** The token of `Authorization: Bearer …`; none for another scheme or an empty one. */
function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const space = header.indexOf(" ");
  const scheme = space < 0 ? header : header.slice(0, space);
  const token = space < 0 ? "" : header.slice(space + 1);
  return scheme.toLowerCase() === "bearer" && token !== "" ? token : undefined;
}

function refusal(message: string): Response {
  return jsonResponse(401, { message }, { "www-authenticate": "Bearer" });
}

/**
 * `has_privilege` of GNS3 3.0.6: the superadmin holds every privilege. Other users hold one
 * only through an ACL entry that gives it on the request's path, and this server keeps no ACL
 * entries yet, so they hold none: GNS3's answer for a user no entry names.
 */
export function requirePrivilege(request: Request, privilege: string): UserRecord {
  const user = senderOf(request);
  if (!user.is_superadmin) throw new ApiError(403, `Permission denied (privilege ${privilege} is required)`);
  return user;
}
