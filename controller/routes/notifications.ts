import type { Context, Hono } from "hono";
import type { WSEvents } from "hono/ws";
import type { ControllerDeps } from "../deps";
import type { Notification, NotificationScope } from "../events/event-bus";
import { badRequest } from "../http/api-error";
import { DEFAULT_PING_INTERVAL_MS, notificationText, openFeed } from "../notifications/feed";
import { notificationStreamResponse } from "../notifications/http-stream";
import { keys } from "../store/keys";
import { loadProject } from "../services/projects";

const CONTROLLER: NotificationScope = { kind: "controller" };

/**
 * `/v2/notifications` carries controller events (`project.*`), a project's stream carries that
 * project's `node.*`, `link.*`, `drawing.*` and `log.*`. Each comes as a never-ending HTTP
 * response and as a WebSocket; both only use web-standard APIs and the runtime's
 * `upgradeWebSocket`, so the same code can serve Workers.
 */
export function registerNotificationRoutes(app: Hono, deps: ControllerDeps): void {
  const feed = (scope: NotificationScope) => (send: (notification: Notification) => void) =>
    openFeed({
      events: deps.events,
      scope,
      usage: deps.usage,
      pingIntervalMs: deps.config.notificationPingIntervalMs ?? DEFAULT_PING_INTERVAL_MS,
      send,
    });

  app.get("/v2/notifications", () => notificationStreamResponse(feed(CONTROLLER)));

  app.get("/v2/projects/:project_id/notifications", async (c) => {
    const projectId = c.req.param("project_id");
    await loadProject(deps, projectId);
    return notificationStreamResponse(feed(projectScope(projectId)));
  });

  // GNS3 2.2 left this compute endpoint broken; here it is the project's stream, for a project
  // the compute knows (opened on it) or the controller knows.
  app.get("/v2/compute/projects/:project_id/notifications", async (c) => {
    const projectId = c.req.param("project_id");
    if ((await deps.store.get(keys.computeProject(projectId))) === undefined) await loadProject(deps, projectId);
    return notificationStreamResponse(feed(projectScope(projectId)));
  });

  const upgradeWebSocket = deps.upgradeWebSocket;
  // A runtime without WebSockets (the in-process test target) serves the HTTP streams only.
  if (!upgradeWebSocket) return;

  const socketFeed = (scope: NotificationScope): WSEvents => {
    let close: (() => void) | undefined;
    return {
      onOpen: (_event, ws) => {
        close = feed(scope)((notification) => ws.send(notificationText(notification)));
      },
      // Client frames are ignored, as in GNS3.
      onClose: () => close?.(),
      onError: () => close?.(),
    };
  };
  const requireUpgrade = (c: Context): never => {
    throw badRequest(`${c.req.path} is a WebSocket endpoint: send a WebSocket upgrade request`);
  };

  app.get("/v2/notifications/ws", upgradeWebSocket(() => socketFeed(CONTROLLER)), requireUpgrade);

  app.get(
    "/v2/projects/:project_id/notifications/ws",
    async (c, next) => {
      await loadProject(deps, c.req.param("project_id"));
      await next();
    },
    upgradeWebSocket((c) => socketFeed(projectScope(c.req.param("project_id")!))),
    requireUpgrade,
  );
}

function projectScope(projectId: string): NotificationScope {
  return { kind: "project", projectId };
}
