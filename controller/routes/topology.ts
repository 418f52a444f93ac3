import type { Hono } from "hono";
import { z } from "zod";
import type { ControllerDeps } from "../deps";
import { projectToWire } from "../domain/projects";
import { declaredLength } from "../http/content-length";
import { jsonResponse } from "../http/responses";
import { validate } from "../http/validation";
import { EXPORT_COMPRESSIONS, exportProject, importProject } from "../services/topology";

/** GNS3 reads `yes` in any case as yes, and any other value as no. */
const yesNo = z.string().optional().transform((value) => value?.toLowerCase() === "yes");

/** GNS3 ignores query parameters it does not know, so clients may send more than these. */
const exportQuery = z.object({
  include_snapshots: yesNo,
  include_images: yesNo,
  reset_mac_addresses: yesNo,
  keep_compute_ids: yesNo,
  compression: z
    .string()
    .optional()
    .transform((value) => value?.toLowerCase() ?? "zip")
    .pipe(z.enum(EXPORT_COMPRESSIONS)),
});

const importQuery = z.object({
  name: z.string().min(1).optional(),
  path: z.string().min(1).optional(),
});

/** Raw endpoints: the export streams a zip out, the import takes a zip (or `.gns3` JSON) in, bare or as a form's file. */
export function registerTopologyRoutes(app: Hono, deps: ControllerDeps): void {
  app.get("/v2/projects/:project_id/export", async (c) => {
    const query = validate(exportQuery, c.req.query(), new URL(c.req.url).pathname);
    const { project, archive } = await exportProject(deps, c.req.param("project_id"), {
      includeSnapshots: query.include_snapshots,
      includeImages: query.include_images,
      resetMacAddresses: query.reset_mac_addresses,
      keepComputeIds: query.keep_compute_ids,
      compression: query.compression,
    });
    return new Response(archive, {
      status: 200,
      headers: {
        "content-type": "application/gns3project",
        "content-disposition": attachment(`${project.name}.gns3project`),
      },
    });
  });

  app.post("/v2/projects/:project_id/import", async (c) => {
    const query = validate(importQuery, c.req.query(), new URL(c.req.url).pathname);
    const upload = { body: c.req.raw.body, declaredLength: declaredLength(c.req.raw), contentType: c.req.header("content-type") ?? null };
    const project = await importProject(deps, c.req.param("project_id"), query, upload);
    return jsonResponse(201, projectToWire(project));
  });
}

/**
 * GNS3's exact header for plain names; a name a header cannot carry as is (quotes, non-ASCII)
 * gets an ASCII stand-in plus the RFC 6266 UTF-8 form browsers prefer.
 */
function attachment(filename: string): string {
  if (/^[\x20-\x7e]*$/.test(filename) && !/["\\]/.test(filename)) return `attachment; filename="${filename}"`;
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
