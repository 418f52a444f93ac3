import type { Hono } from "hono";
import { captureStart, linkCreate, linkUpdate } from "@shared/schemas/link";
import type { ControllerDeps } from "../deps";
import { linkToWire } from "../domain/links";
import { emptyResponse, jsonBytesResponse, jsonResponse } from "../http/responses";
import { parseJsonBody, readJsonBody } from "../http/validation";
import {
  createLink,
  deleteLink,
  getLink,
  linkAvailableFilters,
  linkCaptureStream,
  listLinksBody,
  startLinkCapture,
  stopLinkCapture,
  updateLink,
} from "../services/links";

export function registerLinkRoutes(app: Hono, deps: ControllerDeps): void {
  const base = "/v2/projects/:project_id/links";

  app.get(base, async (c) => jsonBytesResponse(200, await listLinksBody(deps, c.req.param("project_id"))));

  app.post(base, async (c) => {
    const input = await parseJsonBody(c.req.raw, linkCreate);
    return jsonResponse(201, linkToWire(await createLink(deps, c.req.param("project_id"), input)));
  });

  app.get(`${base}/:link_id`, async (c) =>
    jsonResponse(200, linkToWire(await getLink(deps, c.req.param("project_id"), c.req.param("link_id")))),
  );

  app.put(`${base}/:link_id`, async (c) => {
    const input = await parseJsonBody(c.req.raw, linkUpdate);
    return jsonResponse(201, linkToWire(await updateLink(deps, c.req.param("project_id"), c.req.param("link_id"), input)));
  });

  app.delete(`${base}/:link_id`, async (c) => {
    await deleteLink(deps, c.req.param("project_id"), c.req.param("link_id"));
    return emptyResponse(204);
  });

  app.get(`${base}/:link_id/available_filters`, async (c) =>
    jsonResponse(200, await linkAvailableFilters(deps, c.req.param("project_id"), c.req.param("link_id"))),
  );

  app.post(`${base}/:link_id/start_capture`, async (c) => {
    const input = await parseJsonBody(c.req.raw, captureStart);
    const link = await startLinkCapture(deps, c.req.param("project_id"), c.req.param("link_id"), input.capture_file_name, input.data_link_type);
    return jsonResponse(201, linkToWire(link));
  });

  app.post(`${base}/:link_id/stop_capture`, async (c) => {
    await readJsonBody(c.req.raw);
    return jsonResponse(201, linkToWire(await stopLinkCapture(deps, c.req.param("project_id"), c.req.param("link_id"))));
  });

  app.get(`${base}/:link_id/pcap`, async (c) => {
    const stream = await linkCaptureStream(deps, c.req.param("project_id"), c.req.param("link_id"));
    return new Response(stream, { status: 200, headers: { "content-type": "application/vnd.tcpdump.pcap" } });
  });
}
