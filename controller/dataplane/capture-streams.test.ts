import { describe, expect, it } from "vitest";
import type { CaptureFollow } from "@shared/proto";
import { CAPTURE_QUEUE_BYTES, CaptureStreams } from "./capture-streams";

const PATH = "projects/p/project-files/captures/a.pcap";

function host(answerTimeoutMs?: number) {
  const streams = new CaptureStreams(answerTimeoutMs);
  const sent: CaptureFollow[] = [];
  const send = (follow: CaptureFollow) => void sent.push(follow);
  const chunk = (streamId: number, data: string | Uint8Array, more: { end?: boolean; error?: string } = {}) =>
    streams.received({ streamId, data: typeof data === "string" ? new TextEncoder().encode(data) : data, end: more.end ?? false, error: more.error ?? "" });
  return { streams, sent, send, chunk };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("CaptureStreams", () => {
  it("asks the host for the file from its start and streams its chunks until the host ends it", async () => {
    const { streams, sent, send, chunk } = host();
    const following = streams.follow(send, PATH);
    expect(sent).toEqual([{ streamId: 1, relativePath: PATH, offset: 0, stop: false }]);
    chunk(1, "header-");
    const stream = await following;
    expect(stream).toBeDefined();
    chunk(1, "record-");
    chunk(1, "");
    chunk(1, "last", { end: true });
    expect(await readAll(stream!)).toBe("header-record-last");
    expect(sent).toHaveLength(1);
  });

  it("answers once the host said it has the file, even with no bytes yet", async () => {
    const { streams, send, chunk } = host();
    const following = streams.follow(send, PATH);
    chunk(1, "");
    const reader = (await following)!.getReader();
    chunk(1, "late");
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("late");
  });

  it("gives each request its own stream id", async () => {
    const { streams, sent, send, chunk } = host();
    const first = streams.follow(send, PATH);
    const second = streams.follow(send, "projects/p/project-files/captures/b.pcap");
    expect(sent.map((follow) => follow.streamId)).toEqual([1, 2]);
    chunk(2, "b", { end: true });
    chunk(1, "a", { end: true });
    expect([await readAll((await first)!), await readAll((await second)!)]).toEqual(["a", "b"]);
  });

  it("finds nothing when the host answers that it has no such file", async () => {
    const { streams, sent, send, chunk } = host();
    const following = streams.follow(send, PATH);
    chunk(1, new Uint8Array(), { end: true, error: `no capture file ${PATH} on this host` });
    expect(await following).toBeUndefined();
    expect(sent).toHaveLength(1);
  });

  it("finds nothing, and tells the host to stop, when it does not answer in time", async () => {
    const { streams, sent, send, chunk } = host(20);
    expect(await streams.follow(send, PATH)).toBeUndefined();
    expect(sent.at(-1)).toEqual({ streamId: 1, relativePath: "", offset: 0, stop: true });
    // A late answer changes nothing.
    chunk(1, "late");
  });

  it("finds nothing when the request cannot be sent", async () => {
    const streams = new CaptureStreams();
    const closed = () => {
      throw new Error("socket closed");
    };
    expect(await streams.follow(closed, PATH)).toBeUndefined();
  });

  it("tells the host to stop when the reader cancels, and drops the chunks still coming", async () => {
    const { streams, sent, send, chunk } = host();
    const following = streams.follow(send, PATH);
    chunk(1, "x");
    const stream = (await following)!;
    await stream.cancel();
    expect(sent.at(-1)).toEqual({ streamId: 1, relativePath: "", offset: 0, stop: true });
    chunk(1, "in flight");
    chunk(1, "", { end: true });
    expect(sent).toHaveLength(2);
  });

  it("fails the stream with the host's reason when the file cannot be read any more", async () => {
    const { streams, send, chunk } = host();
    const following = streams.follow(send, PATH);
    chunk(1, "x");
    const stream = (await following)!;
    chunk(1, new Uint8Array(), { end: true, error: "cannot read the capture: EIO" });
    await expect(readAll(stream)).rejects.toThrow("cannot read the capture: EIO");
  });

  it("fails the streams of a host that disconnects, and requests it had not answered find nothing", async () => {
    const { streams, send, chunk } = host();
    const answered = streams.follow(send, PATH);
    const unanswered = streams.follow(send, PATH);
    chunk(1, "x");
    const stream = (await answered)!;
    streams.disconnected();
    expect(await unanswered).toBeUndefined();
    await expect(readAll(stream)).rejects.toThrow("the dataplane host writing the capture disconnected");
  });

  it("pauses a capture the reader does not keep up with and asks again from the reader's offset once it caught up", async () => {
    const { streams, sent, send, chunk } = host();
    const following = streams.follow(send, PATH);
    const piece = new Uint8Array(64 * 1024).fill(1);
    chunk(1, piece);
    const reader = (await following)!.getReader();
    const pieces = CAPTURE_QUEUE_BYTES / piece.length;
    for (let index = 1; index < pieces; index++) chunk(1, piece);
    // The queue is full: the host is told to stop, and what it sent meanwhile is dropped.
    expect(sent.at(-1)).toEqual({ streamId: 1, relativePath: "", offset: 0, stop: true });
    chunk(1, new Uint8Array(64 * 1024).fill(9));
    let received = 0;
    while (received < CAPTURE_QUEUE_BYTES) {
      const { value } = await reader.read();
      expect(value!.every((byte) => byte === 1)).toBe(true);
      received += value!.length;
    }
    expect(sent.at(-1)).toEqual({ streamId: 2, relativePath: PATH, offset: CAPTURE_QUEUE_BYTES, stop: false });
    chunk(2, "rest", { end: true });
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("rest");
    expect((await reader.read()).done).toBe(true);
    expect(sent).toHaveLength(3);
  });
});
