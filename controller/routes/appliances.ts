import type { Hono } from "hono";
import { jsonResponse } from "../http/responses";

/**
 * GNS3 answers with the appliance files it ships and, given `?update=yes`, first downloads the
 * online registry. This server ships none and downloads nothing, so the list is empty whatever
 * the query: clients then offer to create templates by hand.
 */
export function registerApplianceRoutes(app: Hono): void {
  app.get("/v2/appliances", () => jsonResponse(200, []));
}
