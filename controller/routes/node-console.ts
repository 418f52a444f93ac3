import type { Hono } from "hono";
import { consoleBridge } from "../consoles/bridge";
import type { ControllerDeps } from "../deps";
import { badRequest } from "../http/api-error";
import { refuseBadHandshake } from "../http/websocket-handshake";
import { consoleTarget, dialConsole } from "../services/node-console";

/**
 * `GET …/nodes/{node_id}/console/ws`: the node's telnet console over a WebSocket, what the
 * GNS3 web UI's terminal opens. Everything that can go wrong is answered before the upgrade
 * (404 for an unknown project or node, 409 for a node that is not started, has no telnet
 * console, or whose console does not answer), so a client never gets a socket that closes at
 * once. The same code runs on Node and in a project's Durable Object; each runtime brings its
 * WebSocket upgrade and its TCP dialler.
 */
export function registerNodeConsoleRoutes(app: Hono, deps: ControllerDeps): void {
  app.get("/v2/projects/:project_id/nodes/:node_id/console/ws", async (c) => {
    const target = await consoleTarget(deps, c.req.param("project_id"), c.req.param("node_id"));
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
      throw badRequest(`${c.req.path} is a WebSocket endpoint: send a WebSocket upgrade request`);
    }
    const { upgradeWebSocket, connectTcp } = deps;
    if (!upgradeWebSocket || !connectTcp) throw badRequest("This server runs without WebSockets: node consoles cannot be opened here");
    // Before the console is dialled: a handshake that cannot succeed must not take the console from another client.
    refuseBadHandshake(c.req.raw.headers);
    const connection = await dialConsole(connectTcp, target);
    const ids = { project_id: target.node.project_id, node_id: target.node.node_id };
    return upgradeWebSocket(c, consoleBridge(connection, ids));
  });
}
