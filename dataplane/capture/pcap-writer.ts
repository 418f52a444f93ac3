/**
 * A classic libpcap capture file (magic a1b2c3d4, version 2.4, microsecond timestamps,
 * snaplen 65535, LINKTYPE_ETHERNET), as ubridge writes. Records reach the file as they are
 * captured, so the controller can stream the file while it grows: one write system call per
 * record, or, for the frames of a batch of the native path, one for the whole batch when it
 * ends (a system call per frame would cost the packet path as much as forwarding it).
 * Opening an existing non-empty file appends records to it (a restarted capture).
 *
 * Writing never throws: it runs inside the packet path, where an exception would stop the
 * daemon (and a restarted daemon reopening the capture would stop again). A write that fails
 * (disk full, I/O error) cuts the file back to its last whole record, so it stays readable,
 * closes it and tells the owner once; frames go on being forwarded uncaptured.
 */
import { closeSync, fstatSync, ftruncateSync, openSync, writeSync, writevSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { deferToBatchEnd, inBatch } from "../forwarding/batch-end";
import type { CaptureSink } from "../forwarding/link-relay";

export const PCAP_SNAPLEN = 65535;
export const LINKTYPE_ETHERNET = 1;
const GLOBAL_HEADER_BYTES = 24;
const RECORD_HEADER_BYTES = 16;
/** Room for a batch of 64 full-size Ethernet frames before the pending buffer has to grow. */
const PENDING_INITIAL_BYTES = 64 * (RECORD_HEADER_BYTES + 1514);

function globalHeader(): Buffer {
  const header = Buffer.alloc(GLOBAL_HEADER_BYTES);
  header.writeUInt32LE(0xa1b2c3d4, 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  // Bytes 8–15: time zone offset and timestamp accuracy, zero by convention.
  header.writeUInt32LE(PCAP_SNAPLEN, 16);
  header.writeUInt32LE(LINKTYPE_ETHERNET, 20);
  return header;
}

/** Wall-clock milliseconds with sub-millisecond resolution (Date.now() has whole ms only). */
function wallClockMs(): number {
  return performance.timeOrigin + performance.now();
}

/** Told once, from inside `write`, why the capture stopped; must not throw. */
export type CaptureFailureHandler = (error: Error) => void;

export class PcapWriter implements CaptureSink {
  private readonly recordHeader = Buffer.alloc(RECORD_HEADER_BYTES);
  private fd: number | null;
  /** Bytes up to the end of the last whole record: where a failed write is cut back to. */
  private size: number;
  private recordsWritten = 0;
  /** Records of the running batch, not written yet; allocated at the first batch. */
  private pending: Buffer | null = null;
  private pendingBytes = 0;
  private pendingRecords = 0;
  private readonly flushPending = (): void => this.flush();

  private constructor(
    fd: number,
    size: number,
    private readonly onFailure: CaptureFailureHandler,
  ) {
    this.fd = fd;
    this.size = size;
  }

  /**
   * Opens (creating if needed) `path` for appending; throws the file system's error (a new
   * file whose header did not fit is left empty, so the next open writes it whole).
   */
  static open(path: string, onFailure: CaptureFailureHandler = () => undefined): PcapWriter {
    const fd = openSync(path, "a");
    try {
      let size = fstatSync(fd).size;
      if (size === 0) {
        try {
          writeWhole(fd, globalHeader());
        } catch (error) {
          truncateQuietly(fd, 0);
          throw error;
        }
        size = GLOBAL_HEADER_BYTES;
      }
      return new PcapWriter(fd, size, onFailure);
    } catch (error) {
      closeQuietly(fd);
      throw error;
    }
  }

  /** Records this writer appended; they are all in the file, whole. */
  get records(): number {
    return this.recordsWritten;
  }

  /** Appends one frame; `timestampMs` (Unix epoch, fractional) defaults to now. No-op once closed. */
  write(frame: Uint8Array, timestampMs: number = wallClockMs()): void {
    if (this.fd === null) return;
    const micros = Math.round(timestampMs * 1000);
    const seconds = Math.floor(micros / 1_000_000);
    const captured = Math.min(frame.length, PCAP_SNAPLEN);
    const header = this.recordHeader;
    header.writeUInt32LE(seconds >>> 0, 0);
    header.writeUInt32LE(micros - seconds * 1_000_000, 4);
    header.writeUInt32LE(captured, 8);
    header.writeUInt32LE(frame.length, 12);
    const data = captured === frame.length ? frame : frame.subarray(0, captured);
    if (inBatch()) {
      this.hold(header, data);
      return;
    }
    try {
      const written = writevSync(this.fd, [header, data]);
      // A disk filling mid-record writes part of it; writing the rest says why it stopped.
      if (written < RECORD_HEADER_BYTES + captured) writeWhole(this.fd, Buffer.concat([header, data]).subarray(written));
    } catch (error) {
      this.fail(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.size += RECORD_HEADER_BYTES + captured;
    this.recordsWritten += 1;
  }

  close(): void {
    this.flush();
    if (this.fd === null) return;
    closeQuietly(this.fd);
    this.fd = null;
  }

  /** Copies a record for the end of the batch: the frame may live in a buffer reused after it. */
  private hold(header: Buffer, data: Uint8Array): void {
    const bytes = RECORD_HEADER_BYTES + data.length;
    if (this.pending === null || this.pendingBytes + bytes > this.pending.length) this.grow(this.pendingBytes + bytes);
    if (this.pendingRecords === 0) deferToBatchEnd(this.flushPending);
    const pending = this.pending!;
    header.copy(pending, this.pendingBytes);
    pending.set(data, this.pendingBytes + RECORD_HEADER_BYTES);
    this.pendingBytes += bytes;
    this.pendingRecords += 1;
  }

  private grow(atLeast: number): void {
    const grown = Buffer.allocUnsafe(Math.max(PENDING_INITIAL_BYTES, 2 * atLeast));
    this.pending?.copy(grown, 0, 0, this.pendingBytes);
    this.pending = grown;
  }

  private flush(): void {
    const records = this.pendingRecords;
    if (records === 0) return;
    const bytes = this.pendingBytes;
    this.pendingRecords = 0;
    this.pendingBytes = 0;
    if (this.fd === null) return;
    try {
      writeWhole(this.fd, this.pending!.subarray(0, bytes));
    } catch (error) {
      this.fail(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.size += bytes;
    this.recordsWritten += records;
  }

  private fail(error: Error): void {
    const fd = this.fd!;
    this.fd = null;
    truncateQuietly(fd, this.size);
    closeQuietly(fd);
    this.onFailure(error);
  }
}

/** Writes all of `bytes`, retrying short writes; a write that makes no progress throws. */
function writeWhole(fd: number, bytes: Uint8Array): void {
  for (let offset = 0; offset < bytes.length; ) {
    const written = writeSync(fd, bytes, offset);
    if (written <= 0) throw new Error(`short write: ${offset} of ${bytes.length} bytes`);
    offset += written;
  }
}

/** Cuts off a partly written record. On an I/O error the file may refuse this too: the records before `size` are whole either way. */
function truncateQuietly(fd: number, size: number): void {
  try {
    ftruncateSync(fd, size);
  } catch {
    // Nothing more can be done for the file.
  }
}

/** Every record was written before: an error from close loses nothing, and the descriptor is released regardless. */
function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Nothing to undo.
  }
}
