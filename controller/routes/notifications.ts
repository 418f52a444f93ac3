import type { Context, Hono } from "hono";
import type { WSContext, WSEvents } from "hono/ws";
import { limitsOf, type ControllerDeps } from "../deps";
import type { Notification, NotificationScope } from "../events/event-bus";
import { ApiError, badRequest } from "../http/api-error";
import { DEFAULT_PING_INTERVAL_MS, MAX_BACKLOG_BYTES, notificationText, openFeed } from "../notifications/feed";
import { notificationStreamResponse } from "../notifications/http-stream";
import { DEFAULT_AUTO_CLOSE_DELAY_MS, ProjectAutoClose } from "../notifications/auto-close";
import { ListenerSlots } from "../notifications/listener-slots";
import { keys } from "../store/keys";
import { closeUnwatchedProject, loadProject } from "../services/projects";

const CONTROLLER: NotificationScope = { kind: "controller" };

/**
 * `/v2/notifications` carries controller events (`project.*`), a project's stream carries that
 * project's `node.*`, `link.*`, `drawing.*` and `log.*`. Each comes as a never-ending HTTP
 * response and as a WebSocket; both only use web-standard APIs and the runtime's
 * `upgradeWebSocket`, so the same code can serve Workers. Listeners are bounded in number
 * (`--max-notification-listeners`, `…-per-project`): past the limit a stream gets 429 and a
 * WebSocket is closed with code 1013 (try again later), both saying which limit.
 */
export function registerNotificationRoutes(app: Hono, deps: ControllerDeps): void {
  const limits = limitsOf(deps.config);
  const autoClose = new ProjectAutoClose(deps.config.autoCloseDelayMs ?? DEFAULT_AUTO_CLOSE_DELAY_MS, (projectId) => closeUnwatchedProject(deps, projectId));
  const slots = new ListenerSlots({ total: limits.maxNotificationListeners, perProject: limits.maxNotificationListenersPerProject }, autoClose);
  const feed = (scope: NotificationScope, onClose: () => void) => (send: (notification: Notification) => void) =>
    openFeed({
      events: deps.events,
      scope,
      usage: deps.usage,
      pingIntervalMs: deps.config.notificationPingIntervalMs ?? DEFAULT_PING_INTERVAL_MS,
      send,
      onClose,
    });
  const stream = (scope: NotificationScope, holdsProject = true): Response => {
    const slot = slots.take(scope, holdsProject);
    if ("refused" in slot) throw new ApiError(429, slot.refused);
    return notificationStreamResponse(feed(scope, slot.release));
  };

  app.get("/v2/notifications", () => stream(CONTROLLER));

  app.get("/v2/projects/:project_id/notifications", async (c) => {
    const projectId = c.req.param("project_id");
    await loadProject(deps, projectId);
    return stream(projectScope(projectId), !observing(c));
  });

  // GNS3 2.2 left this compute endpoint broken; here it is the project's stream, for a project
  // the compute knows (opened on it) or the controller knows.
  app.get("/v2/compute/projects/:project_id/notifications", async (c) => {
    const projectId = c.req.param("project_id");
    if ((await deps.store.get(keys.computeProject(projectId))) === undefined) await loadProject(deps, projectId);
    return stream(projectScope(projectId));
  });

  const upgradeWebSocket = deps.upgradeWebSocket;
  // A runtime without WebSockets (the in-process test target) serves the HTTP streams only.
  if (!upgradeWebSocket) return;

  const socketFeed = (scope: NotificationScope, holdsProject = true): WSEvents => {
    let close: (() => void) | undefined;
    return {
      onOpen: (_event, ws) => {
        const slot = slots.take(scope, holdsProject);
        if ("refused" in slot) return ws.close(TRY_AGAIN_LATER, slot.refused);
        close = feed(scope, slot.release)((notification) => sendOrDrop(ws, notificationText(notification)));
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
    upgradeWebSocket((c) => socketFeed(projectScope(c.req.param("project_id")!), !observing(c))),
    requireUpgrade,
  );
}

/** WebSocket close code 1013: the server is overloaded, the client may come back later. */
const TRY_AGAIN_LATER = 1013;

/**
 * Sends, unless more than `MAX_BACKLOG_BYTES` already wait for this client: then it has stopped
 * reading and is dropped at once (a close frame would only queue behind the rest). Runtimes
 * whose sockets do not say what they buffer (Workers) bound it themselves.
 */
function sendOrDrop(ws: WSContext, text: string): void {
  const raw = ws.raw as { bufferedAmount?: number; terminate?: () => void } | undefined;
  if (raw?.bufferedAmount !== undefined && raw.bufferedAmount > MAX_BACKLOG_BYTES) {
    if (raw.terminate) raw.terminate();
    else ws.close(1008, "notification client fell too far behind");
    throw new Error("client dropped");
  }
  ws.send(text);
}

/**
 * `?observer=true` (ours; GNS3 clients never send it): a listener that only watches, as the
 * dashboard does, and so does not keep an `auto_close` project open, which GNS3 closes when the
 * last client that opened it leaves.
 */
function observing(c: Context): boolean {
  return c.req.query("observer") === "true";
}

function projectScope(projectId: string): NotificationScope {
  return { kind: "project", projectId };
}
