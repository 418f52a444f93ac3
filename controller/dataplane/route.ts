import type { Context, Hono } from "hono";
import type { ControllerDeps } from "../deps";
import { badRequest } from "../http/api-error";
import { DataplaneHub, type DaemonConnection } from "./hub";

/**
 * `GET /v2/dataplane/ws`: where dataplane daemons dial in (binary protobuf frames, see
 * proto/dataplane.proto). Registered only on runtimes with WebSockets; the hub lives as long
 * as the app.
 */
export function registerDataplaneRoutes(app: Hono, deps: ControllerDeps): DataplaneHub | undefined {
  const upgradeWebSocket = deps.upgradeWebSocket;
  if (!upgradeWebSocket) return undefined;
  const hub = new DataplaneHub(deps);
  const requireUpgrade = (c: Context): never => {
    throw badRequest(`${c.req.path} is a WebSocket endpoint for dataplane daemons: send a WebSocket upgrade request`);
  };
  app.get(
    "/v2/dataplane/ws",
    upgradeWebSocket((c) => {
      let connection: DaemonConnection | undefined;
      const peer = deps.peerAddress?.(c);
      return {
        onOpen: (_event, ws) => {
          connection = hub.connect({
            ...(peer === undefined ? {} : { peer }),
            // protobufjs writes into plain (never shared) ArrayBuffers.
            send: (bytes) => ws.send(bytes as Uint8Array<ArrayBuffer>),
            close: (code, reason) => ws.close(code, reason),
          });
        },
        onMessage: (event) => connection?.message(event.data as ArrayBuffer | string),
        onClose: () => connection?.closed(),
        onError: () => connection?.closed(),
      };
    }),
    requireUpgrade,
  );
  return hub;
}
