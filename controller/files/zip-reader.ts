import { Inflate } from "fflate";

/**
 * Reading a zip archive held in memory through its central directory.
 *
 * fflate's own streaming `Unzip` finds entries by scanning for signatures, which misreads
 * entries written with data descriptors (as GNS3's exporter and ours write them) when their
 * bytes happen to contain a signature; its whole-archive `unzip` inflates every entry into
 * memory at once. So the directory is read here, and each entry is inflated as a stream with
 * fflate's `Inflate`, a chunk at a time, into whatever consumes it.
 */
export interface ZipEntry {
  /** As stored in the archive: not yet checked as a path. */
  name: string;
  /** 0 = stored, 8 = deflate; anything else cannot be read. */
  method: number;
  compressedSize: number;
  /** Declared; the stream checks that the data matches it. */
  size: number;
  dataOffset: number;
  directory: boolean;
}

export class InvalidZip extends Error {}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const UINT32_MAX = 0xffffffff;

export function readZipDirectory(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (offset: number) => (offset + 2 <= bytes.length ? view.getUint16(offset, true) : truncated());
  const u32 = (offset: number) => (offset + 4 <= bytes.length ? view.getUint32(offset, true) : truncated());
  const u64 = (offset: number) => (offset + 8 <= bytes.length ? Number(view.getBigUint64(offset, true)) : truncated());

  let eocd = -1;
  for (let offset = bytes.length - 22; offset >= Math.max(0, bytes.length - 22 - 0xffff); offset--) {
    if (view.getUint32(offset, true) === EOCD) {
      eocd = offset;
      break;
    }
  }
  if (eocd < 0) throw new InvalidZip("no end of central directory record (not a zip archive, or truncated)");
  let count = u16(eocd + 10);
  let directoryOffset = u32(eocd + 16);
  if (count === 0xffff || directoryOffset === UINT32_MAX) {
    if (eocd < 20 || u32(eocd - 20) !== ZIP64_LOCATOR) throw new InvalidZip("zip64 archive without its locator");
    const zip64 = u64(eocd - 12);
    if (u32(zip64) !== ZIP64_EOCD) throw new InvalidZip("zip64 end of central directory record missing");
    count = u64(zip64 + 32);
    directoryOffset = u64(zip64 + 48);
  }

  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  const decoder = new TextDecoder();
  for (let index = 0; index < count; index++) {
    if (u32(offset) !== CENTRAL) throw new InvalidZip(`central directory entry ${index + 1} is damaged`);
    const flags = u16(offset + 8);
    const method = u16(offset + 10);
    let compressedSize = u32(offset + 20);
    let size = u32(offset + 24);
    const nameLength = u16(offset + 28);
    const extraLength = u16(offset + 30);
    const commentLength = u16(offset + 32);
    let localOffset = u32(offset + 42);
    if (offset + 46 + nameLength > bytes.length) truncated();
    const name = decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    if (flags & 1) throw new InvalidZip(`${name} is encrypted`);
    // Zip64 extra field: the 64-bit values of the fields set to 0xffffffff, in this order.
    let extra = offset + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = u16(extra);
      const length = u16(extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        if (size === UINT32_MAX) (size = u64(field)), (field += 8);
        if (compressedSize === UINT32_MAX) (compressedSize = u64(field)), (field += 8);
        if (localOffset === UINT32_MAX) localOffset = u64(field);
      }
      extra += 4 + length;
    }
    if (u32(localOffset) !== LOCAL) throw new InvalidZip(`the local header of ${name} is missing`);
    const dataOffset = localOffset + 30 + u16(localOffset + 26) + u16(localOffset + 28);
    if (dataOffset + compressedSize > bytes.length) truncated();
    entries.push({ name, method, compressedSize, size, dataOffset, directory: name.endsWith("/") });
    offset = extraEnd + commentLength;
  }
  return entries;
}

function truncated(): never {
  throw new InvalidZip("the archive is truncated");
}

/** Input slice fed to the inflater at a time: bounds what one step can expand to (~1000×). */
const INPUT_CHUNK = 16 * 1024;

/**
 * The entry's bytes, decompressed as they are read. Never more than the declared size comes
 * out, so summing declared sizes bounds what an archive can expand to (a zip bomb's lie is
 * caught here). Damage (bad deflate data, a size other than declared) errors with `InvalidZip`.
 */
export function zipEntryStream(bytes: Uint8Array, entry: ZipEntry): ReadableStream<Uint8Array> {
  if (entry.method !== 0 && entry.method !== 8) {
    throw new InvalidZip(`${entry.name} uses compression method ${entry.method}; only stored and deflate entries can be read`);
  }
  const data = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  let position = 0;
  let produced = 0;
  let ended = entry.method === 0;
  const pending: Uint8Array[] = [];
  const inflate =
    entry.method === 8
      ? new Inflate((chunk, final) => {
          if (chunk.length > 0) pending.push(chunk);
          if (final) ended = true;
        })
      : undefined;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      try {
        const input = data.subarray(position, position + INPUT_CHUNK);
        position += input.length;
        const last = position >= data.length;
        if (!inflate) {
          if (input.length > 0) pending.push(input);
        } else {
          try {
            inflate.push(input, last);
          } catch (error) {
            throw new InvalidZip(`${entry.name} is damaged: ${(error as Error).message}`);
          }
        }
        for (const chunk of pending.splice(0)) {
          produced += chunk.length;
          if (produced > entry.size) throw new InvalidZip(`${entry.name} holds more data than its declared ${entry.size} bytes`);
          controller.enqueue(chunk);
        }
        if (last) {
          if (!ended) throw new InvalidZip(`${entry.name} is truncated`);
          if (produced !== entry.size) throw new InvalidZip(`${entry.name} holds ${produced} bytes, not its declared ${entry.size}`);
          controller.close();
        }
      } catch (error) {
        controller.error(error);
      }
    },
  });
}
