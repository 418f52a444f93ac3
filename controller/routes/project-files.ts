import type { Hono } from "hono";
import type { ControllerDeps } from "../deps";
import { fileResponse } from "../http/file-response";
import { emptyResponse } from "../http/responses";
import { readProjectFile, writeProjectFile } from "../services/project-files";
import { loadProject } from "../services/projects";

/** Raw endpoints: the body is the file's bytes and streams straight to the store. */
export function registerProjectFileRoutes(app: Hono, deps: ControllerDeps): void {
  app.get("/v2/projects/:project_id/files/:path{.+}", async (c) => {
    const project = await loadProject(deps, c.req.param("project_id"));
    const path = c.req.param("path");
    return fileResponse(await readProjectFile(deps, project.project_id, path), path);
  });

  app.post("/v2/projects/:project_id/files/:path{.+}", async (c) => {
    const project = await loadProject(deps, c.req.param("project_id"));
    await writeProjectFile(deps, project.project_id, c.req.param("path"), c.req.raw.body);
    return emptyResponse(201);
  });
}
