import { mkdir, open, readFile, rename, rm, type FileHandle } from "node:fs/promises";
import { dirname, join } from "node:path";
import { createLogger } from "@shared/logging/logger";
import { decodeDesiredHostState, decodeStateChange, encodeDesiredHostState, encodeStateChange, MalformedMessage, type DesiredHostState, type StateChange } from "@shared/proto";
import { ReceivedState } from "@shared/proto/received-state";

const log = createLogger("dataplane.control");

/** The last whole state applied, as the protobuf bytes the controller sent (revision included). */
export function stateFilePath(dataDir: string): string {
  return join(dataDir, "control", "applied-state.pb");
}

/** The changes applied since that state, each a 4-byte length then a StateChange, in order. */
export function changeLogPath(dataDir: string): string {
  return join(dataDir, "control", "applied-changes.pb");
}

/** The log is folded into the state file once it is this large, or larger than the state. */
const LOG_FOLD_BYTES = 64 * 1024;

/**
 * Keeps what the daemon applies across restarts: whole states in one file, the changes since
 * in a log beside it. A whole state is written to a temporary file, synced, then renamed over
 * the old one, so a daemon killed at any moment (kill -9, power loss) finds either state whole.
 * A change is appended without a sync, which a kill -9 cannot lose; after a power cut the log
 * may end short or torn, and loading stops at the last whole record. Either way the daemon
 * restarts from a state no newer than the controller's, and the controller sends its whole
 * state when the daemon connects, so nothing depends on the log's last records.
 */
export class AppliedStateFile {
  private writing: Promise<unknown> = Promise.resolve();
  private stateBytes = 0;
  private logBytes = 0;
  /** The change log, open for appending while changes come. */
  private log: FileHandle | undefined;

  /** `newest` gives the newest state received, for folding the log into the state file. */
  constructor(
    private readonly dataDir: string,
    private readonly newest: () => DesiredHostState,
  ) {}

  /** Queues a whole state's write; resolves once it and every earlier write are done. */
  saveState(state: DesiredHostState): Promise<void> {
    return this.queue(() => this.writeState(state));
  }

  /** Queues a change's append (or folds the log into a new state file when it has grown). */
  saveChange(change: StateChange): Promise<void> {
    return this.queue(async () => {
      if (this.logBytes > Math.max(LOG_FOLD_BYTES, this.stateBytes)) return this.writeState(this.newest());
      const body = encodeStateChange(change);
      const record = Buffer.alloc(4 + body.length);
      record.writeUInt32LE(body.length, 0);
      record.set(body, 4);
      this.log ??= await open(changeLogPath(this.dataDir), "a");
      await this.log.write(record);
      this.logBytes += record.length;
    });
  }

  /** Resolves once every write queued so far is done (or failed, which is logged). */
  written(): Promise<void> {
    return this.writing.then(() => undefined);
  }

  /** Ends the writes: those queued are done, the log is closed. */
  async close(): Promise<void> {
    await this.queue(() => this.closeLog());
  }

  private async closeLog(): Promise<void> {
    const log = this.log;
    this.log = undefined;
    await log?.close();
  }

  private queue(write: () => Promise<void>): Promise<void> {
    const done = this.writing.then(write);
    this.writing = done.catch((error: unknown) => log.error("could not save the applied state", { error: String(error) }));
    return done;
  }

  private async writeState(state: DesiredHostState): Promise<void> {
    const path = stateFilePath(this.dataDir);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    const bytes = encodeDesiredHostState(state);
    const file = await open(temporary, "w");
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
    // A log left by a kill between these two lines holds changes the new state already has: loading skips them.
    await this.closeLog();
    await rm(changeLogPath(this.dataDir), { force: true });
    this.stateBytes = bytes.length;
    this.logBytes = 0;
  }
}

/**
 * The state the last run applied: the state file with the logged changes on top. Undefined
 * after a fresh start; a damaged state file is reported and ignored (the controller resends),
 * a damaged or torn log is read up to its last whole change.
 */
export async function loadAppliedState(dataDir: string): Promise<DesiredHostState | undefined> {
  const bytes = await readIfThere(stateFilePath(dataDir));
  if (!bytes) return undefined;
  let saved: DesiredHostState;
  try {
    saved = decodeDesiredHostState(bytes);
  } catch (error) {
    if (!(error instanceof MalformedMessage)) throw error;
    log.warn("ignoring a damaged applied-state file", { path: stateFilePath(dataDir), error: error.message });
    return undefined;
  }
  const received = ReceivedState.of(saved);
  const changes = (await readIfThere(changeLogPath(dataDir))) ?? Buffer.alloc(0);
  for (let offset = 0; offset + 4 <= changes.length; ) {
    const length = changes.readUInt32LE(offset);
    if (offset + 4 + length > changes.length) break;
    let change: StateChange;
    try {
      change = decodeStateChange(changes.subarray(offset + 4, offset + 4 + length));
    } catch (error) {
      if (!(error instanceof MalformedMessage)) throw error;
      break;
    }
    offset += 4 + length;
    if (change.revision <= received.revision) continue;
    if ("refused" in received.apply(change)) break;
  }
  return received.state();
}

async function readIfThere(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
