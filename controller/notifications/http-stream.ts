import type { Notification } from "../events/event-bus";
import { MAX_BACKLOG_BYTES, notificationText } from "./feed";

const encoder = new TextEncoder();

/**
 * GNS3's HTTP notification stream: a 200 that never ends, one JSON object and a newline per
 * message. `open` starts the feed with a send function and returns how to end it; the stream
 * ends it when the client goes away (the runtime cancels the body).
 *
 * Messages wait here until the runtime asks for the next one, which it does as the socket
 * drains, so what waits is what the client has not read. Past `MAX_BACKLOG_BYTES` the client
 * has stopped reading: what it never read is let go, the feed ends and the stream is closed
 * (not failed: a failed body is logged by the runtime as a server error).
 */
export function notificationStreamResponse(open: (send: (notification: Notification) => void) => () => void): Response {
  const waiting: Uint8Array[] = [];
  let waitingBytes = 0;
  let asked = false;
  let close = (): void => {};
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        close = open((notification) => {
          if (waitingBytes > MAX_BACKLOG_BYTES) {
            waiting.length = 0;
            waitingBytes = 0;
            controller.close();
            throw new Error(`notification client fell more than ${MAX_BACKLOG_BYTES} bytes behind`);
          }
          const chunk = encoder.encode(`${notificationText(notification)}\n`);
          if (asked) {
            asked = false;
            controller.enqueue(chunk);
          } else {
            waiting.push(chunk);
            waitingBytes += chunk.byteLength;
          }
        });
      },
      pull(controller) {
        const chunk = waiting.shift();
        if (!chunk) return void (asked = true);
        waitingBytes -= chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        close();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
}
