import type { Hono } from "hono";
import type { ControllerDeps } from "../deps";
import { expectedToken, tokenRefusal } from "../services/host-tokens";
import { ApiError } from "../http/api-error";
import { fileResponse } from "../http/file-response";
import { openImage } from "../services/images";

/** The header a daemon presents its `--token` in, and the one naming its host (whose own token it may be). */
export const DATAPLANE_TOKEN_HEADER = "x-dataplane-token";
export const DATAPLANE_HOST_HEADER = "x-dataplane-host";

/**
 * `GET /v2/dataplane/images/{filename}`: an image of the store for a dataplane daemon that
 * must run a QEMU node and lacks it. Daemons know their token, not the users' credentials, so
 * this path takes the token instead of Basic auth (see http/basic-auth.ts): a registered
 * host's own, or the shared one.
 */
export function registerDataplaneImageRoutes(app: Hono, deps: ControllerDeps): void {
  app.get("/v2/dataplane/images/:filename{.+}", async (c) => {
    const hostId = c.req.header(DATAPLANE_HOST_HEADER);
    const expected = hostId ? await expectedToken(deps, hostId) : { kind: "shared" as const, token: deps.config.dataplaneToken };
    const given = c.req.header(DATAPLANE_TOKEN_HEADER);
    if (given === undefined || (await tokenRefusal(hostId ?? "", given, expected)) !== undefined) {
      throw new ApiError(401, `Dataplane daemons fetch images with their token in the ${DATAPLANE_TOKEN_HEADER} header and their host id in ${DATAPLANE_HOST_HEADER}`);
    }
    const { file, path } = await openImage(deps, c.req.param("filename"));
    return fileResponse(file, path);
  });
}
