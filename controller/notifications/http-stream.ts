import type { Notification } from "../events/event-bus";
import { notificationText } from "./feed";

/**
 * Messages a client may fall behind by before we drop it: a client that stopped reading must not
 * make the server buffer forever. A reading client never comes close (the queue drains per write).
 */
export const MAX_BACKLOG = 1000;

const encoder = new TextEncoder();

/**
 * GNS3's HTTP notification stream: a 200 that never ends, one JSON object and a newline per
 * message. `open` starts the feed with a send function and returns how to end it; the stream
 * ends it when the client goes away (the runtime cancels the body).
 */
export function notificationStreamResponse(open: (send: (notification: Notification) => void) => () => void): Response {
  let close = (): void => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      close = open((notification) => {
        if (controller.desiredSize !== null && controller.desiredSize < -MAX_BACKLOG) {
          controller.error(new Error(`notification client fell more than ${MAX_BACKLOG} messages behind`));
          throw new Error("client dropped");
        }
        controller.enqueue(encoder.encode(`${notificationText(notification)}\n`));
      });
    },
    cancel() {
      close();
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
}
