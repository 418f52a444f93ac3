import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "@shared/testing/cleanups";
import type { CaptureChunk } from "@shared/proto";
import { CAPTURE_CHUNK_BYTES, CaptureFollowers, MAX_BUFFERED_BYTES, type CaptureFollowersOptions } from "./capture-follower";

const RELATIVE = "projects/p/project-files/captures/a.pcap";

const { later, tempDir } = cleanupAfterEach();

interface Harness {
  followers: CaptureFollowers;
  chunks: CaptureChunk[];
  file: string;
  capturing: Set<string>;
  buffered: { bytes: number };
  /** Every byte sent on stream `streamId`, in order. */
  bytesOf(streamId: number): Buffer;
}

function harness(options: Partial<CaptureFollowersOptions> = {}): Harness {
  const dataDir = tempDir("capture-follower-");
  const capturing = new Set<string>([RELATIVE]);
  const buffered = { bytes: 0 };
  const chunks: CaptureChunk[] = [];
  const followers = new CaptureFollowers({
    dataDir,
    isCapturing: (path) => capturing.has(path),
    // The follower reuses its read buffer: keep a copy, as encoding the message does.
    send: (chunk) => chunks.push({ ...chunk, data: Uint8Array.from(chunk.data) }),
    buffered: () => buffered.bytes,
    pollMs: 5,
    drainPollMs: 2,
    ...options,
  });
  later(() => followers.stopAll());
  const file = join(dataDir, RELATIVE);
  mkdirSync(join(file, ".."), { recursive: true });
  return {
    followers,
    chunks,
    file,
    capturing,
    buffered,
    bytesOf: (streamId) => Buffer.concat(chunks.filter((chunk) => chunk.streamId === streamId).map((chunk) => chunk.data)),
  };
}

async function until(what: string, probe: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const waitMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("CaptureFollowers", () => {
  it("sends the file from the offset in chunks of at most 64 KiB, follows it as it grows, and ends once the capture stops", async () => {
    const h = harness();
    const start = Buffer.alloc(200 * 1024, 1);
    writeFileSync(h.file, start);
    h.followers.handle({ streamId: 1, relativePath: RELATIVE, offset: 100, stop: false });
    await until("the file so far", () => h.bytesOf(1).length === start.length - 100);
    appendFileSync(h.file, "grown");
    await until("the appended bytes", () => h.bytesOf(1).length === start.length - 100 + 5);
    expect(h.chunks.some((chunk) => chunk.end)).toBe(false);

    appendFileSync(h.file, "-last");
    h.capturing.delete(RELATIVE);
    await until("the end", () => h.chunks.some((chunk) => chunk.end));
    expect(h.bytesOf(1).equals(Buffer.concat([start.subarray(100), Buffer.from("grown-last")]))).toBe(true);
    expect(h.chunks.every((chunk) => chunk.data.length <= CAPTURE_CHUNK_BYTES && chunk.error === "")).toBe(true);
    expect(h.chunks.at(-1)).toMatchObject({ streamId: 1, end: true, error: "" });
    expect(h.chunks.filter((chunk) => chunk.end)).toHaveLength(1);
  });

  it("answers at once, with an empty first chunk, for a file still empty", async () => {
    const h = harness();
    writeFileSync(h.file, "");
    h.followers.handle({ streamId: 4, relativePath: RELATIVE, offset: 0, stop: false });
    await until("the first chunk", () => h.chunks.length === 1);
    expect(h.chunks[0]).toMatchObject({ streamId: 4, end: false, error: "" });
    expect(h.chunks[0]!.data.length).toBe(0);
    await waitMs(30);
    expect(h.chunks).toHaveLength(1);
  });

  it("ends a stream of a capture no longer running once its file is sent", async () => {
    const h = harness();
    writeFileSync(h.file, "whole");
    h.capturing.clear();
    h.followers.handle({ streamId: 2, relativePath: RELATIVE, offset: 0, stop: false });
    await until("the end", () => h.chunks.some((chunk) => chunk.end));
    expect(h.bytesOf(2).toString()).toBe("whole");
  });

  it("answers a missing file, and a path leaving the data dir, with one chunk carrying the error", async () => {
    const h = harness();
    h.followers.handle({ streamId: 1, relativePath: "projects/p/project-files/captures/none.pcap", offset: 0, stop: false });
    h.followers.handle({ streamId: 2, relativePath: "../outside.pcap", offset: 0, stop: false });
    await until("both answers", () => h.chunks.length === 2);
    await waitMs(20);
    expect(h.chunks.sort((a, b) => a.streamId - b.streamId)).toEqual([
      { streamId: 1, data: new Uint8Array(), end: true, error: "no capture file projects/p/project-files/captures/none.pcap on this host" },
      { streamId: 2, data: new Uint8Array(), end: true, error: "capture path ../outside.pcap leaves the data directory" },
    ]);
  });

  it("sends nothing more on a stream the controller stopped", async () => {
    const h = harness();
    writeFileSync(h.file, "before");
    h.followers.handle({ streamId: 3, relativePath: RELATIVE, offset: 0, stop: false });
    await until("the file so far", () => h.bytesOf(3).length === 6);
    h.followers.handle({ streamId: 3, relativePath: "", offset: 0, stop: true });
    const sent = h.chunks.length;
    appendFileSync(h.file, "after");
    await waitMs(40);
    expect(h.chunks).toHaveLength(sent);
  });

  it("reads nothing while the control socket holds more than 1 MiB unsent, then goes on", async () => {
    const h = harness();
    writeFileSync(h.file, Buffer.alloc(3 * CAPTURE_CHUNK_BYTES, 7));
    h.buffered.bytes = MAX_BUFFERED_BYTES + 1;
    h.followers.handle({ streamId: 5, relativePath: RELATIVE, offset: 0, stop: false });
    await waitMs(40);
    expect(h.chunks).toHaveLength(0);
    h.buffered.bytes = 0;
    await until("the file", () => h.bytesOf(5).length === 3 * CAPTURE_CHUNK_BYTES);
  });

  it("sends one chunk for each time the socket drains below the limit", async () => {
    const h = harness();
    writeFileSync(h.file, Buffer.alloc(4 * CAPTURE_CHUNK_BYTES, 7));
    // The socket fills with each chunk and is drained by hand.
    const followers = new CaptureFollowers({
      dataDir: join(h.file, "../../../../.."),
      isCapturing: () => true,
      send: (chunk) => {
        h.chunks.push(chunk);
        h.buffered.bytes += MAX_BUFFERED_BYTES + 1;
      },
      buffered: () => h.buffered.bytes,
      pollMs: 5,
      drainPollMs: 2,
    });
    later(() => followers.stopAll());
    followers.handle({ streamId: 6, relativePath: RELATIVE, offset: 0, stop: false });
    await until("the first chunk", () => h.chunks.length === 1);
    await waitMs(30);
    expect(h.chunks).toHaveLength(1);
    h.buffered.bytes = 0;
    await until("the second chunk", () => h.chunks.length === 2);
    await waitMs(30);
    expect(h.chunks).toHaveLength(2);
  });

  it("ends every stream when the connection closes, its files closed once stopAll resolves", async () => {
    const h = harness();
    writeFileSync(h.file, "x");
    for (const streamId of [1, 2, 3]) h.followers.handle({ streamId, relativePath: RELATIVE, offset: 0, stop: false });
    await until("three answers", () => h.chunks.length === 3);
    await h.followers.stopAll();
    appendFileSync(h.file, "more");
    await waitMs(30);
    expect(h.chunks).toHaveLength(3);
  });
});
