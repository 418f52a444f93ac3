import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { lstat, mkdir, readdir, realpath, rename, rm, stat } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { PathEscape, safeRelativePath, type FileEntry, type FileStore, type StoredFile, type WrittenFile } from "./file-store";

/** Files under one root folder on the local disk. */
export class DiskFileStore implements FileStore {
  constructor(private readonly root: string) {}

  async write(path: string, body: ReadableStream<Uint8Array>): Promise<WrittenFile> {
    const target = await this.resolve(path);
    await this.assertInside(dirname(target));
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    const hash = createHash("md5");
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), measure, createWriteStream(temporary, { mode: 0o600 }));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { size, md5: hash.digest("hex") };
  }

  async read(path: string): Promise<StoredFile | null> {
    const target = await this.resolve(path);
    const info = await stat(target).catch(() => null);
    if (!info?.isFile()) return null;
    await this.assertInside(target);
    const stream = Readable.toWeb(createReadStream(target)) as unknown as ReadableStream<Uint8Array>;
    return { stream, size: info.size, modified: info.mtime };
  }

  async list(folder: string): Promise<FileEntry[]> {
    const base = await this.resolve(folder);
    const found: FileEntry[] = [];
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
    const target = await this.resolve(path);
    const info = await stat(target).catch(() => null);
    if (!info?.isFile()) return null;
    await this.assertInside(target);
    const hash = createHash("md5");
    await pipeline(createReadStream(target), hash);
    return hash.digest("hex");
  }

  async remove(path: string): Promise<void> {
    const target = await this.resolve(path);
    const info = await lstat(target).catch(() => null);
    if (!info) return;
    await rm(target, { recursive: true, force: true });
  }

  private async resolve(path: string): Promise<string> {
    return join(this.root, safeRelativePath(path));
  }

  /**
   * Symlinks are followed by the OS, so the real location of the target, or of its nearest
   * existing ancestor when it does not exist yet, must still be under the root.
   */
  private async assertInside(target: string): Promise<void> {
    await mkdir(this.root, { recursive: true });
    const realRoot = await realpath(this.root);
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
