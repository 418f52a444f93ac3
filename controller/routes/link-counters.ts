import type { Hono } from "hono";
import type { ControllerDeps } from "../deps";
import { jsonResponse } from "../http/responses";
import { linkCounters } from "../services/link-counters";

/** Per-direction frame counters of a link: our extension, GNS3 has no such endpoint. */
export function registerLinkCounterRoutes(app: Hono, deps: ControllerDeps): void {
  app.get("/v2/projects/:project_id/links/:link_id/counters", async (c) =>
    jsonResponse(200, await linkCounters(deps, c.req.param("project_id"), c.req.param("link_id"))),
  );
}
