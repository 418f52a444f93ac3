import { FileWriteFailed, UploadInterrupted, type FileEntry, type FileStore, type StoredFile, type WrittenFile } from "./file-store";

/** The part of an R2 bucket binding this store uses (typed here so Node code needs no Workers types). */
export interface R2BucketLike {
  head(key: string): Promise<R2ObjectLike | null>;
  get(key: string): Promise<(R2ObjectLike & { body: ReadableStream<Uint8Array> }) | null>;
  put(key: string, value: Uint8Array): Promise<R2ObjectLike>;
  list(options: { prefix: string; cursor?: string; limit?: number }): Promise<{ objects: R2ObjectLike[]; truncated: boolean; cursor?: string }>;
  delete(keys: string[]): Promise<void>;
  createMultipartUpload(key: string): Promise<{
    uploadPart(partNumber: number, value: Uint8Array): Promise<{ partNumber: number; etag: string }>;
    complete(parts: { partNumber: number; etag: string }[]): Promise<R2ObjectLike>;
    abort(): Promise<void>;
  }>;
}

export interface R2ObjectLike {
  key: string;
  size: number;
  uploaded: Date;
  checksums: { md5?: ArrayBuffer };
}

/** workerd's streaming digest (a WritableStream whose `digest` resolves once it is closed). */
interface DigestStreamLike extends WritableStream<Uint8Array> {
  readonly digest: Promise<ArrayBuffer>;
}

function md5Stream(): DigestStreamLike {
  const { DigestStream } = crypto as unknown as { DigestStream: new (algorithm: string) => DigestStreamLike };
  return new DigestStream("MD5");
}

/**
 * R2 parts must all be the same size except the last; 8 MiB keeps memory bounded per upload
 * while staying well above R2's 5 MiB minimum.
 */
const PART_SIZE = 8 * 1024 * 1024;

/**
 * Files in an R2 bucket, keys being the store's relative paths. An R2 object appears whole
 * when its upload completes, so readers never see half a file without a temporary name.
 * Bodies are cut into fixed-size parts as they arrive: a file smaller than one part is a
 * single put, a larger one a multipart upload, so no upload is ever held whole in memory.
 */
export class R2FileStore implements FileStore {
  constructor(private readonly bucket: R2BucketLike) {}

  async write(path: string, body: ReadableStream<Uint8Array>): Promise<WrittenFile> {
    await this.assertNothingInTheWay(path);
    const digest = md5Stream();
    const digestWriter = digest.getWriter();
    const parts = new PartCutter(PART_SIZE);
    let upload: Awaited<ReturnType<R2BucketLike["createMultipartUpload"]>> | undefined;
    const uploaded: { partNumber: number; etag: string }[] = [];
    let size = 0;
    const reader = body.getReader();
    try {
      for (;;) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (error) {
          throw new UploadInterrupted(String(error));
        }
        if (chunk.done) break;
        size += chunk.value.byteLength;
        await digestWriter.write(chunk.value);
        for (const part of parts.push(chunk.value)) {
          upload ??= await this.bucket.createMultipartUpload(path);
          uploaded.push(await upload.uploadPart(uploaded.length + 1, part));
        }
      }
      const rest = parts.rest();
      if (upload) {
        if (rest.byteLength > 0) uploaded.push(await upload.uploadPart(uploaded.length + 1, rest));
        await upload.complete(uploaded);
      } else {
        await this.bucket.put(path, rest);
      }
    } catch (error) {
      // Left open, workerd keeps the digest (and the request it belongs to) in memory for good.
      await digestWriter.abort(error).catch(() => undefined);
      await upload?.abort().catch(() => undefined);
      if (error instanceof UploadInterrupted) throw error;
      throw new FileWriteFailed(path, (error as Error).message, false);
    }
    await digestWriter.close();
    return { size, md5: hex(await digest.digest) };
  }

  async read(path: string): Promise<StoredFile | null> {
    const object = await this.bucket.get(path);
    return object && { stream: object.body, size: object.size, modified: object.uploaded };
  }

  /** An R2 object never grows: it is replaced whole, so following it is reading it. */
  async follow(path: string): Promise<ReadableStream<Uint8Array> | null> {
    return (await this.read(path))?.stream ?? null;
  }

  async list(folder: string): Promise<FileEntry[]> {
    const prefix = `${folder}/`;
    return (await this.objectsUnder(prefix)).map((object) => ({ path: object.key.slice(prefix.length), size: object.size }));
  }

  async md5(path: string): Promise<string | null> {
    const head = await this.bucket.head(path);
    if (!head) return null;
    // Single puts carry their MD5; multipart objects do not, so those are hashed as they stream.
    if (head.checksums.md5) return hex(head.checksums.md5);
    const object = await this.bucket.get(path);
    if (!object) return null;
    const digest = md5Stream();
    await object.body.pipeTo(digest);
    return hex(await digest.digest);
  }

  async remove(path: string): Promise<void> {
    const keys = [path, ...(await this.objectsUnder(`${path}/`)).map((object) => object.key)];
    // R2 deletes at most 1000 keys per call.
    for (let start = 0; start < keys.length; start += 1000) await this.bucket.delete(keys.slice(start, start + 1000));
  }

  /**
   * Keys are flat but the paths they stand for are a tree, as on a disk: a file cannot also be
   * a folder (`a` beside `a/b`), or listing and removing the one would take the other along.
   * Checked before the body is read, so a refusal costs no upload; a concurrent write of the
   * other shape can still slip in between, which R2, having no conditions across keys, cannot stop.
   */
  private async assertNothingInTheWay(path: string): Promise<void> {
    const segments = path.split("/");
    const ancestors = segments.slice(1).map((_, end) => segments.slice(0, end + 1).join("/"));
    const [below, files] = await Promise.all([
      this.bucket.list({ prefix: `${path}/`, limit: 1 }),
      Promise.all(ancestors.map((ancestor) => this.bucket.head(ancestor))),
    ]);
    if (below.objects.length > 0) throw new FileWriteFailed(path, "a folder with that name is in the way", false);
    if (files.some((file) => file !== null)) throw new FileWriteFailed(path, "a file is in the way of its folder", false);
  }

  private async objectsUnder(prefix: string): Promise<R2ObjectLike[]> {
    const objects: R2ObjectLike[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.bucket.list(cursor === undefined ? { prefix } : { prefix, cursor });
      objects.push(...page.objects);
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor !== undefined);
    return objects;
  }
}

/** Regroups arbitrary chunks into parts of exactly `size` bytes, keeping the remainder. */
class PartCutter {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;

  constructor(private readonly size: number) {}

  push(chunk: Uint8Array): Uint8Array[] {
    this.pending.push(chunk);
    this.pendingBytes += chunk.byteLength;
    const full: Uint8Array[] = [];
    while (this.pendingBytes >= this.size) {
      const all = this.rest();
      full.push(all.subarray(0, this.size));
      this.keep(all.subarray(this.size));
    }
    return full;
  }

  /** Everything not yet handed out as a part, in one buffer. */
  rest(): Uint8Array {
    const joined = new Uint8Array(this.pendingBytes);
    let offset = 0;
    for (const chunk of this.pending) {
      joined.set(chunk, offset);
      offset += chunk.byteLength;
    }
    this.keep(joined);
    return joined;
  }

  private keep(bytes: Uint8Array): void {
    this.pending = bytes.byteLength > 0 ? [bytes] : [];
    this.pendingBytes = bytes.byteLength;
  }
}

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
