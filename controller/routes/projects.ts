import type { Hono } from "hono";
import { projectCreate, projectDuplicate, projectLoad, projectUpdate } from "@shared/schemas/project";
import type { ControllerDeps } from "../deps";
import { projectToWire } from "../domain/projects";
import { emptyResponse, jsonResponse } from "../http/responses";
import { parseJsonBody } from "../http/validation";
import {
  closeProject,
  createProject,
  deleteProject,
  listProjects,
  loadProject,
  openProject,
  projectStats,
  updateProject,
} from "../services/projects";
import { duplicateProject } from "../services/project-duplicate";
import { loadProjectFile } from "../services/project-load";

export function registerProjectRoutes(app: Hono, deps: ControllerDeps): void {
  app.get("/v2/projects", async () => jsonResponse(200, (await listProjects(deps)).map(projectToWire)));

  app.post("/v2/projects", async (c) => {
    const input = await parseJsonBody(c.req.raw, projectCreate);
    return jsonResponse(201, projectToWire(await createProject(deps, input)));
  });

  app.post("/v2/projects/load", async (c) => {
    const input = await parseJsonBody(c.req.raw, projectLoad);
    return jsonResponse(201, projectToWire(await loadProjectFile(deps, input.path)));
  });

  app.get("/v2/projects/:project_id", async (c) =>
    jsonResponse(200, projectToWire(await loadProject(deps, c.req.param("project_id")))),
  );

  app.put("/v2/projects/:project_id", async (c) => {
    const input = await parseJsonBody(c.req.raw, projectUpdate);
    return jsonResponse(200, projectToWire(await updateProject(deps, c.req.param("project_id"), input)));
  });

  app.delete("/v2/projects/:project_id", async (c) => {
    await deleteProject(deps, c.req.param("project_id"));
    return emptyResponse(204);
  });

  app.post("/v2/projects/:project_id/open", async (c) =>
    jsonResponse(201, projectToWire(await openProject(deps, c.req.param("project_id")))),
  );

  app.post("/v2/projects/:project_id/close", async (c) => {
    await closeProject(deps, c.req.param("project_id"));
    return emptyResponse(204);
  });

  app.post("/v2/projects/:project_id/duplicate", async (c) => {
    const input = await parseJsonBody(c.req.raw, projectDuplicate);
    return jsonResponse(201, projectToWire(await duplicateProject(deps, c.req.param("project_id"), input)));
  });

  app.get("/v2/projects/:project_id/stats", async (c) => jsonResponse(200, await projectStats(deps, c.req.param("project_id"))));
}
