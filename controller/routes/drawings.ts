import type { Hono } from "hono";
import { drawingInput } from "@shared/schemas/drawing";
import type { ControllerDeps } from "../deps";
import { drawingToWire } from "../domain/drawings";
import { emptyResponse, jsonBytesResponse, jsonResponse } from "../http/responses";
import { cachedListBody } from "../services/list-cache";
import { parseJsonBody } from "../http/validation";
import { createDrawing, deleteDrawing, listDrawings, loadDrawing, updateDrawing } from "../services/drawings";

export function registerDrawingRoutes(app: Hono, deps: ControllerDeps): void {
  app.get("/v2/projects/:project_id/drawings", async (c) =>
    jsonBytesResponse(
      200,
      await cachedListBody(deps, c.req.param("project_id"), "drawings", async () =>
        (await listDrawings(deps, c.req.param("project_id"))).map(drawingToWire),
      ),
    ),
  );

  app.post("/v2/projects/:project_id/drawings", async (c) => {
    const input = await parseJsonBody(c.req.raw, drawingInput);
    return jsonResponse(201, drawingToWire(await createDrawing(deps, c.req.param("project_id"), input)));
  });

  app.get("/v2/projects/:project_id/drawings/:drawing_id", async (c) =>
    jsonResponse(200, drawingToWire(await loadDrawing(deps, c.req.param("project_id"), c.req.param("drawing_id")))),
  );

  // GNS3 answers a drawing update with 201, unlike project and node updates.
  app.put("/v2/projects/:project_id/drawings/:drawing_id", async (c) => {
    const input = await parseJsonBody(c.req.raw, drawingInput);
    const record = await updateDrawing(deps, c.req.param("project_id"), c.req.param("drawing_id"), input);
    return jsonResponse(201, drawingToWire(record));
  });

  app.delete("/v2/projects/:project_id/drawings/:drawing_id", async (c) => {
    await deleteDrawing(deps, c.req.param("project_id"), c.req.param("drawing_id"));
    return emptyResponse(204);
  });
}
