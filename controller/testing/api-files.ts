import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import type { NodeR2Bucket } from "../runtime/worker-local";

/**
 * The controller's files as its file store addresses them (`images/QEMU/…`, `projects/{id}/…`,
 * see files/layout.ts), whatever holds them: a data dir on the disk or the Worker's R2 bucket.
 * Tests inspect and seed files through this view so that one assertion holds on every target.
 */
export interface ApiFiles {
  /** Where this target keeps the files; `disk` also means `onDisk` works. */
  readonly backend: "disk" | "r2";
  /** The bytes of a file, null when there is none. */
  read(path: string): Promise<Uint8Array | null>;
  /** The file as UTF-8 text, null when there is none. */
  text(path: string): Promise<string | null>;
  /** Puts a file there as someone copying it in by hand would: the controller is not asked. */
  write(path: string, bytes: string | Uint8Array): Promise<void>;
  /** Removes a file as someone deleting it by hand would; missing is not an error. */
  remove(path: string): Promise<void>;
  /** Every file below `folder` ("" for all), as full store paths, sorted. */
  list(folder: string): Promise<string[]>;
  /** A file, or a folder holding at least one file. */
  exists(path: string): Promise<boolean>;
  /** The absolute path of a store path on the disk; throws where the files are not on a disk. */
  onDisk(path: string): string;
}

/** Files under a data dir, laid out as DiskFileStore keeps them (its root is the data dir). */
export function diskFiles(dataDir: string): ApiFiles {
  const onDisk = (path: string) => join(dataDir, path);
  const read = async (path: string) => {
    try {
      return new Uint8Array(readFileSync(onDisk(path)));
    } catch {
      return null;
    }
  };
  return {
    backend: "disk",
    read,
    text: async (path) => {
      const bytes = await read(path);
      return bytes && new TextDecoder().decode(bytes);
    },
    write: async (path, bytes) => {
      mkdirSync(dirname(onDisk(path)), { recursive: true });
      writeFileSync(onDisk(path), bytes);
    },
    remove: async (path) => rmSync(onDisk(path), { force: true }),
    list: async (folder) => {
      const found: string[] = [];
      // Symlinks are listed, not followed: what matters is what sits in the data dir.
      const walk = (directory: string): void => {
        const entries = existsSync(directory) ? readdirSync(directory, { withFileTypes: true }) : [];
        for (const entry of entries) {
          const full = join(directory, entry.name);
          if (entry.isDirectory()) walk(full);
          else found.push(relative(dataDir, full).split(sep).join("/"));
        }
      };
      walk(onDisk(folder));
      return found.sort();
    },
    exists: async (path) => existsSync(onDisk(path)),
    onDisk,
  };
}

/** Files in the Worker's R2 bucket, reached from Node through miniflare. */
export function r2Files(bucket: NodeR2Bucket): ApiFiles {
  const read = async (path: string) => {
    const object = await bucket.get(path);
    return object && new Uint8Array(await object.arrayBuffer());
  };
  const keysUnder = async (prefix: string) => {
    const keys: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await bucket.list(cursor === undefined ? { prefix } : { prefix, cursor });
      keys.push(...page.objects.map((object) => object.key));
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor !== undefined);
    return keys;
  };
  return {
    backend: "r2",
    read,
    text: async (path) => {
      const bytes = await read(path);
      return bytes && new TextDecoder().decode(bytes);
    },
    write: async (path, bytes) => {
      await bucket.put(path, bytes);
    },
    remove: (path) => bucket.delete(path),
    list: async (folder) => (await keysUnder(folder === "" ? "" : `${folder}/`)).sort(),
    exists: async (path) => (await bucket.head(path)) !== null || (await bucket.list({ prefix: `${path}/`, limit: 1 })).objects.length > 0,
    onDisk: () => {
      throw new Error("the files of this target are in R2, not on a disk");
    },
  };
}
