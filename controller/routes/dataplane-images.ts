import type { Hono } from "hono";
import { sameSecret } from "@shared/secrets/same-secret";
import type { ControllerDeps } from "../deps";
import { ApiError } from "../http/api-error";
import { fileResponse } from "../http/file-response";
import { openImage } from "../services/images";

/** The header a daemon presents its `--token` (the controller's `--dataplane-token`) in. */
export const DATAPLANE_TOKEN_HEADER = "x-dataplane-token";

/**
 * `GET /v2/dataplane/images/{filename}`: an image of the store for a dataplane daemon that
 * must run a QEMU node and lacks it. Daemons know the dataplane token, not the users'
 * credentials, so this path takes the token instead of Basic auth (see http/basic-auth.ts).
 */
export function registerDataplaneImageRoutes(app: Hono, deps: ControllerDeps): void {
  app.get("/v2/dataplane/images/:filename{.+}", async (c) => {
    const expected = deps.config.dataplaneToken;
    const given = c.req.header(DATAPLANE_TOKEN_HEADER);
    if (!expected || given === undefined || !sameSecret(given, expected)) {
      throw new ApiError(401, `Dataplane daemons fetch images with the controller's --dataplane-token in the ${DATAPLANE_TOKEN_HEADER} header`);
    }
    const { file, path } = await openImage(deps, c.req.param("filename"));
    return fileResponse(file, path);
  });
}
