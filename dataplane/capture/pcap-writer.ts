/**
 * A classic libpcap capture file (magic a1b2c3d4, version 2.4, microsecond timestamps,
 * snaplen 65535, LINKTYPE_ETHERNET), as ubridge writes. Each record reaches the file with one
 * write system call as it is captured, so the controller can stream the file while it grows.
 * Opening an existing non-empty file appends records to it (a restarted capture).
 */
import { closeSync, fstatSync, openSync, writeSync, writevSync } from "node:fs";
import { performance } from "node:perf_hooks";
import type { CaptureSink } from "../forwarding/link-relay";

export const PCAP_SNAPLEN = 65535;
export const LINKTYPE_ETHERNET = 1;
const GLOBAL_HEADER_BYTES = 24;
const RECORD_HEADER_BYTES = 16;

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

export class PcapWriter implements CaptureSink {
  private readonly recordHeader = Buffer.alloc(RECORD_HEADER_BYTES);
  private fd: number | null;

  private constructor(fd: number) {
    this.fd = fd;
  }

  /** Opens (creating if needed) `path` for appending; throws the file system's error. */
  static open(path: string): PcapWriter {
    const fd = openSync(path, "a");
    try {
      if (fstatSync(fd).size === 0) writeSync(fd, globalHeader());
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    return new PcapWriter(fd);
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
    writevSync(this.fd, [header, data]);
  }

  close(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
  }
}
