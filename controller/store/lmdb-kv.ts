import { statfs } from "node:fs/promises";
import { deepFreeze } from "@shared/deep-freeze";
import { open, type RootDatabase } from "lmdb";
import { escapeKeys, restoreKeys } from "./proto-keys";
import { KvClosed, KvConflict, KvFull, KvUnavailable, guardHolds, type KeyValueStore, type KvEntry, type KvGuard, type KvWrite } from "./kv";

/** How long to wait for lmdb to say why a commit failed (it says so at once; this only bounds a surprise). */
const CAUSE_WAIT_MS = 1000;
const NO_SPACE = new Set<unknown>(["ENOSPC", "EDQUOT", 28, 122]);
const IO_ERROR = new Set<unknown>(["EIO", 5]);
/** Free space under which an I/O error on commit is taken for a full disk. */
const NEARLY_FULL_BYTES = 16 * 1024 * 1024;
/**
 * Free space a commit must leave on the disk. lmdb writes more than the values (tree pages,
 * spilled pages, a meta page), and a write of a large value that finds no space can corrupt
 * lmdb's memory instead of failing: lmdb 3.5 aborted the server with "malloc(): invalid size"
 * after "mdb_page_spill error 28" for a 100 KB value on a full disk, about one run in nine of
 * full-disk.test.ts. A commit that could bring the disk this close is refused before lmdb sees it.
 */
const COMMIT_HEADROOM_BYTES = 1024 * 1024;
/** Decoded values kept: a thousand-node project's records with room to spare. */
const MAX_DECODED = 20_000;

/**
 * The embedded Node backend. LMDB commits are ACID and survive `kill -9`; `transaction`
 * checks the guards and applies the writes inside one write transaction, which LMDB
 * serialises across threads and processes, so guarded commits cannot interleave.
 * Decoded values are cached (hot records such as a project or a switch with a hundred ports
 * are read on every request) and handed out frozen, so no caller can alter the cached copy.
 *
 * The cache holds committed values only. lmdb's own cache takes a value when it is put, before
 * its transaction commits, so `get` saw a write in flight while `getRange` still saw the disk:
 * a list read beside a commit paired the new project stamp with the old list, and the list
 * cache kept that body under the new stamp (a link answered 201 then missing from every list).
 * A key being written is read from the disk, like a list, until its commit has resolved.
 */
export class LmdbKeyValueStore implements KeyValueStore {
  private readonly db: RootDatabase<unknown, string>;
  /** lmdb's own errors after close are unspecific; late callers (a socket closing during shutdown) get KvClosed. */
  private closed = false;
  /** Committed values by key, least recently read first; a commit drops the keys it writes. */
  private readonly committed = new Map<string, unknown>();
  /**
   * Keys written by commits in flight, with how many: read from the disk each time, as `list`
   * reads them, because the moment lmdb makes a commit visible is not one we can observe.
   */
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly path: string) {
    this.db = open<unknown, string>({
      path,
      compression: false,
      // Durability over throughput: a 2xx must mean the change is on disk.
      noSync: false,
      overlappingSync: false,
      cache: false,
      // With event-turn batching, lmdb opens each batch with a promise of its own that nobody
      // can handle; a failed commit (disk full) rejects it and Node ends the process.
      // Our transactions are batched all the same.
      eventTurnBatching: false,
    });
  }

  async get<T>(key: string): Promise<T | undefined> {
    if (this.closed) throw new KvClosed();
    if (this.inFlight.has(key)) return this.read(key) as T | undefined;
    if (this.committed.has(key)) {
      const value = this.committed.get(key);
      this.committed.delete(key);
      this.committed.set(key, value);
      return value as T | undefined;
    }
    const value = this.read(key);
    this.committed.set(key, value);
    if (this.committed.size > MAX_DECODED) this.committed.delete(this.committed.keys().next().value!);
    return value as T | undefined;
  }

  async list<T>(prefix: string): Promise<KvEntry<T>[]> {
    if (this.closed) throw new KvClosed();
    const found: KvEntry<T>[] = [];
    for (const { key, value } of this.db.getRange({ start: prefix, end: `${prefix}\uffff` })) {
      found.push({ key, value: deepFreeze(restoreKeys(value)) as T });
    }
    return found;
  }

  async commit(writes: readonly KvWrite[], guards: readonly KvGuard[] = []): Promise<void> {
    if (this.closed) throw new KvClosed();
    if (!(await roomFor(this.path, writes))) throw new KvFull(NO_SPACE_MESSAGE);
    for (const write of writes) {
      this.committed.delete(write.key);
      this.inFlight.set(write.key, (this.inFlight.get(write.key) ?? 0) + 1);
    }
    try {
      await this.db.transaction(() => {
        for (const guard of guards) {
          if (!guardHolds(guard, this.db.get(guard.key))) throw new KvConflict(guard.key);
        }
        for (const write of writes) {
          if ("delete" in write) this.db.remove(write.key);
          else this.db.put(write.key, escapeKeys(write.value));
        }
      });
    } catch (error) {
      if (error instanceof KvConflict) throw error;
      const cause = await commitCause(error);
      if (await outOfSpace(this.path, cause)) {
        throw new KvFull(NO_SPACE_MESSAGE);
      }
      throw new KvUnavailable(`The store could not save the change: ${(cause as Error).message}`);
    } finally {
      for (const write of writes) {
        const left = this.inFlight.get(write.key)! - 1;
        if (left === 0) this.inFlight.delete(write.key);
        else this.inFlight.set(write.key, left);
      }
    }
  }

  private read(key: string): unknown {
    return deepFreeze(restoreKeys(this.db.get(key)));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.db.close();
  }
}

const NO_SPACE_MESSAGE = "The store could not save the change: no space left on the device. Free some space and try again";

/**
 * Whether the disk has room for the writes with `COMMIT_HEADROOM_BYTES` to spare: twice their
 * JSON size (above their MessagePack size), as lmdb keeps the old pages until the commit ends.
 * A disk that cannot say lets lmdb find out.
 */
async function roomFor(path: string, writes: readonly KvWrite[]): Promise<boolean> {
  const disk = await statfs(path).catch(() => undefined);
  if (disk === undefined) return true;
  let bytes = 0;
  for (const write of writes) bytes += write.key.length + ("delete" in write ? 0 : (JSON.stringify(write.value)?.length ?? 0));
  return disk.bavail * disk.bsize >= COMMIT_HEADROOM_BYTES + 2 * bytes;
}

/**
 * ENOSPC, or EIO with the disk all but full: LMDB reports a write that the file system cut
 * short ("short write, filesystem full?") as EIO.
 */
async function outOfSpace(path: string, cause: unknown): Promise<boolean> {
  const code = (cause as { code?: unknown } | undefined)?.code;
  if (NO_SPACE.has(code)) return true;
  if (!IO_ERROR.has(code)) return false;
  const disk = await statfs(path).catch(() => undefined);
  return disk !== undefined && disk.bavail * disk.bsize < NEARLY_FULL_BYTES;
}

/**
 * lmdb rejects every transaction of a failed batch with the same "Commit failed" error and
 * puts the real cause (ENOSPC, …) in `commitError`, a promise that must be handled or Node
 * ends the process.
 */
async function commitCause(error: unknown): Promise<unknown> {
  const pending = (error as { commitError?: Promise<unknown> } | undefined)?.commitError;
  if (!pending) return error;
  let timer: NodeJS.Timeout | undefined;
  const cause = await Promise.race([
    pending.then(() => error, (reason: unknown) => reason),
    new Promise<unknown>((done) => (timer = setTimeout(() => done(error), CAUSE_WAIT_MS))),
  ]);
  clearTimeout(timer);
  return cause;
}
