import type { Hono } from "hono";
import type { WSEvents } from "hono/ws";
import { consoleBridge } from "../consoles/bridge";
import type { ControllerDeps } from "../deps";
import { DomainError } from "../domain/errors";
import { badRequest } from "../http/api-error";
import { refuseBadHandshake } from "../http/websocket-handshake";
import { consoleTarget, dialConsole } from "../services/node-console";

/**
 * `GET …/nodes/{node_id}/console/ws`: the node's telnet console over a WebSocket, what the
 * GNS3 web UI's terminal opens. The same code runs on Node and in a project's Durable Object;
 * each runtime brings its WebSocket upgrade and its TCP dialler.
 *
 * An unknown project or node is a 404 before the upgrade, as in GNS3. A console that cannot
 * be had (the node is not started, has no telnet console, or nothing answers on its port) is
 * what GNS3's compute refuses after the controller upgraded: the socket opens and closes at
 * once with 1000, and here the close carries the reason in GNS3's words. A plain GET gets
 * that reason as a JSON 409 instead.
 */
export function registerNodeConsoleRoutes(app: Hono, deps: ControllerDeps): void {
  app.get("/v2/projects/:project_id/nodes/:node_id/console/ws", async (c) => {
    const target = await consoleTarget(deps, c.req.param("project_id"), c.req.param("node_id")).catch(consoleRefusal);
    const upgrade = c.req.header("upgrade")?.toLowerCase() === "websocket";
    if (!upgrade && target instanceof DomainError) throw target;
    if (!upgrade) throw badRequest(`${c.req.path} is a WebSocket endpoint: send a WebSocket upgrade request`);
    const { upgradeWebSocket, connectTcp } = deps;
    if (!upgradeWebSocket || !connectTcp) throw badRequest("This server runs without WebSockets: node consoles cannot be opened here");
    // Before the console is dialled: a handshake that cannot succeed must not take the console from another client.
    refuseBadHandshake(c.req.raw.headers);
    if (target instanceof DomainError) return upgradeWebSocket(c, closedAtOnce(target.message));
    const connection = await dialConsole(connectTcp, target).catch(consoleRefusal);
    if (connection instanceof DomainError) return upgradeWebSocket(c, closedAtOnce(connection.message));
    const ids = { project_id: target.node.project_id, node_id: target.node.node_id };
    return upgradeWebSocket(c, consoleBridge(connection, ids));
  });
}

/** A 409 is a console that cannot be had, answered on the socket; anything else propagates. */
function consoleRefusal(error: unknown): DomainError {
  if (error instanceof DomainError && error.violation === "conflict") return error;
  throw error;
}

/** A close reason is at most 123 bytes of UTF-8. */
const MAX_CLOSE_REASON_BYTES = 123;

function closedAtOnce(reason: string): WSEvents {
  const bytes = new TextEncoder().encode(reason);
  const fitting = bytes.length <= MAX_CLOSE_REASON_BYTES ? reason : new TextDecoder().decode(bytes.subarray(0, MAX_CLOSE_REASON_BYTES - 3)).replace(/\uFFFD$/, "") + "...";
  return { onOpen: (_event, ws) => ws.close(1000, fitting) };
}
