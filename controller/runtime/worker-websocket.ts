import { defineWebSocketHelper, WSContext, type UpgradeWebSocket, type WSReadyState } from "hono/ws";
import { refuseBadHandshake } from "../http/websocket-handshake";

/** workerd's socket pair and its server end (typed here so Node code needs no Workers types). */
interface WorkerSocket {
  accept(): void;
  send(data: string | ArrayBuffer | Uint8Array): void;
  close(code?: number, reason?: string): void;
  readonly readyState: number;
  addEventListener(type: "message" | "close" | "error", listener: (event: Event) => void): void;
}
declare const WebSocketPair: new () => [unknown, WorkerSocket];

/**
 * WebSocket upgrades inside a Durable Object, for the routes' `upgradeWebSocket`. Unlike
 * hono's own Workers helper, it calls `onOpen` once the socket is accepted (a Workers socket
 * is open from then on), which is where the routes start their feeds. The socket lives as long
 * as the object stays in memory; hibernation is a later step.
 */
export const upgradeWorkerWebSocket: UpgradeWebSocket = defineWebSocketHelper(async (c, events) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return;
  refuseBadHandshake(c.req.raw.headers, events);
  const [client, server] = new WebSocketPair();
  const context = new WSContext<WorkerSocket>({
    raw: server,
    get readyState() {
      return server.readyState as WSReadyState;
    },
    send: (data) => server.send(data),
    close: (code, reason) => server.close(code, reason),
  });
  server.addEventListener("message", (event) => events.onMessage?.(event as MessageEvent, context));
  server.addEventListener("close", (event) => {
    // workerd (before its auto-reply flag) leaves the closing handshake to us: answer the
    // client's close frame, or it waits for one until it gives up.
    const { code, reason } = event as Event & { code: number; reason: string };
    try {
      server.close(code === 1005 ? 1000 : code, reason);
    } catch {
      // Already closed from our side, or the connection dropped without a close frame.
    }
    events.onClose?.(event as Parameters<NonNullable<typeof events.onClose>>[0], context);
  });
  server.addEventListener("error", (event) => events.onError?.(event, context));
  server.accept();
  events.onOpen?.(new Event("open"), context);
  return new Response(null, { status: 101, webSocket: client } as ResponseInit);
});
