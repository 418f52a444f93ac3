import type { Hono } from "hono";
import type { ControllerDeps } from "../deps";
import { declaredLength } from "../http/content-length";
import { fileResponse } from "../http/file-response";
import { emptyResponse, jsonResponse } from "../http/responses";
import { listImages, openImage, uploadImage } from "../services/images";

/** GNS3 serves these under `/v2/compute/qemu/images`; ours are for every emulator. */
export function registerImageRoutes(app: Hono, deps: ControllerDeps): void {
  app.get("/v2/compute/emulator/images", async () => jsonResponse(200, await listImages(deps)));

  // Raw endpoints: the body is the image's bytes and streams straight to the store.
  app.post("/v2/compute/emulator/images/:filename{.+}", async (c) => {
    await uploadImage(deps, c.req.param("filename"), { body: c.req.raw.body, declaredLength: declaredLength(c.req.raw) });
    return emptyResponse(204);
  });

  app.get("/v2/compute/emulator/images/:filename{.+}", async (c) => {
    const { file, path } = await openImage(deps, c.req.param("filename"));
    return fileResponse(file, path);
  });
}
