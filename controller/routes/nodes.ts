import type { Hono } from "hono";
import { idlePcOf, resizeNodeDisk } from "../services/node-tools";
import { linkToWire } from "../domain/links";
import { diskResize, nodeCreate, nodeDuplicate, nodeUpdate } from "@shared/schemas/node";
import type { ControllerDeps } from "../deps";
import { emptyResponse, jsonBytesResponse, jsonResponse } from "../http/responses";
import { loadProject } from "../services/projects";
import { parseJsonBody, readJsonBody } from "../http/validation";
import { declaredLength } from "../http/content-length";
import { fileResponse } from "../http/file-response";
import { readNodeFile, writeNodeFile } from "../services/node-files";
import {
  actOnAllNodes,
  actOnNode,
  createNode,
  deleteNode,
  duplicateNode,
  getNode,
  listNodesBody,
  nodeLinkRecords,
  nodeWire,
  updateNode,
  type NodeAction,
} from "../services/nodes";

const NODE_ACTIONS: NodeAction[] = ["start", "stop", "suspend", "reload"];

export function registerNodeRoutes(app: Hono, deps: ControllerDeps): void {
  const base = "/v2/projects/:project_id/nodes";

  app.get(base, async (c) => jsonBytesResponse(200, await listNodesBody(deps, c.req.param("project_id"))));

  app.post(base, async (c) => {
    const input = await parseJsonBody(c.req.raw, nodeCreate);
    return jsonResponse(201, nodeWire(deps, await createNode(deps, c.req.param("project_id"), input)));
  });

  for (const action of NODE_ACTIONS) {
    app.post(`${base}/${action}`, async (c) => {
      await readJsonBody(c.req.raw);
      await actOnAllNodes(deps, c.req.param("project_id"), action);
      return emptyResponse(204);
    });
  }

  app.post(`${base}/console/reset`, async (c) => {
    await loadProject(deps, c.req.param("project_id"));
    return emptyResponse(204);
  });

  app.get(`${base}/:node_id`, async (c) =>
    jsonResponse(200, nodeWire(deps, await getNode(deps, c.req.param("project_id"), c.req.param("node_id")))),
  );

  app.put(`${base}/:node_id`, async (c) => {
    const input = await parseJsonBody(c.req.raw, nodeUpdate);
    return jsonResponse(200, nodeWire(deps, await updateNode(deps, c.req.param("project_id"), c.req.param("node_id"), input)));
  });

  app.delete(`${base}/:node_id`, async (c) => {
    await deleteNode(deps, c.req.param("project_id"), c.req.param("node_id"));
    return emptyResponse(204);
  });

  for (const action of NODE_ACTIONS) {
    app.post(`${base}/:node_id/${action}`, async (c) => {
      // Start accepts emulator options in its body; they must still be JSON.
      await readJsonBody(c.req.raw);
      const node = await actOnNode(deps, c.req.param("project_id"), c.req.param("node_id"), action);
      return jsonResponse(200, nodeWire(deps, node));
    });
  }

  for (const tool of ["auto_idlepc", "idlepc_proposals"] as const) {
    app.get(`${base}/:node_id/dynamips/${tool}`, async (c) => jsonResponse(200, await idlePcOf(deps, c.req.param("project_id"), c.req.param("node_id"), tool)));
  }

  app.post(`${base}/:node_id/resize_disk`, async (c) => {
    await resizeNodeDisk(deps, c.req.param("project_id"), c.req.param("node_id"), () => parseJsonBody(c.req.raw, diskResize));
    return emptyResponse(201);
  });

  app.post(`${base}/:node_id/duplicate`, async (c) => {
    const position = await parseJsonBody(c.req.raw, nodeDuplicate);
    const node = await duplicateNode(deps, c.req.param("project_id"), c.req.param("node_id"), position);
    return jsonResponse(201, nodeWire(deps, node));
  });

  app.get(`${base}/:node_id/links`, async (c) => {
    const node = await getNode(deps, c.req.param("project_id"), c.req.param("node_id"));
    return jsonResponse(200, (await nodeLinkRecords(deps, node.project_id, node.node_id)).map(linkToWire));
  });

  app.post(`${base}/:node_id/console/reset`, async (c) => {
    await getNode(deps, c.req.param("project_id"), c.req.param("node_id"));
    return emptyResponse(204);
  });

  // A node's own files (its folder among the project's files), raw bytes both ways; GNS3 sends
  // every one as an octet stream, whatever its name.
  app.get(`${base}/:node_id/files/:path{.+}`, async (c) => {
    const node = await getNode(deps, c.req.param("project_id"), c.req.param("node_id"));
    const response = fileResponse(await readNodeFile(deps, node, c.req.param("path")), c.req.param("path"));
    response.headers.set("content-type", "application/octet-stream");
    return response;
  });

  app.post(`${base}/:node_id/files/:path{.+}`, async (c) => {
    const node = await getNode(deps, c.req.param("project_id"), c.req.param("node_id"));
    await writeNodeFile(deps, node, c.req.param("path"), { body: c.req.raw.body, declaredLength: declaredLength(c.req.raw) });
    return emptyResponse(201);
  });
}
