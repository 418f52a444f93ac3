/**
 * A classic libpcap capture file (magic a1b2c3d4, version 2.4, microsecond timestamps,
 * snaplen 65535, LINKTYPE_ETHERNET), as ubridge writes. Records reach the file as they are
 * captured, so the controller can stream the file while it grows. Opening an existing
 * non-empty file appends records to it (a restarted capture).
 *
 * The packet path never waits for the disk: `write` copies the record into pending memory and
 * returns. An asynchronous write takes everything pending once the batch of the native path
 * (or the event loop's turn) ends; one write is in flight at a time, and what is captured
 * meanwhile goes with the next. A disk slower than the link lets at most
 * `PENDING_LIMIT_BYTES` wait; records beyond are dropped and counted, and frames go on being
 * forwarded.
 *
 * Writing never throws: an exception in the packet path would stop the daemon (and a
 * restarted daemon reopening the capture would stop again). A write that fails (disk full,
 * I/O error) cuts the file back to its last whole record, so it stays readable, closes it and
 * tells the owner once; frames go on being forwarded uncaptured.
 */
import { closeSync, fstatSync, ftruncateSync, openSync, writeSync, writev } from "node:fs";
import { performance } from "node:perf_hooks";
import { deferToBatchEnd, inBatch } from "../forwarding/batch-end";
import type { CaptureSink } from "../forwarding/link-relay";

export const PCAP_SNAPLEN = 65535;
export const LINKTYPE_ETHERNET = 1;
const GLOBAL_HEADER_BYTES = 24;
const RECORD_HEADER_BYTES = 16;
/**
 * Captured bytes not yet in the file, per capture. 8 MiB holds ~50 ms of a link forwarding
 * 120 k frames/s of 1400 bytes (1.4 Gbit/s, the daemon's full rate), so a disk pausing for a
 * journal commit or another process's fsync loses nothing, and seconds of the few Mbit/s a
 * lab link usually carries; and a capture on a disk that stopped answering costs the host no more.
 */
export const PENDING_LIMIT_BYTES = 8 * 1024 * 1024;
/** Pending records are kept in chunks of this size (a bigger record gets a chunk of its own). */
const CHUNK_BYTES = 64 * 1024;

function globalHeader(linkType: number): Buffer {
  const header = Buffer.alloc(GLOBAL_HEADER_BYTES);
  header.writeUInt32LE(0xa1b2c3d4, 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  // Bytes 8–15: time zone offset and timestamp accuracy, zero by convention.
  header.writeUInt32LE(PCAP_SNAPLEN, 16);
  header.writeUInt32LE(linkType, 20);
  return header;
}

/** Wall-clock milliseconds with sub-millisecond resolution (Date.now() has whole ms only). */
function wallClockMs(): number {
  return performance.timeOrigin + performance.now();
}

/** Told once why the capture stopped; must not throw. */
export type CaptureFailureHandler = (error: Error) => void;
/** Told once, from inside `write`, that the first record was dropped for want of pending room; must not throw. */
export type CaptureDropHandler = () => void;

/** Whole records, back to back: the frame may live in a buffer reused once `write` returns. */
interface Chunk {
  readonly bytes: Buffer;
  used: number;
  records: number;
}

export class PcapWriter implements CaptureSink {
  private fd: number | null;
  /** Bytes up to the end of the last whole record: where a failed write is cut back to. */
  private size: number;
  private recordsWritten = 0;
  private recordsDropped = 0;
  /** Records not handed to a write yet, the last chunk filling. */
  private pending: Chunk[] = [];
  /** Bytes pending or in flight: what the limit bounds. */
  private unwrittenBytes = 0;
  private writing = false;
  private writeScheduled = false;
  private closing = false;
  /** A drained chunk kept for the next records, so a steady capture allocates nothing. */
  private spare: Chunk | null = null;
  private idleWaiters: Array<() => void> = [];
  private readonly startWrite = (): void => this.writePending();

  private constructor(
    fd: number,
    size: number,
    private readonly onFailure: CaptureFailureHandler,
    private readonly onFirstDrop: CaptureDropHandler,
  ) {
    this.fd = fd;
    this.size = size;
  }

  /**
   * Opens (creating if needed) `path` for appending; throws the file system's error (a new
   * file whose header did not fit is left empty, so the next open writes it whole). A new file
   * says its frames are `linkType` (a serial link's Frame Relay, say); Ethernet by default.
   */
  static open(path: string, onFailure: CaptureFailureHandler = () => undefined, onFirstDrop: CaptureDropHandler = () => undefined, linkType = LINKTYPE_ETHERNET): PcapWriter {
    const fd = openSync(path, "a");
    try {
      let size = fstatSync(fd).size;
      if (size === 0) {
        try {
          writeHeader(fd, globalHeader(linkType));
        } catch (error) {
          truncateQuietly(fd, 0);
          throw error;
        }
        size = GLOBAL_HEADER_BYTES;
      }
      return new PcapWriter(fd, size, onFailure, onFirstDrop);
    } catch (error) {
      closeQuietly(fd);
      throw error;
    }
  }

  /** Records this writer appended; they are all in the file, whole. */
  get records(): number {
    return this.recordsWritten;
  }

  /** Records dropped because `PENDING_LIMIT_BYTES` were waiting for the disk. */
  get dropped(): number {
    return this.recordsDropped;
  }

  /** Queues one frame; `timestampMs` (Unix epoch, fractional) defaults to now. No-op once closed. */
  write(frame: Uint8Array, timestampMs: number = wallClockMs()): void {
    if (this.fd === null || this.closing) return;
    const captured = Math.min(frame.length, PCAP_SNAPLEN);
    const bytes = RECORD_HEADER_BYTES + captured;
    if (this.unwrittenBytes + bytes > PENDING_LIMIT_BYTES) {
      this.recordsDropped += 1;
      if (this.recordsDropped === 1) this.onFirstDrop();
      return;
    }
    const chunk = this.chunkWithRoom(bytes);
    const at = chunk.used;
    const micros = Math.round(timestampMs * 1000);
    const seconds = Math.floor(micros / 1_000_000);
    chunk.bytes.writeUInt32LE(seconds >>> 0, at);
    chunk.bytes.writeUInt32LE(micros - seconds * 1_000_000, at + 4);
    chunk.bytes.writeUInt32LE(captured, at + 8);
    chunk.bytes.writeUInt32LE(frame.length, at + 12);
    chunk.bytes.set(captured === frame.length ? frame : frame.subarray(0, captured), at + RECORD_HEADER_BYTES);
    chunk.used += bytes;
    chunk.records += 1;
    this.unwrittenBytes += bytes;
    this.scheduleWrite();
  }

  /** Resolves once every record queued so far is in the file (or the capture failed). */
  settled(): Promise<void> {
    if (!this.writing && this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Takes no more records, writes those pending, then closes the file. */
  async close(): Promise<void> {
    this.closing = true;
    this.writePending();
    await this.settled();
    if (this.fd === null) return;
    closeQuietly(this.fd);
    this.fd = null;
  }

  private chunkWithRoom(bytes: number): Chunk {
    const last = this.pending.at(-1);
    if (last && last.used + bytes <= last.bytes.length) return last;
    const reused = this.spare && bytes <= this.spare.bytes.length ? this.spare : null;
    if (reused) this.spare = null;
    const chunk = reused ?? { bytes: Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes)), used: 0, records: 0 };
    this.pending.push(chunk);
    return chunk;
  }

  /** Once the frames arriving together are all queued: a write per frame would cost the packet path a thread-pool round trip each. */
  private scheduleWrite(): void {
    if (this.writing || this.writeScheduled) return;
    this.writeScheduled = true;
    if (inBatch()) deferToBatchEnd(this.startWrite);
    else setImmediate(this.startWrite);
  }

  private writePending(): void {
    this.writeScheduled = false;
    if (this.writing || this.fd === null || this.pending.length === 0) return;
    const chunks = this.pending;
    this.pending = [];
    this.writing = true;
    this.writeChunks(this.fd, chunks, chunks.map((chunk) => chunk.bytes.subarray(0, chunk.used)), 0);
  }

  /** Writes `buffers` from `offset` on, going on after short writes; a write that makes no progress fails. */
  private writeChunks(fd: number, chunks: Chunk[], buffers: Buffer[], offset: number): void {
    writev(fd, remainderOf(buffers, offset), (error, written) => {
      if (error || written <= 0) {
        this.fail(error ?? new Error(`short write: ${offset} bytes of a capture write`), chunks, offset + Math.max(written ?? 0, 0));
        return;
      }
      const total = offset + written;
      if (total < byteLengthOf(buffers)) {
        this.writeChunks(fd, chunks, buffers, total);
        return;
      }
      this.written(chunks, total);
      this.writing = false;
      this.spare = chunks.at(-1) ?? null;
      if (this.spare) this.spare.used = this.spare.records = 0;
      if (this.pending.length > 0) this.writePending();
      else this.wakeIdleWaiters();
    });
  }

  private written(chunks: readonly Chunk[], bytes: number): void {
    this.size += bytes;
    this.unwrittenBytes -= bytes;
    for (const chunk of chunks) this.recordsWritten += chunk.records;
  }

  /** Keeps the whole records among the `written` bytes, cuts off the rest, and stops. */
  private fail(error: Error, chunks: readonly Chunk[], written: number): void {
    const whole = wholeRecordsIn(chunks, written);
    this.size += whole.bytes;
    this.recordsWritten += whole.records;
    const fd = this.fd!;
    this.fd = null;
    this.pending = [];
    this.spare = null;
    this.unwrittenBytes = 0;
    this.writing = false;
    truncateQuietly(fd, this.size);
    closeQuietly(fd);
    this.onFailure(error);
    this.wakeIdleWaiters();
  }

  private wakeIdleWaiters(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of waiters) wake();
  }
}

/** The whole records at the start of `chunks` that fit in `bytes`; a record never spans two chunks. */
function wholeRecordsIn(chunks: readonly Chunk[], bytes: number): { bytes: number; records: number } {
  let kept = 0;
  let records = 0;
  for (const chunk of chunks) {
    for (let at = 0; at < chunk.used; ) {
      const next = at + RECORD_HEADER_BYTES + chunk.bytes.readUInt32LE(at + 8);
      if (kept + next - at > bytes) return { bytes: kept, records };
      kept += next - at;
      records += 1;
      at = next;
    }
  }
  return { bytes: kept, records };
}

function byteLengthOf(buffers: readonly Buffer[]): number {
  let total = 0;
  for (const buffer of buffers) total += buffer.length;
  return total;
}

/** What is left of `buffers` after their first `offset` bytes. */
function remainderOf(buffers: readonly Buffer[], offset: number): Buffer[] {
  const rest: Buffer[] = [];
  let skip = offset;
  for (const buffer of buffers) {
    if (skip >= buffer.length) {
      skip -= buffer.length;
      continue;
    }
    rest.push(skip > 0 ? buffer.subarray(skip) : buffer);
    skip = 0;
  }
  return rest;
}

/** The file header is written before the capture starts, off the packet path; a short write throws. */
function writeHeader(fd: number, bytes: Uint8Array): void {
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
