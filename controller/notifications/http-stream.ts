import type { Notification } from "../events/event-bus";
import { MAX_BACKLOG_BYTES, notificationText } from "./feed";

const encoder = new TextEncoder();

/**
 * GNS3's HTTP notification stream: a 200 that never ends, one JSON object and a newline per
 * message. `open` starts the feed with a send function and returns how to end it; the stream
 * ends it when the client goes away (the runtime cancels the body), and drops a client that
 * has more than `MAX_BACKLOG_BYTES` waiting for it.
 */
export function notificationStreamResponse(open: (send: (notification: Notification) => void) => () => void): Response {
  let close = (): void => {};
  // Queued bytes are counted, and the runtime takes a chunk only as the socket drains, so the
  // queue is what the client has not read yet.
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        close = open((notification) => {
          if (controller.desiredSize !== null && controller.desiredSize < -MAX_BACKLOG_BYTES) {
            controller.error(new Error(`notification client fell more than ${MAX_BACKLOG_BYTES} bytes behind`));
            throw new Error("client dropped");
          }
          controller.enqueue(encoder.encode(`${notificationText(notification)}\n`));
        });
      },
      cancel() {
        close();
      },
    },
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );
  return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
}
