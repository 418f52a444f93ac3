/**
 * Classic pcap files (microsecond, little-endian), enough for the differential test: write
 * frames with one timestamp second per frame index, so that tcpdump's output tells which
 * frames matched, and read captures back (both byte orders).
 */

export interface CapturedFrame {
  /** The captured bytes (`caplen` of them). */
  data: Uint8Array;
  /** The length of the frame on the wire, `len` in BPF. */
  wireLength: number;
  /** Seconds field of the record's timestamp. */
  seconds: number;
}

export const LINKTYPE_ETHERNET = 1;

export function writePcap(frames: ReadonlyArray<{ data: Uint8Array; wireLength: number }>): Uint8Array {
  const size = 24 + frames.reduce((total, frame) => total + 16 + frame.data.length, 0);
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0xa1b2c3d4, true);
  view.setUint16(4, 2, true);
  view.setUint16(6, 4, true);
  view.setUint32(16, 262144, true);
  view.setUint32(20, LINKTYPE_ETHERNET, true);
  let at = 24;
  frames.forEach((frame, index) => {
    view.setUint32(at, index, true);
    view.setUint32(at + 4, 0, true);
    view.setUint32(at + 8, frame.data.length, true);
    view.setUint32(at + 12, frame.wireLength, true);
    bytes.set(frame.data, at + 16);
    at += 16 + frame.data.length;
  });
  return bytes;
}

export function readPcap(bytes: Uint8Array): { linkType: number; frames: CapturedFrame[] } {
  if (bytes.length < 24) return { linkType: LINKTYPE_ETHERNET, frames: [] };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = view.getUint32(0, true);
  const littleEndian = magic === 0xa1b2c3d4 || magic === 0xa1b23c4d;
  if (!littleEndian && view.getUint32(0, false) !== 0xa1b2c3d4 && view.getUint32(0, false) !== 0xa1b23c4d) {
    throw new Error("not a classic pcap file");
  }
  const linkType = view.getUint32(20, littleEndian) & 0xffff;
  const frames: CapturedFrame[] = [];
  let at = 24;
  while (at + 16 <= bytes.length) {
    const seconds = view.getUint32(at, littleEndian);
    const captured = view.getUint32(at + 8, littleEndian);
    const wireLength = view.getUint32(at + 12, littleEndian);
    frames.push({ data: bytes.slice(at + 16, at + 16 + captured), wireLength, seconds });
    at += 16 + captured;
  }
  return { linkType, frames };
}
