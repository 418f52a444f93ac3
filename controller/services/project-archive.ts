import { concatBytes } from "../domain/bytes";
import { isListedImage } from "../domain/images";
import { conflictingRequest, DomainError, invalidRequest, requestInterrupted, tooLarge } from "../domain/errors";
import { SNAPSHOTS_CONF } from "../domain/snapshots";
import { PathEscape, safeRelativePath } from "../files/file-store";
import { InvalidZip, readZipDirectory, zipEntryStream, type ZipEntry } from "../files/zip-reader";
import { cappedStream } from "./upload-limit";
import type { ProjectFileSource } from "./project-install";

const MiB = 1024 * 1024;

/**
 * An archive is read into memory whole (a zip is read from its end), so its size is capped
 * (below `--max-upload-size` when that is smaller), images it carries included: each entry is
 * then streamed from memory to its place. What it may expand to is capped separately, against
 * archives built to fill the disk.
 */
export const IMPORT_LIMITS = {
  body: 512 * MiB,
  uncompressed: 4096 * MiB,
  topology: 64 * MiB,
} as const;

/** The name GNS3 gives the topology inside a `.gns3project` archive. */
export const TOPOLOGY_ENTRY = "project.gns3";

/** A `.gns3project` archive (or a bare `.gns3` document) checked whole, nothing stored yet. */
export interface OpenedArchive {
  topology: string;
  /** Everything to put in the project's folder, paths checked; images and `snapshots.conf` are left out. */
  files: ProjectFileSource[];
  /** The QEMU images it carries (`include_images`), paths relative to the images folder. */
  images: ProjectFileSource[];
  /** Every path the archive holds a file at, for finding its snapshots. */
  paths: string[];
  snapshotsConf: string | undefined;
}

/**
 * The stream's bytes, refused with `tooLarge()` past `limit`; a stream that fails before its
 * end is a client that went away (408).
 */
export async function collectBytes(body: ReadableStream<Uint8Array> | null, limit: number, tooLarge: () => DomainError): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const capped = cappedStream(body, limit);
  const chunks: Uint8Array[] = [];
  const reader = capped.stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
  } catch {
    if (capped.exceeded()) throw tooLarge();
    throw requestInterrupted("Request canceled");
  }
  return concatBytes(chunks);
}

/** A zip starts with `PK`; anything else is taken for the `.gns3` JSON itself. */
export async function openArchive(bytes: Uint8Array): Promise<OpenedArchive> {
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) {
    if (bytes.length > IMPORT_LIMITS.topology) throw topologyTooLarge();
    return { topology: new TextDecoder().decode(bytes), files: [], images: [], paths: [], snapshotsConf: undefined };
  }
  let entries: ZipEntry[];
  try {
    entries = readZipDirectory(bytes);
  } catch (error) {
    if (error instanceof InvalidZip) throw conflictingRequest(`Cannot import project, not a GNS3 project (invalid zip): ${error.message}`);
    throw error;
  }
  const topologyEntry = entries.find((entry) => entry.name === TOPOLOGY_ENTRY);
  if (!topologyEntry) throw conflictingRequest(`Cannot import project, ${TOPOLOGY_ENTRY} file could not be found`);
  if (topologyEntry.size > IMPORT_LIMITS.topology) throw topologyTooLarge();

  const stored: Array<{ entry: ZipEntry; path: string }> = [];
  const images: Array<{ entry: ZipEntry; path: string }> = [];
  let confEntry: ZipEntry | undefined;
  let total = 0;
  for (const entry of entries) {
    const path = archivePath(entry.name);
    total += entry.size;
    if (entry === topologyEntry || entry.directory) continue;
    if (path.startsWith(IMAGES_FOLDER)) {
      const image = qemuImagePath(path);
      if (image !== undefined) images.push({ entry, path: image });
    } else if (path === SNAPSHOTS_CONF) confEntry = entry;
    else stored.push({ entry, path });
  }
  if (total > IMPORT_LIMITS.uncompressed) {
    throw tooLarge(`Cannot import project: its files would take ${total} bytes uncompressed, more than the ${IMPORT_LIMITS.uncompressed / MiB} MiB allowed`);
  }
  // Read every entry once before storing any, so a damaged archive stores nothing.
  const topology = await readEntry(bytes, topologyEntry);
  const conf = confEntry && (await readEntry(bytes, confEntry));
  for (const { entry } of [...stored, ...images]) await drain(zipEntryStream(bytes, entry), entry);
  const sources = (found: typeof stored) => found.map(({ entry, path }) => ({ path, open: async () => zipEntryStream(bytes, entry) }));
  return {
    topology: new TextDecoder().decode(topology),
    files: sources(stored),
    images: sources(images),
    paths: stored.map(({ path }) => path),
    snapshotsConf: conf && new TextDecoder().decode(conf),
  };
}

function topologyTooLarge(): DomainError {
  return tooLarge(`Cannot import project: the topology is larger than ${IMPORT_LIMITS.topology / MiB} MiB`);
}

function archivePath(name: string): string {
  try {
    return safeRelativePath(name.replace(/\/$/, ""));
  } catch (error) {
    if (error instanceof PathEscape) {
      throw invalidRequest(`Cannot import project: the archive entry '${name}' would be written outside the project folder`);
    }
    throw error;
  }
}

/** Where archives made with `include_images` carry images, apart from the project's files: `images/<emulator>/`, as GNS3 lays them out. */
const IMAGES_FOLDER = "images/";
/** QEMU's images in an archive: the only emulator's with a store here. */
export const ARCHIVED_QEMU_IMAGES = "images/QEMU";

/**
 * An archive path's place in the QEMU images folder; undefined when it is no QEMU image: another
 * emulator's, a checksum sidecar (the store writes its own) or a hidden file.
 */
function qemuImagePath(path: string): string | undefined {
  const inFolder = path.startsWith(`${ARCHIVED_QEMU_IMAGES}/`) ? path.slice(ARCHIVED_QEMU_IMAGES.length + 1) : undefined;
  return inFolder !== undefined && isListedImage(inFolder) ? inFolder : undefined;
}

async function readEntry(bytes: Uint8Array, entry: ZipEntry): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await drain(zipEntryStream(bytes, entry), entry, (chunk) => chunks.push(chunk));
  return concatBytes(chunks);
}

async function drain(stream: ReadableStream<Uint8Array>, entry: ZipEntry, onChunk?: (chunk: Uint8Array) => void): Promise<void> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      onChunk?.(value);
    }
  } catch (error) {
    if (error instanceof InvalidZip) throw conflictingRequest(`Cannot import project, the archive is damaged: ${error.message}`);
    throw new Error(`reading ${entry.name} failed: ${String(error)}`);
  }
}
