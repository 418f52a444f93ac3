/**
 * Blobs addressed by relative paths: project files, images, captures, debug dumps.
 * Bodies stream in both directions so multi-gigabyte images never sit in memory.
 * Every path is checked by `safeRelativePath` first; a backend also refuses anything that
 * would leave its root through a symlink.
 */
export interface StoredFile {
  stream: ReadableStream<Uint8Array>;
  size: number;
  modified: Date;
}

export interface FileEntry {
  /** Relative to the folder that was listed, `/`-separated. */
  path: string;
  size: number;
}

export interface WrittenFile {
  size: number;
  md5: string;
}

export interface FileStore {
  /**
   * Writes to a temporary name then renames, so readers never see half a file and a failed
   * upload leaves the previous version (or nothing). The MD5 is computed while streaming.
   * Throws `PathEscape`, `FileWriteFailed` or `UploadInterrupted`.
   */
  write(path: string, body: ReadableStream<Uint8Array>): Promise<WrittenFile>;
  read(path: string): Promise<StoredFile | null>;
  /**
   * Streams a file that another process is still appending to (a capture): from its start,
   * then whatever is added, polling while `growing()` says so, until the end once it does not.
   */
  follow(path: string, growing: () => Promise<boolean>): Promise<ReadableStream<Uint8Array> | null>;
  /** Every file below `folder`, recursively; empty when the folder does not exist. */
  list(folder: string): Promise<FileEntry[]>;
  md5(path: string): Promise<string | null>;
  /** Removes a file or a whole folder; missing is not an error. */
  remove(path: string): Promise<void>;
}

/** Raised for a path that would leave its folder; routes answer 403 and touch nothing. */
export class PathEscape extends Error {}

/**
 * The store could not take the file (a folder or file in the way, no space, no permission).
 * Nothing was written; `reason` is the backend's short explanation for the user. `full`: out
 * of space, so the same write can work once space is freed.
 */
export class FileWriteFailed extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
    readonly denied: boolean,
    readonly full = false,
  ) {
    super(`could not write ${path}: ${reason}`);
  }
}

/** The body stream failed before its end (the client went away); nothing was written. */
export class UploadInterrupted extends Error {}

/**
 * Normalises a user-supplied relative path or refuses it: absolute paths, `..` segments,
 * backslashes, NUL and empty segments are never valid, whatever decoding produced them.
 */
export function safeRelativePath(path: string): string {
  if (path.length === 0 || path.includes("\0") || path.includes("\\")) throw new PathEscape(path);
  if (path.startsWith("/") || /^[a-zA-Z]:/.test(path)) throw new PathEscape(path);
  const segments = path.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.length === 0 || segments.some((segment) => segment === "..")) throw new PathEscape(path);
  return segments.join("/");
}

/** `path` (user-supplied) inside `folder` (ours); never `folder` itself nor anything outside it. */
export function childPath(folder: string, path: string): string {
  return `${folder}/${safeRelativePath(path)}`;
}
