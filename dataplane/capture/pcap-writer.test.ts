import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { corruptedRange } from "../filters/corrupt";
import { spec } from "../filters/testing";
import { makeFrame, openLinkHarness, sendPaced, sequenceOf, waitFor, type LinkHarness } from "../forwarding/testing";
import { PcapWriter } from "./pcap-writer";
import { mountSmallDisk, smallDiskSkipReason, type SmallDisk } from "@shared/testing/small-disk";
import { readWithTcpdump } from "./testing";

let folder: string;
let harness: LinkHarness | undefined;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "pcap-"));
});
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  rmSync(folder, { recursive: true, force: true });
});

describe("pcap writer", () => {
  it("writes a classic Ethernet pcap that tcpdump reads back record by record", async () => {
    const path = join(folder, "a.pcap");
    const writer = PcapWriter.open(path);
    writer.write(makeFrame(1), 1_700_000_000_123.456);
    writer.write(makeFrame(2, 1514), 1_700_000_001_000);
    // Written as they come: readable before close.
    await writer.settled();
    expect(readWithTcpdump(path).records).toHaveLength(2);
    await writer.close();
    writer.write(makeFrame(3));
    const file = readFileSync(path);
    expect(file.subarray(0, 24).toString("hex")).toBe("d4c3b2a1" + "0200" + "0400" + "00000000" + "00000000" + "ffff0000" + "01000000");
    const { linkType, snaplen, records } = readWithTcpdump(path);
    expect({ linkType, snaplen }).toEqual({ linkType: "EN10MB", snaplen: 65535 });
    expect(records.map(({ timestamp, length }) => ({ timestamp, length }))).toEqual([
      { timestamp: 1_700_000_000.123456, length: 60 },
      { timestamp: 1_700_000_001, length: 1514 },
    ]);
    expect(records[0]!.bytes.equals(makeFrame(1))).toBe(true);
    expect(records[1]!.bytes.equals(makeFrame(2, 1514))).toBe(true);
  });

  it("has the whole file header on disk when open returns, before any frame, so the file can be streamed at once", async () => {
    const path = join(folder, "empty.pcap");
    const writer = PcapWriter.open(path);
    try {
      expect(statSync(path).size).toBe(24);
      expect(readWithTcpdump(path)).toMatchObject({ linkType: "EN10MB", records: [] });
    } finally {
      await writer.close();
    }
  });

  it("truncates records to the 65,535-byte snaplen, keeping the wire length", async () => {
    const path = join(folder, "big.pcap");
    const writer = PcapWriter.open(path);
    const frame = makeFrame(9, 70_000);
    writer.write(frame);
    await writer.close();
    const file = readFileSync(path);
    expect(file.readUInt32LE(24 + 8)).toBe(65_535);
    expect(file.readUInt32LE(24 + 12)).toBe(70_000);
    const [record] = readWithTcpdump(path).records;
    expect(record!.length).toBe(70_000);
    expect(record!.bytes.equals(frame.subarray(0, 65_535))).toBe(true);
  });

  it("appends to an existing capture without a second file header", async () => {
    const path = join(folder, "again.pcap");
    for (const sequence of [1, 2]) {
      const writer = PcapWriter.open(path);
      writer.write(makeFrame(sequence));
      await writer.close();
    }
    expect(readWithTcpdump(path).records.map((record) => sequenceOf(record.bytes))).toEqual([1, 2]);
  });

  it("captures a relay's frames after the chain: corrupted bytes at the documented offsets", async () => {
    const path = join(folder, "link.pcap");
    const writer = PcapWriter.open(path);
    harness = await openLinkHarness({ capture: writer });
    const link = harness;
    link.relay.setFilters([spec("frequency_drop", 4), spec("corrupt", 50)], false);
    const count = 400;
    await sendPaced(link.peerA, count, (index) => makeFrame(index), () => link.relay.counters().aToB.framesIn);
    link.peerB.send(makeFrame(count));
    await waitFor(() => link.peerB.arrivals.length === 300 && link.peerA.arrivals.length === 1, "frames");
    await writer.close();
    const records = readWithTcpdump(path).records;
    // Both directions, dropped frames absent, in the order they were sent on.
    expect(records.map((record) => sequenceOf(record.bytes)).sort((x, y) => x - y)).toEqual(
      [...Array(count + 1).keys()].filter((index) => index === count || (index + 1) % 4 !== 0),
    );
    const aToB = records.filter((record) => sequenceOf(record.bytes) < count);
    expect(aToB.map((record) => record.bytes)).toEqual(link.peerB.arrivals.map((arrival) => arrival.frame));
    // Each corrupted frame differs from the original exactly by the XOR pattern over bytes
    // 24…38, the pattern carrying on from one corrupted frame to the next.
    const { start, end } = corruptedRange(60);
    const pattern = [0x64, 0x13, 0x88, 0x40, 0x1f, 0xa0, 0xaa, 0x55];
    let position = 0;
    let corrupted = 0;
    for (const { bytes } of aToB) {
      const original = makeFrame(sequenceOf(bytes));
      if (bytes.equals(original)) continue;
      corrupted += 1;
      for (let offset = 0; offset < 60; offset++) {
        const expected = offset >= start && offset < end ? pattern[position++ % 8]! : 0;
        expect(bytes[offset]! ^ original[offset]!).toBe(expected);
      }
    }
    expect(corrupted).toBe(link.relay.counters().aToB.corrupted);
    expect(corrupted).toBeGreaterThan(0);
  });
});

const skipReason = smallDiskSkipReason();

describe.skipIf(skipReason !== undefined)(`pcap writer on a full disk (a 64 KiB tmpfs)${skipReason ? ` — skipped: ${skipReason}` : ""}`, () => {
  let disk: SmallDisk | undefined;
  afterEach(async () => {
    await disk?.unmount();
    disk = undefined;
  });

  it("stops at the first failed write, cut back to its last whole record, and says why once; it never throws", async () => {
    disk = mountSmallDisk(join(folder, "disk"), 64);
    const path = join(disk.path, "full.pcap");
    const failures: Error[] = [];
    const writer = PcapWriter.open(path, (error) => failures.push(error));
    // 80-byte records do not divide a 4 KiB page: the last one is cut by the full disk.
    let sent = 0;
    while (failures.length === 0 && sent < 10_000) {
      writer.write(makeFrame(sent++, 64));
      await writer.settled();
    }
    expect(failures).toHaveLength(1);
    expect((failures[0] as NodeJS.ErrnoException).code).toBe("ENOSPC");
    const kept = writer.records;
    expect(kept).toBe(sent - 1);
    expect(statSync(path).size).toBe(24 + kept * 80);
    for (let more = 0; more < 10; more++) writer.write(makeFrame(sent + more, 64));
    await writer.close();
    expect(failures).toHaveLength(1);
    expect(statSync(path).size).toBe(24 + kept * 80);
    expect(readWithTcpdump(path).records.map((record) => sequenceOf(record.bytes))).toEqual([...Array(kept).keys()]);
  });

  it("keeps the whole records of a write of many that the disk cut short", async () => {
    disk = mountSmallDisk(join(folder, "disk"), 64);
    const path = join(disk.path, "many.pcap");
    const failures: Error[] = [];
    const writer = PcapWriter.open(path, (error) => failures.push(error));
    // 1,000 records of 80 bytes queued together: one write, larger than the disk.
    for (let sequence = 0; sequence < 1000; sequence++) writer.write(makeFrame(sequence, 64));
    await writer.close();
    expect(failures.map((error) => (error as NodeJS.ErrnoException).code)).toEqual(["ENOSPC"]);
    const kept = writer.records;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(1000);
    expect(statSync(path).size).toBe(24 + kept * 80);
    expect(readWithTcpdump(path).records.map((record) => sequenceOf(record.bytes))).toEqual([...Array(kept).keys()]);
  });

  it("refuses to open a new capture on a full disk, leaving it empty, and writes a whole header once there is room", async () => {
    disk = mountSmallDisk(join(folder, "disk"), 64);
    const freeSpace = disk.takeSpace(64 * 1024);
    const path = join(disk.path, "new.pcap");
    expect(() => PcapWriter.open(path)).toThrow(/ENOSPC/);
    expect(statSync(path).size).toBe(0);
    freeSpace();
    const writer = PcapWriter.open(path);
    writer.write(makeFrame(7));
    await writer.close();
    expect(readWithTcpdump(path).records.map((record) => sequenceOf(record.bytes))).toEqual([7]);
  });
});
