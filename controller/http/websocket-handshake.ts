import { WSContext, type WSEvents } from "hono/ws";
import { badRequest } from "./api-error";

/**
 * What is wrong with a WebSocket upgrade request's handshake headers (RFC 6455 §4.2.1), or
 * undefined when nothing is.
 */
export function handshakeProblem(headers: Headers): string | undefined {
  const version = headers.get("sec-websocket-version");
  if (version === null) return "Sec-WebSocket-Version is missing: WebSocket clients send 13";
  if (version.trim() !== "13") return `Sec-WebSocket-Version ${JSON.stringify(version)} is not supported: WebSocket clients send 13`;
  const key = headers.get("sec-websocket-key")?.trim();
  if (key === undefined) return "Sec-WebSocket-Key is missing";
  if (!/^[A-Za-z0-9+/]{22}==$/.test(key)) return "Sec-WebSocket-Key must be 16 bytes in base64";
  return undefined;
}

/**
 * Both runtimes' upgrade helpers check the handshake before they upgrade, so a bad one gets the
 * same `{message, status}` 400 from each, rather than their own bare refusals after the route's
 * work was done. The route's events first hear that their socket will never open: they may
 * hold a connection already (a console's).
 */
export function refuseBadHandshake(headers: Headers, events?: WSEvents): void {
  const problem = handshakeProblem(headers);
  if (problem === undefined) return;
  if (events) neverOpened(events, 1002, problem);
  throw badRequest(`WebSocket handshake refused: ${problem}`);
}

type CloseEvent = Parameters<NonNullable<WSEvents["onClose"]>>[0];

/** Tells a route's events that the socket they were given closed before it opened. */
export function neverOpened(events: WSEvents, code: number, reason: string): void {
  const closed = new WSContext({ send: () => {}, close: () => {}, readyState: 3 });
  events.onClose?.(closeEvent(code, reason), closed);
}

/** Node 20 has no `CloseEvent`: an event with its fields. */
export function closeEvent(code: number, reason: string): CloseEvent {
  return Object.assign(new Event("close"), { code, reason, wasClean: code === 1000 }) as unknown as CloseEvent;
}
