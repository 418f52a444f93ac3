import type { Hono } from "hono";
import type { ControllerDeps } from "../deps";
import { declaredLength } from "../http/content-length";
import { fileResponse } from "../http/file-response";
import { emptyResponse, jsonResponse } from "../http/responses";
import { LOCAL_COMPUTE_ID } from "../domain/computes";
import { listComputeImages } from "../services/compute-resources";
import { listImages, openImage, uploadImage } from "../services/images";

/**
 * GNS3 serves these per emulator with file images (`/v2/compute/qemu/images`, `iou`, `dynamips`);
 * here one store holds the images of every emulator, under each of those paths and under
 * `/v2/compute/emulator/images`.
 */
const IMAGE_PATHS = ["/v2/compute/emulator/images", "/v2/compute/:emulator{qemu|iou|dynamips}/images"] as const;

export function registerImageRoutes(app: Hono, deps: ControllerDeps): void {
  // The Docker template wizards list these: the images of the local host's engine, as its daemon reported them.
  app.get("/v2/compute/docker/images", async () => jsonResponse(200, await listComputeImages(deps, LOCAL_COMPUTE_ID, "docker")));

  for (const images of IMAGE_PATHS) {
    app.get(images, async () => jsonResponse(200, await listImages(deps)));

    // Raw endpoints: the body is the image's bytes and streams straight to the store.
    app.post(`${images}/:filename{.+}`, async (c) => {
      await uploadImage(deps, c.req.param("filename"), { body: c.req.raw.body, declaredLength: declaredLength(c.req.raw) });
      return emptyResponse(204);
    });

    app.get(`${images}/:filename{.+}`, async (c) => {
      const { file, path } = await openImage(deps, c.req.param("filename"));
      return fileResponse(file, path);
    });
  }
}
