import type { Hono } from "hono";
import { z } from "zod";
import type { ControllerDeps } from "../deps";
import { credentials, ownUpdate, userCreate, userUpdate, userWire } from "../domain/users";
import { requirePrivilege, senderOf, tokenFor } from "../http/bearer-auth";
import { parseV3Body, validateV3 } from "../http/fastapi-validation";
import { bodyText } from "../http/request-body";
import { JSON_BODY_LIMIT } from "../http/validation";
import { ApiError } from "../http/api-error";
import { emptyResponse, jsonResponse } from "../http/responses";
import { authenticate, createUser, deleteUser, getUser, listUsers, updateUser } from "../services/users";

const BASE = "/v3/access/users";

/** FastAPI's `OAuth2PasswordRequestForm`. */
const loginForm = z.object({
  username: z.string(),
  password: z.string(),
  grant_type: z.string().regex(/^password$/, { message: "String should match pattern '^password$'" }).nullish(),
  scope: z.string().optional(),
  client_id: z.string().nullish(),
  client_secret: z.string().nullish(),
});

const userPath = z.object({ user_id: z.uuid() });

/** GNS3 3.0.6's `/v3/access/users`: sign-in, the signed-in user, and the users an admin keeps. */
export function registerUserRoutes(app: Hono, deps: ControllerDeps): void {
  const signIn = async (username: string, password: string) => {
    const user = await authenticate(deps, username, password);
    if (!user) return jsonResponse(401, { message: "Authentication was unsuccessful." }, { "www-authenticate": "Bearer" });
    return jsonResponse(200, { access_token: await tokenFor(deps, user.username), token_type: "bearer" });
  };

  app.post(`${BASE}/login`, async (c) => {
    const text = await bodyText(c.req.raw, JSON_BODY_LIMIT, () => new ApiError(413, `Request body is larger than ${JSON_BODY_LIMIT} bytes`));
    const form = validateV3(c.req.raw, loginForm, Object.fromEntries(new URLSearchParams(text)), "body");
    return signIn(form.username, form.password);
  });

  app.post(`${BASE}/authenticate`, async (c) => {
    const given = await parseV3Body(c.req.raw, credentials);
    return signIn(given.username, given.password);
  });

  app.get(`${BASE}/me`, (c) => jsonResponse(200, userWire(senderOf(c.req.raw))));

  app.put(`${BASE}/me`, async (c) => {
    const user = senderOf(c.req.raw);
    const update = await parseV3Body(c.req.raw, ownUpdate);
    return jsonResponse(200, userWire(await updateUser(deps, user.user_id, update)));
  });

  app.get(BASE, async (c) => {
    requirePrivilege(c.req.raw, "User.Audit");
    return jsonResponse(200, (await listUsers(deps)).map(userWire));
  });

  app.post(BASE, async (c) => {
    requirePrivilege(c.req.raw, "User.Allocate");
    const input = await parseV3Body(c.req.raw, userCreate);
    return jsonResponse(201, userWire(await createUser(deps, input)));
  });

  app.get(`${BASE}/:user_id`, async (c) => {
    requirePrivilege(c.req.raw, "User.Audit");
    const { user_id } = validateV3(c.req.raw, userPath, c.req.param(), "path");
    return jsonResponse(200, userWire(await getUser(deps, user_id)));
  });

  app.put(`${BASE}/:user_id`, async (c) => {
    requirePrivilege(c.req.raw, "User.Modify");
    const { user_id } = validateV3(c.req.raw, userPath, c.req.param(), "path");
    const update = await parseV3Body(c.req.raw, userUpdate);
    return jsonResponse(200, userWire(await updateUser(deps, user_id, update)));
  });

  app.delete(`${BASE}/:user_id`, async (c) => {
    requirePrivilege(c.req.raw, "User.Allocate");
    const { user_id } = validateV3(c.req.raw, userPath, c.req.param(), "path");
    await deleteUser(deps, user_id);
    return emptyResponse(204);
  });
}
