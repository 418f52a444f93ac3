import { open, type FileHandle } from "node:fs/promises";
import type { CaptureChunk, CaptureFollow } from "@shared/proto";
import { createLogger } from "@shared/logging/logger";
import { capturePathIn } from "./capture-path";

/** The most a chunk carries: a WebSocket frame the controller and Workers take without fuss. */
export const CAPTURE_CHUNK_BYTES = 64 * 1024;
/** While the control socket holds more than this unsent, followers read nothing more. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface CaptureFollowersOptions {
  dataDir: string;
  /** Whether this host still writes the capture at `relativePath`; once not, its followers send the rest and end. */
  isCapturing(relativePath: string): boolean;
  /** Sends a chunk to the controller; the chunk's data may be reused once it returns. */
  send(chunk: CaptureChunk): void;
  /** Bytes the control socket has queued and not yet written. */
  buffered(): number;
  /** How often the end of a file still captured into is read again; GNS3 polls every 100 ms too. */
  pollMs?: number;
  /** How often a follower held back by a full socket looks again. */
  drainPollMs?: number;
  maxBufferedBytes?: number;
}

interface Follower {
  stopped: boolean;
  done: Promise<void>;
}

const log = createLogger("dataplane.capture");

/**
 * Sends capture files to the controller as they grow, for a controller that cannot read this
 * host's disk (Workers, or a Node controller on another machine). Each stream reads its file
 * from the offset asked, one chunk at a time, and only while the control socket has room, so a
 * slow controller holds back the disk rather than filling the daemon's memory.
 */
export class CaptureFollowers {
  private readonly followers = new Map<number, Follower>();

  constructor(private readonly options: CaptureFollowersOptions) {}

  /** Starts the stream the request names, or ends it when the request says stop. */
  handle(request: CaptureFollow): void {
    this.end(request.streamId);
    if (request.stop) return;
    const follower: Follower = { stopped: false, done: Promise.resolve() };
    follower.done = this.follow(request, follower)
      .catch((error) => log.error("capture stream failed", { stream_id: request.streamId, path: request.relativePath, error: String(error) }))
      .finally(() => {
        if (this.followers.get(request.streamId) === follower) this.followers.delete(request.streamId);
      });
    this.followers.set(request.streamId, follower);
  }

  /** The control connection closed: its streams end with it (stream ids belong to one connection). */
  async stopAll(): Promise<void> {
    const running = [...this.followers.keys()].map((streamId) => this.end(streamId));
    await Promise.all(running);
  }

  private end(streamId: number): Promise<void> {
    const follower = this.followers.get(streamId);
    if (!follower) return Promise.resolve();
    follower.stopped = true;
    this.followers.delete(streamId);
    return follower.done;
  }

  private async follow({ streamId, relativePath, offset }: CaptureFollow, follower: Follower): Promise<void> {
    const fail = (error: string) => this.options.send({ streamId, data: new Uint8Array(), end: true, error });
    const path = capturePathIn(this.options.dataDir, relativePath);
    if (!path) return fail(`capture path ${relativePath} leaves the data directory`);
    let file: FileHandle;
    try {
      file = await open(path, "r");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return fail(code === "ENOENT" ? `no capture file ${relativePath} on this host` : `cannot read the capture ${relativePath}: ${(error as Error).message}`);
    }
    try {
      await this.sendFrom(file, streamId, relativePath, offset, follower);
    } catch (error) {
      if (!follower.stopped) fail(`cannot read the capture ${relativePath}: ${(error as Error).message}`);
    } finally {
      await file.close();
    }
  }

  /**
   * The first chunk goes as soon as the file is open, even empty: it tells the controller the
   * file is here. Then every chunk as it can be read, and the end once the capture stopped and
   * nothing is left. The capture is looked at before reading, so bytes written between the read
   * and the look are never mistaken for the end.
   */
  private async sendFrom(file: FileHandle, streamId: number, relativePath: string, offset: number, follower: Follower): Promise<void> {
    const { pollMs = 100, drainPollMs = 10, maxBufferedBytes = MAX_BUFFERED_BYTES } = this.options;
    const buffer = new Uint8Array(CAPTURE_CHUNK_BYTES);
    let position = offset;
    let answered = false;
    while (!follower.stopped) {
      if (this.options.buffered() > maxBufferedBytes) {
        await sleep(drainPollMs);
        continue;
      }
      const capturing = this.options.isCapturing(relativePath);
      const { bytesRead } = await file.read(buffer, 0, CAPTURE_CHUNK_BYTES, position);
      if (follower.stopped) return;
      position += bytesRead;
      if (bytesRead > 0 || !answered) this.options.send({ streamId, data: buffer.subarray(0, bytesRead), end: false, error: "" });
      answered = true;
      if (bytesRead > 0) continue;
      if (!capturing) {
        this.options.send({ streamId, data: new Uint8Array(), end: true, error: "" });
        return;
      }
      await sleep(pollMs);
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
