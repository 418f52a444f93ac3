import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeFrame, sequenceOf } from "../forwarding/testing";
import { PENDING_LIMIT_BYTES, PcapWriter } from "./pcap-writer";
import { StalledDisk } from "./testing";

const FRAME_BYTES = 1400;
const RECORD_BYTES = 16 + FRAME_BYTES;

let folder: string;
let disk: StalledDisk;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "pcap-slow-"));
  disk = new StalledDisk(join(folder, "capture.pcap"));
});
afterEach(() => {
  disk.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Queues frames `from`…`to - 1` of 1400 bytes, as one batch of the packet path would. */
function capture(writer: PcapWriter, from: number, to: number): void {
  for (let sequence = from; sequence < to; sequence++) writer.write(makeFrame(sequence, FRAME_BYTES));
}

describe("pcap writer on a disk slower than the link", () => {
  it("goes on taking records while a write is in flight, and writes them next, in order", async () => {
    const writer = PcapWriter.open(disk.path);
    disk.catchUp();
    capture(writer, 0, 100);
    // 140 KB: the write fills the pipe and waits for the reader.
    await sleep(50);
    expect(writer.records).toBe(0);
    capture(writer, 100, 200);
    expect(writer.records).toBe(0);
    await disk.drainUntil(writer.settled());
    expect(writer.records).toBe(200);
    expect(writer.dropped).toBe(0);
    expect(disk.records().map((record) => sequenceOf(record.bytes))).toEqual([...Array(200).keys()]);
    await writer.close();
  });

  it(`drops and counts the records beyond ${PENDING_LIMIT_BYTES / (1 << 20)} MiB not yet written, says so once, and takes records again once the disk caught up`, async () => {
    let dropWarnings = 0;
    const writer = PcapWriter.open(disk.path, undefined, () => (dropWarnings += 1));
    disk.catchUp();
    const fitting = Math.floor(PENDING_LIMIT_BYTES / RECORD_BYTES);
    capture(writer, 0, 100);
    await sleep(50);
    capture(writer, 100, fitting + 500);
    expect(writer.dropped).toBe(500);
    expect(dropWarnings).toBe(1);
    await disk.drainUntil(writer.settled());
    expect(writer.records).toBe(fitting);
    capture(writer, fitting + 500, fitting + 501);
    await disk.drainUntil(writer.settled());
    expect(writer.records).toBe(fitting + 1);
    expect(writer.dropped).toBe(500);
    expect(dropWarnings).toBe(1);
    expect(disk.records().map((record) => sequenceOf(record.bytes))).toEqual([...[...Array(fitting).keys()], fitting + 500]);
    await writer.close();
  });

  it("resolves close only once the records pending are written, then closes the file; frames after close are ignored", async () => {
    const writer = PcapWriter.open(disk.path);
    disk.catchUp();
    capture(writer, 0, 100);
    await sleep(50);
    capture(writer, 100, 150);
    let closed = false;
    const closing = writer.close().then(() => (closed = true));
    capture(writer, 150, 160);
    await sleep(50);
    expect(closed).toBe(false);
    await disk.drainUntil(closing);
    expect(writer.records).toBe(150);
    expect(disk.receivedBytes()).toBe(24 + 150 * RECORD_BYTES);
    // The writer's end of the pipe is closed: the reader sees its end.
    expect(disk.catchUp()).toBe(false);
    expect(disk.records().map((record) => sequenceOf(record.bytes))).toEqual([...Array(150).keys()]);
  });
});
