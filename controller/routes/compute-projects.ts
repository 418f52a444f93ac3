import type { Hono } from "hono";
import { projectCreate, projectUpdate } from "@shared/schemas/project";
import type { ControllerDeps } from "../deps";
import { computeProjectToWire } from "../domain/compute-projects";
import { emptyResponse, jsonResponse } from "../http/responses";
import { parseJsonBody } from "../http/validation";
import {
  closeComputeProject,
  createComputeProject,
  deleteComputeProject,
  listComputeProjects,
  loadComputeProject,
  updateComputeProject,
} from "../services/compute-projects";
import { listProjectFiles } from "../services/project-files";
import { registerFileRoutes } from "./project-files";

export function registerComputeProjectRoutes(app: Hono, deps: ControllerDeps): void {
  app.get("/v2/compute/projects", async () =>
    jsonResponse(200, (await listComputeProjects(deps)).map(computeProjectToWire)),
  );

  app.post("/v2/compute/projects", async (c) => {
    const input = await parseJsonBody(c.req.raw, projectCreate);
    return jsonResponse(201, computeProjectToWire(await createComputeProject(deps, input)));
  });

  app.get("/v2/compute/projects/:project_id", async (c) =>
    jsonResponse(200, computeProjectToWire(await loadComputeProject(deps, c.req.param("project_id")))),
  );

  app.put("/v2/compute/projects/:project_id", async (c) => {
    const input = await parseJsonBody(c.req.raw, projectUpdate);
    return jsonResponse(200, computeProjectToWire(await updateComputeProject(deps, c.req.param("project_id"), input)));
  });

  app.delete("/v2/compute/projects/:project_id", async (c) => {
    await deleteComputeProject(deps, c.req.param("project_id"));
    return emptyResponse(204);
  });

  app.post("/v2/compute/projects/:project_id/close", async (c) => {
    await closeComputeProject(deps, c.req.param("project_id"));
    return emptyResponse(204);
  });

  app.get("/v2/compute/projects/:project_id/files", async (c) => {
    const project = await loadComputeProject(deps, c.req.param("project_id"));
    return jsonResponse(200, await listProjectFiles(deps, project.project_id));
  });

  registerFileRoutes(app, deps, "/v2/compute/projects/:project_id", (projectId) => loadComputeProject(deps, projectId));
}
