import type { CaptureChunk, CaptureFollow } from "@shared/proto";
import { createLogger } from "@shared/logging/logger";

/** How long a host has to answer a request for a capture file before it is taken as not having it. */
export const CAPTURE_ANSWER_TIMEOUT_MS = 5000;
/**
 * Bytes kept for a reader that does not keep up: beyond them the host is told to stop, and asked
 * again from where the reader is once it caught up, so a slow client costs the controller this much.
 */
export const CAPTURE_QUEUE_BYTES = 1024 * 1024;

interface FollowedCapture {
  relativePath: string;
  /** The stream id the host sends this capture under now; none while paused or done. */
  streamId: number | undefined;
  /** Bytes handed to the reader so far: where the host resumes after a pause. */
  offset: number;
  controller: ReadableStreamDefaultController<Uint8Array>;
  /** Set until the host's first chunk, which says whether it has the file. */
  answer?: (found: boolean) => void;
  send: (follow: CaptureFollow) => void;
}

const log = createLogger("controller.capture-streams");

/**
 * The capture files one dataplane host sends over its control channel, each as a web stream
 * of its bytes. A stream id names one request; a capture paused for a slow reader is asked for
 * again under a new id, from the offset the reader got to, so chunks still in flight for the
 * old id are dropped rather than queued.
 */
export class CaptureStreams {
  private nextStreamId = 1;
  /** By the stream id the host sends under. */
  private readonly byStreamId = new Map<number, FollowedCapture>();
  /** Every capture not yet ended, paused ones too. */
  private readonly open = new Set<FollowedCapture>();

  constructor(private readonly answerTimeoutMs = CAPTURE_ANSWER_TIMEOUT_MS) {}

  /**
   * Asks the host for the file at `relativePath` (under its data dir) and resolves with its
   * bytes as they come, once the host answered it has the file; undefined when it has not, or
   * does not answer in time. The stream ends when the host stopped capturing and sent it all;
   * cancelling it tells the host to stop.
   */
  follow(send: (follow: CaptureFollow) => void, relativePath: string): Promise<ReadableStream<Uint8Array> | undefined> {
    return new Promise((resolve) => {
      let capture!: FollowedCapture;
      const stream = new ReadableStream<Uint8Array>(
        {
          start: (controller) => {
            capture = { relativePath, streamId: undefined, offset: 0, controller, send };
          },
          pull: () => this.resume(capture),
          cancel: () => this.finish(capture, true),
        },
        { highWaterMark: CAPTURE_QUEUE_BYTES, size: (chunk) => chunk.byteLength },
      );
      const timer = setTimeout(() => {
        log.warn("dataplane host did not answer a capture request", { path: relativePath, timeout_ms: this.answerTimeoutMs });
        capture.answer?.(false);
      }, this.answerTimeoutMs);
      capture.answer = (found) => {
        clearTimeout(timer);
        capture.answer = undefined;
        if (found) return resolve(stream);
        this.finish(capture, true);
        resolve(undefined);
      };
      this.open.add(capture);
      try {
        this.request(capture);
      } catch (error) {
        log.warn("could not ask the dataplane host for a capture", { path: relativePath, error: String(error) });
        this.forgetStreamId(capture);
        capture.answer(false);
      }
    });
  }

  /** A chunk from the host; those of streams already stopped are dropped. */
  received(chunk: CaptureChunk): void {
    const capture = this.byStreamId.get(chunk.streamId);
    if (!capture) return;
    if (chunk.error) {
      if (capture.answer) {
        log.warn("dataplane host cannot send a capture", { path: capture.relativePath, error: chunk.error });
        this.forgetStreamId(capture);
        return capture.answer(false);
      }
      this.finish(capture, false);
      return capture.controller.error(new Error(chunk.error));
    }
    if (chunk.data.length > 0) {
      capture.controller.enqueue(chunk.data);
      capture.offset += chunk.data.length;
    }
    capture.answer?.(true);
    if (chunk.end) {
      this.finish(capture, false);
      return capture.controller.close();
    }
    // The reader fell behind: pause until `pull` says it caught up.
    if ((capture.controller.desiredSize ?? 0) <= 0) this.stop(capture);
  }

  /** The host's connection is gone: its streams fail, and requests not yet answered find nothing. */
  disconnected(): void {
    for (const capture of [...this.open]) {
      this.forgetStreamId(capture);
      if (capture.answer) {
        capture.answer(false);
        continue;
      }
      this.finish(capture, false);
      capture.controller.error(new Error("the dataplane host writing the capture disconnected"));
    }
  }

  private request(capture: FollowedCapture): void {
    const streamId = this.nextStreamId++;
    capture.streamId = streamId;
    this.byStreamId.set(streamId, capture);
    capture.send({ streamId, relativePath: capture.relativePath, offset: capture.offset, stop: false });
  }

  /** The reader caught up with a capture paused for it: ask again from where it is. */
  private resume(capture: FollowedCapture): void {
    if (capture.streamId === undefined && this.open.has(capture)) this.request(capture);
  }

  /** Forgets the capture; `tellHost` when the host may still be sending it. */
  private finish(capture: FollowedCapture, tellHost: boolean): void {
    if (!this.open.delete(capture)) return;
    if (tellHost) this.stop(capture);
    else this.forgetStreamId(capture);
  }

  /** Tells the host to stop sending under the capture's current stream id, if it has one. */
  private stop(capture: FollowedCapture): void {
    const streamId = capture.streamId;
    if (streamId === undefined) return;
    this.forgetStreamId(capture);
    try {
      capture.send({ streamId, relativePath: "", offset: 0, stop: true });
    } catch {
      // The socket closed meanwhile: the host ended its streams with it.
    }
  }

  private forgetStreamId(capture: FollowedCapture): void {
    if (capture.streamId !== undefined) this.byStreamId.delete(capture.streamId);
    capture.streamId = undefined;
  }
}
