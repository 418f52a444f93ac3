import type { Hono } from "hono";
import { routerLicense, versionCheck, type RouterLicense } from "@shared/schemas/server";
import type { ControllerDeps } from "../deps";
import { conflict, forbidden } from "../http/api-error";
import { emptyResponse, jsonResponse } from "../http/responses";
import { sortKeysDeep } from "../domain/sorted-keys";
import { parseJsonBody } from "../http/validation";
import { openApiDocument } from "../openapi/document";
import { closeEveryProject, computeStatistics } from "../services/server-lifecycle";
import { keys } from "../store/keys";

const DEFAULT_LICENSE = { iourc_content: "", license_check: true };

export function registerServerRoutes(app: Hono, deps: ControllerDeps): void {
  let openApi: string | undefined;
  app.get("/v2/openapi.json", () => {
    openApi ??= JSON.stringify(openApiDocument(deps.config.version));
    return new Response(openApi, { headers: { "content-type": "application/json" } });
  });

  app.get("/v2/version", () => jsonResponse(200, { local: deps.config.local, version: deps.config.version }));

  app.post("/v2/version", async (c) => {
    const { version } = await parseJsonBody(c.req.raw, versionCheck);
    if (version !== deps.config.version) {
      throw conflict(`Client version ${version} is not the same as server version ${deps.config.version}`);
    }
    return jsonResponse(200, { version: deps.config.version });
  });

  app.post("/v2/shutdown", async () => {
    if (!deps.config.local) throw forbidden("You can only stop a local server");
    await closeEveryProject(deps);
    setTimeout(deps.requestShutdown, 10);
    return emptyResponse(201);
  });

  // Nothing to reload: every request reads the store, where settings and templates live.
  app.post("/v2/reload", () => emptyResponse(200));

  app.get("/v2/statistics", async () => jsonResponse(200, await computeStatistics(deps)));

  app.post("/v2/debug", async () => {
    if (!deps.config.local) throw forbidden("You can only debug a local server");
    const projects = await deps.store.list(keys.projectsPrefix());
    const dump = JSON.stringify(
      { version: deps.config.version, time: new Date().toISOString(), usage: deps.usage(), records: projects.length },
      null,
      4,
    );
    await deps.files.write("debug/controller.txt", new Blob([dump]).stream());
    return emptyResponse(201);
  });

  // GNS3 2.2 names this resource iou_license; both paths serve the same settings.
  for (const path of ["/v2/router_license", "/v2/iou_license"]) {
    app.get(path, async () => jsonResponse(200, await loadLicense(deps)));
    app.put(path, async (c) => {
      const update = await parseJsonBody(c.req.raw, routerLicense);
      const merged = sortKeysDeep({ ...(await loadLicense(deps)), ...update });
      await deps.store.commit([{ key: keys.setting("router_license"), value: merged }]);
      return jsonResponse(201, merged);
    });
  }
}

async function loadLicense(deps: ControllerDeps): Promise<RouterLicense> {
  return (await deps.store.get<RouterLicense>(keys.setting("router_license"))) ?? DEFAULT_LICENSE;
}
