import type { IncomingMessage, Server } from "node:http";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { defineWebSocketHelper, WSContext, type UpgradeWebSocket, type WSEvents } from "hono/ws";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import { createLogger } from "@shared/logging/logger";
import { closeEvent, neverOpened, refuseBadHandshake } from "../http/websocket-handshake";

const log = createLogger("controller.websocket");

/**
 * How long a refused upgrade's connection stays after our answer, for the client to read it and
 * close; a client that neither reads nor closes would otherwise hold the socket for ever.
 */
const REFUSED_LINGER_MS = 2000;

/** The bindings an upgrade request reaches the app with: the route's helper finds the request by them. */
export interface UpgradeBindings {
  incoming: IncomingMessage;
}

/** How the server answers one request: the app's `fetch`, with the bindings it reads. */
export type AnswerUpgrade = (request: Request, bindings: UpgradeBindings) => Promise<Response>;

export interface NodeWebSockets {
  /** The helper routes call to accept an upgrade (`deps.upgradeWebSocket`). */
  upgradeWebSocket: UpgradeWebSocket;
  /** Takes the server's upgrade requests from now on, each answered by `answer`. */
  attach(server: Server, answer: AnswerUpgrade): void;
  /** Ends every open WebSocket at once, for a server that is stopping. */
  terminateAll(): void;
}

/**
 * WebSockets on Node for the routes' `upgradeWebSocket`, over `ws`. This replaces
 * @hono/node-ws, whose upgrade handling let one client stop the server: Node detaches its own
 * error handling from a socket before emitting `upgrade`, and the adapter awaited the app and
 * wrote refusals on a socket nobody listened to, so a reset at that moment was an uncaught
 * `error` event. It also answered refusals with a bare status line (no `WWW-Authenticate`, no
 * `{message, status}` body) and kept every request whose handshake `ws` then refused.
 *
 * Here each upgrade socket handles its own errors from the moment Node hands it over; a refused
 * upgrade gets the app's whole answer, then the connection ends; an accepted one becomes a
 * WebSocket, or, when the handshake headers are wrong, a 400 saying which, and the route's
 * events hear that the socket closed so whatever they opened (a console's TCP connection) ends too.
 */
export function nodeWebSockets(): NodeWebSockets {
  const wss = new WebSocketServer({ noServer: true });
  /** Routes that accepted an upgrade leave their events here, keyed by the request. */
  const accepted = new WeakMap<IncomingMessage, WSEvents>();

  const upgradeWebSocket: UpgradeWebSocket = defineWebSocketHelper(async (c, events) => {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return;
    const bindings = c.env as Partial<UpgradeBindings> | undefined;
    // Reached through a plain HTTP request (a test calling the app): there is no socket to take.
    if (!bindings?.incoming) return;
    refuseBadHandshake(c.req.raw.headers, events);
    accepted.set(bindings.incoming, events);
    return new Response(null);
  });

  const upgrade = async (answer: AnswerUpgrade, incoming: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> => {
    const response = await answer(requestOf(incoming), { incoming });
    const events = accepted.get(incoming);
    accepted.delete(incoming);
    if (!events) return refuse(socket, response);
    if (socket.destroyed) return closed(events, 1006, "the client left during the handshake");
    let handshake: "refused" | "opened" | undefined;
    const refusedHandshake = (error: Error, refusedSocket: Duplex, request: IncomingMessage) => {
      if (request !== incoming) return;
      handshake = "refused";
      const body = { message: `WebSocket handshake refused: ${error.message}`, status: 400 };
      void refuse(refusedSocket, Response.json(body, { status: 400 })).catch(() => refusedSocket.destroy());
    };
    // `ws` checks the handshake and answers synchronously: emitted, its refusal is ours to write.
    wss.on("wsClientError", refusedHandshake);
    try {
      wss.handleUpgrade(incoming, socket, head, (ws) => {
        handshake = "opened";
        opened(ws, events, incoming);
      });
    } finally {
      wss.off("wsClientError", refusedHandshake);
    }
    if (handshake !== "opened") closed(events, 1006, "the WebSocket handshake did not complete");
  };

  return {
    upgradeWebSocket,
    attach(server, answer) {
      server.on("upgrade", (incoming: IncomingMessage, socket: Duplex, head: Buffer) => {
        socket.on("error", (error: NodeJS.ErrnoException) => {
          log.debug("upgrade connection failed", { path: incoming.url, error: error.code ?? error.message });
          socket.destroy();
        });
        upgrade(answer, incoming, socket, head).catch((error: unknown) => {
          log.error("could not answer an upgrade request", { path: incoming.url, error: String(error) });
          socket.destroy();
        });
      });
    },
    terminateAll() {
      for (const socket of wss.clients) socket.terminate();
    },
  };
}

/** The upgrade request as the app reads it: no body, as the handshake has none. */
function requestOf(incoming: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const url = new URL(incoming.url ?? "/", `http://${headers.get("host") ?? "localhost"}`);
  return new Request(url, { method: incoming.method ?? "GET", headers });
}

/** Writes the app's whole answer, ends our side, and lets the connection go once read (or after the linger). */
async function refuse(socket: Duplex, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  if (socket.destroyed) return;
  const lines = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ""}`];
  response.headers.forEach((value, name) => {
    if (name !== "content-length" && name !== "connection" && name !== "transfer-encoding") lines.push(`${name}: ${value}`);
  });
  lines.push(`Content-Length: ${body.length}`, "Connection: close", "", "");
  const linger = setTimeout(() => socket.destroy(), REFUSED_LINGER_MS);
  linger.unref();
  socket.once("close", () => clearTimeout(linger));
  // What the client still sends (a body, frames) is not read: it would only keep the socket busy.
  socket.resume();
  socket.end(Buffer.concat([Buffer.from(lines.join("\r\n"), "latin1"), body]));
}

/** Feeds the route's events from the open WebSocket; an event handler that throws costs only its own socket. */
function opened(ws: WebSocket, events: WSEvents, incoming: IncomingMessage): void {
  const context = new WSContext<WebSocket>({
    send: (data, options) => ws.send(data, { compress: options.compress ?? false }),
    close: (code, reason) => ws.close(code, reason),
    raw: ws,
    get readyState() {
      return ws.readyState as 0 | 1 | 2 | 3;
    },
    url: new URL(incoming.url ?? "/", "http://localhost"),
    protocol: ws.protocol,
  });
  const run = (what: string, handler: () => void) => {
    try {
      handler();
    } catch (error) {
      log.error(`WebSocket ${what} handler failed`, { path: incoming.url, error: String(error) });
      ws.terminate();
    }
  };
  ws.on("message", (data: RawData, isBinary: boolean) => {
    const message = isBinary ? arrayBufferOf(data) : data.toString();
    run("message", () => events.onMessage?.(new MessageEvent("message", { data: message }), context));
  });
  ws.on("close", (code: number, reason: Buffer) => run("close", () => events.onClose?.(closeEvent(code, reason.toString()), context)));
  ws.on("error", (error: Error) => {
    log.debug("WebSocket connection failed", { path: incoming.url, error: error.message });
    run("error", () => events.onError?.(new Event("error"), context));
  });
  run("open", () => events.onOpen?.(new Event("open"), context));
}

/** The route's events hear of a socket that closed before it opened (they may hold a console connection). */
function closed(events: WSEvents, code: number, reason: string): void {
  try {
    neverOpened(events, code, reason);
  } catch (error) {
    log.error("WebSocket close handler failed", { error: String(error) });
  }
}

function arrayBufferOf(data: RawData): ArrayBuffer {
  const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}
