import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { beginBatch, endBatch } from "../forwarding/batch-end";
import { makeFrame, sequenceOf } from "../forwarding/testing";
import { PcapWriter } from "./pcap-writer";
import { readWithTcpdump } from "./testing";

const folder = mkdtempSync(join(tmpdir(), "pcap-batch-"));
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe("pcap writer inside a batch of the native path", () => {
  it("writes the batch's records once, when the batch ends, in order, and closes with nothing left behind", async () => {
    const path = join(folder, "batch.pcap");
    const writer = PcapWriter.open(path);
    beginBatch();
    for (let sequence = 0; sequence < 100; sequence++) writer.write(makeFrame(sequence, 60 + sequence));
    expect(statSync(path).size).toBe(24);
    expect(writer.records).toBe(0);
    endBatch();
    await writer.settled();
    expect(writer.records).toBe(100);
    expect(readWithTcpdump(path).records.map((record) => sequenceOf(record.bytes))).toEqual([...Array(100).keys()]);

    writer.write(makeFrame(100));
    beginBatch();
    writer.write(makeFrame(101));
    const closed = writer.close();
    endBatch();
    await closed;
    expect(readWithTcpdump(path).records.map((record) => sequenceOf(record.bytes))).toEqual([...Array(102).keys()]);
  });
});
