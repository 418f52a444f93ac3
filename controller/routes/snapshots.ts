import type { Hono } from "hono";
import { snapshotCreate } from "@shared/schemas/snapshot";
import type { ControllerDeps } from "../deps";
import { projectToWire } from "../domain/projects";
import { snapshotToWire } from "../domain/snapshots";
import { emptyResponse, jsonResponse } from "../http/responses";
import { parseJsonBody } from "../http/validation";
import { createSnapshot, deleteSnapshot, listSnapshots, restoreSnapshot } from "../services/snapshots";

export function registerSnapshotRoutes(app: Hono, deps: ControllerDeps): void {
  app.get("/v2/projects/:project_id/snapshots", async (c) => {
    const projectId = c.req.param("project_id");
    return jsonResponse(200, (await listSnapshots(deps, projectId)).map((snapshot) => snapshotToWire(snapshot, projectId)));
  });

  app.post("/v2/projects/:project_id/snapshots", async (c) => {
    const projectId = c.req.param("project_id");
    const input = await parseJsonBody(c.req.raw, snapshotCreate);
    return jsonResponse(201, snapshotToWire(await createSnapshot(deps, projectId, input), projectId));
  });

  app.delete("/v2/projects/:project_id/snapshots/:snapshot_id", async (c) => {
    await deleteSnapshot(deps, c.req.param("project_id"), c.req.param("snapshot_id"));
    return emptyResponse(204);
  });

  app.post("/v2/projects/:project_id/snapshots/:snapshot_id/restore", async (c) =>
    jsonResponse(201, projectToWire(await restoreSnapshot(deps, c.req.param("project_id"), c.req.param("snapshot_id")))),
  );
}
