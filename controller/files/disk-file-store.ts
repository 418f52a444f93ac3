import { mkdirSync } from "node:fs";
import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { lstat, mkdir, open, readdir, realpath, rename, rm, stat, type FileHandle } from "node:fs/promises";
import type { Stats } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import {
  FileWriteFailed,
  PathEscape,
  UploadInterrupted,
  safeRelativePath,
  type FileEntry,
  type FileStore,
  type StoredFile,
  type WrittenFile,
} from "./file-store";

/**
 * Uploads in progress live here, outside every folder a route can address or list, and are
 * renamed into place once complete (same filesystem, so the rename is atomic).
 */
const PARTIAL_FOLDER = ".partial";

/** Files under one root folder on the local disk. */
export class DiskFileStore implements FileStore {
  /**
   * The root is made here, once: a root removed later (a test's folder) is not made again by
   * a late write, which fails instead.
   */
  constructor(private readonly root: string) {
    mkdirSync(root, { recursive: true });
  }

  async write(path: string, body: ReadableStream<Uint8Array>): Promise<WrittenFile> {
    const target = this.resolve(path);
    await this.assertInside(target);
    const partials = join(this.root, PARTIAL_FOLDER);
    try {
      await mkdir(dirname(target), { recursive: true });
      await mkdir(partials, { recursive: true });
    } catch (error) {
      throw writeFailed(path, error);
    }
    const temporary = join(partials, randomUUID());
    const hash = createHash("md5");
    let size = 0;
    try {
      const file = await open(temporary, "wx", 0o600);
      try {
        for await (const chunk of readChunks(body)) {
          hash.update(chunk);
          size += chunk.byteLength;
          await writeAll(file, chunk);
        }
      } finally {
        await file.close();
      }
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      if (error instanceof UploadInterrupted) throw error;
      throw writeFailed(path, error);
    }
    return { size, md5: hash.digest("hex") };
  }

  async read(path: string): Promise<StoredFile | null> {
    const target = this.resolve(path);
    await this.assertInside(target);
    const info = await stat(target).catch(() => null);
    if (!info?.isFile()) return null;
    return { stream: fileChunks(target, info), size: info.size, modified: info.mtime };
  }

  async follow(path: string, growing: () => Promise<boolean>): Promise<ReadableStream<Uint8Array> | null> {
    const target = this.resolve(path);
    await this.assertInside(target);
    const info = await stat(target).catch(() => null);
    if (!info?.isFile()) return null;
    return fileChunks(target, info, growing);
  }

  async list(folder: string): Promise<FileEntry[]> {
    const base = this.resolve(folder);
    await this.assertInside(base);
    const found: FileEntry[] = [];
    // Dirents do not follow symlinks, so a link (to a file or a folder) is never listed or walked.
    const walk = async (directory: string): Promise<void> => {
      const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        const full = join(directory, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (entry.isFile()) {
          const info = await stat(full).catch(() => null);
          if (info) found.push({ path: relative(base, full).split(sep).join("/"), size: info.size });
        }
      }
    };
    await walk(base);
    return found.sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  async md5(path: string): Promise<string | null> {
    const target = this.resolve(path);
    await this.assertInside(target);
    const info = await stat(target).catch(() => null);
    if (!info?.isFile()) return null;
    const hash = createHash("md5");
    await pipeline(createReadStream(target), hash);
    return hash.digest("hex");
  }

  async remove(path: string): Promise<void> {
    const target = this.resolve(path);
    // The target itself may be a symlink pointing anywhere: removing it removes the link only.
    await this.assertInside(dirname(target));
    const info = await lstat(target).catch(() => null);
    if (!info) return;
    // A file written into the folder while it is being removed (a node's start-up script racing
    // its project's deletion) fails the removal with ENOTEMPTY; rm tries again and takes it too.
    await rm(target, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
  }

  private resolve(path: string): string {
    return join(this.root, safeRelativePath(path));
  }

  /**
   * Symlinks are followed by the OS, so the real location of the target, or of its nearest
   * existing ancestor when it does not exist yet, must still be under the root.
   */
  private async assertInside(target: string): Promise<void> {
    const realRoot = await realpath(this.root).catch((error: unknown) => {
      throw writeFailed(target, error);
    });
    let existing = target;
    let realTarget = await realpath(existing).catch(() => null);
    while (realTarget === null && existing !== dirname(existing)) {
      existing = dirname(existing);
      realTarget = await realpath(existing).catch(() => null);
    }
    if (realTarget === null || (realTarget !== realRoot && !realTarget.startsWith(realRoot + sep))) {
      throw new PathEscape(target);
    }
  }
}

/** The body's chunks, one awaited read at a time, so the sender is held back as fast as the disk goes. */
async function* readChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const next = await reader.read().catch((error: unknown) => {
        throw new UploadInterrupted(`the body stream failed: ${String(error)}`);
      });
      if (next.done) return;
      yield next.value;
    }
  } finally {
    reader.releaseLock();
  }
}

const READ_CHUNK = 256 * 1024;
const FOLLOW_POLL_MS = 100;

/**
 * The file as a web stream that reads a chunk only when the reader asks for one, so a slow
 * client holds back the disk and memory stays at a chunk or two. (`Readable.toWeb` on Node 20
 * counts its queue in chunks up to the byte high-water mark: it can buffer gigabytes.)
 *
 * The file is opened at the first read, not before: a response whose client left before it was
 * sent is dropped unread and never cancelled by the Node server, and an open handle in it would
 * be closed only by the garbage collector. A file replaced since it was listed (another inode)
 * fails the stream rather than sending a different file under the first one's length.
 */
function fileChunks(target: string, listed: Stats, growing?: () => Promise<boolean>): ReadableStream<Uint8Array> {
  let file: FileHandle | null = null;
  let cancelled = false;
  const close = async (): Promise<void> => {
    const opened = file;
    file = null;
    await opened?.close().catch(() => undefined);
  };
  const openListed = async (): Promise<FileHandle> => {
    const opened = await open(target, "r");
    const info = await opened.stat().catch(async (error: unknown) => {
      await opened.close();
      throw error;
    });
    if (info.ino !== listed.ino || info.dev !== listed.dev) {
      await opened.close();
      throw new Error(`${target} was replaced while it was being sent`);
    }
    return opened;
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          file ??= await openListed();
          // Cancelled while the file was being opened: nobody will pull again to close it.
          if (cancelled) return await close();
          const buffer = new Uint8Array(READ_CHUNK);
          for (let lastRead = !growing; ; ) {
            const { bytesRead } = await file.read(buffer, 0, READ_CHUNK, null);
            if (bytesRead > 0) return controller.enqueue(buffer.subarray(0, bytesRead));
            if (lastRead) break;
            // At the end of a file still being written: wait for more, as GNS3 does (100 ms polls).
            // Once it stops growing, what its writer appended while we asked is read before the end.
            if (growing && (await growing())) await new Promise((resolve) => setTimeout(resolve, FOLLOW_POLL_MS));
            else lastRead = true;
          }
          await close();
          controller.close();
        } catch (error) {
          await close();
          if (!cancelled) controller.error(error);
        }
      },
      async cancel() {
        cancelled = true;
        await close();
      },
    },
    // Nothing read ahead: the first pull is the reader's first read.
    { highWaterMark: 0 },
  );
}

async function writeAll(file: FileHandle, chunk: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < chunk.byteLength) {
    const { bytesWritten } = await file.write(chunk, offset, chunk.byteLength - offset);
    offset += bytesWritten;
  }
}

const REASONS: Record<string, string> = {
  EISDIR: "a folder with that name is in the way",
  ENOTDIR: "a file is in the way of its folder",
  EEXIST: "a file is in the way of its folder",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "the file system is read-only",
  ENAMETOOLONG: "the name is too long",
};

/** Reasons are worded for the user and never carry our absolute paths. */
function writeFailed(path: string, error: unknown): FileWriteFailed {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? "";
  const denied = code === "EACCES" || code === "EPERM" || code === "EROFS";
  const full = code === "ENOSPC" || code === "EDQUOT";
  return new FileWriteFailed(path, REASONS[code] ?? (code || "unexpected storage error"), denied, full);
}
