import type { Hono } from "hono";
import { nodeFromTemplate } from "@shared/schemas/node";
import type { ControllerDeps } from "../deps";
import { loadDataplaneStatus } from "../dataplane/status";
import { LOCAL_COMPUTE_ID, computeToWire } from "../domain/computes";
import { BUILTIN_TEMPLATES, findTemplate, templateNodeDefaults, templateToWire } from "../domain/templates";
import { notFound } from "../http/api-error";
import { jsonResponse } from "../http/responses";
import { parseJsonBody } from "../http/validation";
import { listComputeRecords, loadComputeRecord } from "../services/computes";
import { createNode, nodeWire } from "../services/nodes";

export function registerTemplateRoutes(app: Hono, deps: ControllerDeps): void {
  app.get("/v2/templates", () => jsonResponse(200, BUILTIN_TEMPLATES.map(templateToWire)));

  app.get("/v2/templates/:template_id", (c) => {
    const template = findTemplate(c.req.param("template_id"));
    if (!template) throw notFound(`Template ID ${c.req.param("template_id")} doesn't exist`);
    return jsonResponse(200, templateToWire(template));
  });

  app.post("/v2/projects/:project_id/templates/:template_id", async (c) => {
    const input = await parseJsonBody(c.req.raw, nodeFromTemplate);
    const template = findTemplate(c.req.param("template_id"));
    if (!template) throw notFound(`Template ${c.req.param("template_id")} doesn't exist`);
    const defaults = templateNodeDefaults(template);
    const node = await createNode(deps, c.req.param("project_id"), {
      name: input.name ?? defaults.name,
      node_type: template.template_type,
      compute_id: input.compute_id ?? LOCAL_COMPUTE_ID,
      template_id: template.template_id,
      symbol: defaults.symbol,
      x: input.x,
      y: input.y,
    });
    return jsonResponse(201, nodeWire(deps, node));
  });

  app.get("/v2/computes", async () =>
    jsonResponse(200, (await listComputeRecords(deps)).map((compute) => computeToWire(compute, deps.config.version, deps.usage()))),
  );

  app.get("/v2/computes/:compute_id", async (c) => {
    const compute = await loadComputeRecord(deps, c.req.param("compute_id"));
    const dataplane = await loadDataplaneStatus(deps, compute.compute_id);
    return jsonResponse(200, computeToWire(compute, deps.config.version, deps.usage(), dataplane));
  });
}
