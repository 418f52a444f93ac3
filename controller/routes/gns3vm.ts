import type { Hono } from "hono";
import { gns3VmSettingsUpdate } from "@shared/schemas/gns3vm";
import type { ControllerDeps } from "../deps";
import { assertKnownEngine, gns3VmEngines } from "../domain/gns3vm";
import { jsonResponse } from "../http/responses";
import { parseJsonBody } from "../http/validation";
import { loadGns3VmSettings, updateGns3VmSettings } from "../services/gns3vm";

/** The GNS3 VM settings the GUI reads at start-up and edits in its preferences; no VM is ever started. */
export function registerGns3VmRoutes(app: Hono, deps: ControllerDeps): void {
  app.get("/v2/gns3vm", async () => jsonResponse(200, await loadGns3VmSettings(deps)));

  app.put("/v2/gns3vm", async (c) => jsonResponse(201, await updateGns3VmSettings(deps, await parseJsonBody(c.req.raw, gns3VmSettingsUpdate))));

  app.get("/v2/gns3vm/engines", () => jsonResponse(200, gns3VmEngines()));

  app.get("/v2/gns3vm/engines/:engine/vms", (c) => {
    assertKnownEngine(c.req.param("engine"));
    return jsonResponse(200, []);
  });
}
