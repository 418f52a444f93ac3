import type { Hono } from "hono";
import { nodeFromTemplate } from "@shared/schemas/node";
import { templateCreate, templateUpdate } from "@shared/schemas/template";
import type { ControllerDeps } from "../deps";
import { emptyResponse, jsonResponse } from "../http/responses";
import { parseJsonBody } from "../http/validation";
import { nodeWire } from "../services/nodes";
import {
  createNodeFromTemplate,
  createTemplate,
  deleteTemplate,
  duplicateTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
} from "../services/templates";

export function registerTemplateRoutes(app: Hono, deps: ControllerDeps): void {
  app.get("/v2/templates", async () => jsonResponse(200, await listTemplates(deps)));

  app.post("/v2/templates", async (c) => jsonResponse(201, await createTemplate(deps, await parseJsonBody(c.req.raw, templateCreate))));

  app.get("/v2/templates/:template_id", async (c) => jsonResponse(200, await getTemplate(deps, c.req.param("template_id"))));

  app.put("/v2/templates/:template_id", async (c) => {
    const update = await parseJsonBody(c.req.raw, templateUpdate);
    return jsonResponse(200, await updateTemplate(deps, c.req.param("template_id"), update));
  });

  app.delete("/v2/templates/:template_id", async (c) => {
    await deleteTemplate(deps, c.req.param("template_id"));
    return emptyResponse(204);
  });

  app.post("/v2/templates/:template_id/duplicate", async (c) => jsonResponse(201, await duplicateTemplate(deps, c.req.param("template_id"))));

  app.post("/v2/projects/:project_id/templates/:template_id", async (c) => {
    const use = await parseJsonBody(c.req.raw, nodeFromTemplate);
    const node = await createNodeFromTemplate(deps, c.req.param("project_id"), c.req.param("template_id"), use);
    return jsonResponse(201, nodeWire(deps, node));
  });
}
