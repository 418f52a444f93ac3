import type { Hono } from "hono";
import type { ControllerDeps } from "../deps";
import { declaredLength } from "../http/content-length";
import { fileResponse } from "../http/file-response";
import { emptyResponse } from "../http/responses";
import { readProjectFile, writeProjectFile } from "../services/project-files";
import { loadProject } from "../services/projects";

/**
 * Raw endpoints: the body is the file's bytes and streams straight to the store. The
 * controller and the compute API serve the same project folder under different prefixes,
 * each with its own way of finding the project (and its own 404).
 */
export function registerFileRoutes(
  app: Hono,
  deps: ControllerDeps,
  projectPath: string,
  findProject: (projectId: string) => Promise<{ project_id: string }>,
): void {
  app.get(`${projectPath}/files/:path{.+}`, async (c) => {
    const project = await findProject(c.req.param("project_id")!);
    const path = c.req.param("path")!;
    return fileResponse(await readProjectFile(deps, project.project_id, path), path);
  });

  app.post(`${projectPath}/files/:path{.+}`, async (c) => {
    const project = await findProject(c.req.param("project_id")!);
    const upload = { body: c.req.raw.body, declaredLength: declaredLength(c.req.raw) };
    await writeProjectFile(deps, project.project_id, c.req.param("path")!, upload);
    return emptyResponse(201);
  });
}

export function registerProjectFileRoutes(app: Hono, deps: ControllerDeps): void {
  registerFileRoutes(app, deps, "/v2/projects/:project_id", (projectId) => loadProject(deps, projectId));
}
