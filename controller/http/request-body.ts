import { concatBytes } from "../domain/bytes";
import { ApiError } from "./api-error";

/** Streams a runtime handed over for reading a request's body without its web stream. */
const bodyStreams = new WeakMap<Request, AsyncIterable<Uint8Array>>();
const readDirectly = new WeakSet<Request>();

/**
 * The runtime's own stream of `request`'s body (Node's IncomingMessage), for `bodyText` to read
 * instead of the Request's web stream: on Node that stream is built over the same socket by
 * @hono/node-server with an AbortController and a Request per body, a tenth of a busy
 * controller's time. A body read as a raw upload (`request.body`) still comes that way.
 */
export function readBodyFrom(request: Request, stream: AsyncIterable<Uint8Array>): void {
  bodyStreams.set(request, stream);
}

/**
 * The whole body as text, at most `limit` bytes (413 beyond), or 408 when the body stream
 * fails before its end: the client went away or stopped mid-body (Node says "aborted", workerd
 * "Network connection lost").
 */
export async function bodyText(request: Request, limit: number, tooLarge: () => ApiError): Promise<string> {
  // Not `request.bodyUsed` first: on Node, asking it builds the Request this module avoids.
  const stream = bodyStreams.get(request);
  if (readDirectly.has(request) || (!stream && request.bodyUsed)) throw new Error("the request body was already read");
  let text: string;
  if (stream) {
    readDirectly.add(request);
    text = await readStream(stream, limit, tooLarge);
  } else {
    try {
      text = await request.text();
    } catch {
      throw new ApiError(408, "Request canceled");
    }
  }
  if (text.length > limit) throw tooLarge();
  return text;
}

async function readStream(stream: AsyncIterable<Uint8Array>, limit: number, tooLarge: () => ApiError): Promise<string> {
  // Iterated by hand: leaving a for-await early would destroy the stream, and with it the
  // connection the 413 is to be answered on (the server closes it after that answer).
  const chunks = stream[Symbol.asyncIterator]();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: IteratorResult<Uint8Array>;
    try {
      next = await chunks.next();
    } catch {
      throw new ApiError(408, "Request canceled");
    }
    if (next.done) break;
    size += next.value.length;
    if (size > limit) throw tooLarge();
    parts.push(next.value);
  }
  return new TextDecoder().decode(parts.length === 1 ? parts[0] : concatBytes(parts));
}
