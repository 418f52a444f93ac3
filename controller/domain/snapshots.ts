import { UUID_PATTERN } from "@shared/schemas/common";
import type { SnapshotCreate, SnapshotWire } from "@shared/schemas/snapshot";
import { conflictingRequest } from "./errors";

/** A snapshot as stored beside its project; its archive is the file `snapshots/{filename}` of the project. */
export interface SnapshotRecord {
  snapshot_id: string;
  name: string;
  /** Seconds since the epoch, UTC. */
  created_at: number;
  description: string;
  filename: string;
}

/** The project folder's subfolder holding the snapshot archives, as in GNS3. */
export const SNAPSHOTS_FOLDER = "snapshots";
/** GNS3's list of a project's snapshots, kept in its snapshots folder (and so in exports that carry snapshots). */
export const SNAPSHOTS_CONF = `${SNAPSHOTS_FOLDER}/snapshots.conf`;

/**
 * A new snapshot. GNS3 names the archive after the snapshot (`{name}.gns3snapshot`), which lets
 * a name with `/` or `..` write outside the folder; here it is named after the id.
 */
export function newSnapshot(input: SnapshotCreate, snapshotId: string, now: Date): SnapshotRecord {
  const createdAt = Math.floor(now.getTime() / 1000);
  return {
    snapshot_id: snapshotId,
    name: input.name,
    created_at: createdAt,
    description: input.description ?? defaultDescription(input.name, createdAt),
    filename: `${snapshotId}.gns3snapshot`,
  };
}

export function assertSnapshotNameFree(name: string, existing: readonly SnapshotRecord[]): void {
  if (existing.some((snapshot) => snapshot.name === name)) throw conflictingRequest(`The snapshot name ${name} already exists`);
}

export function snapshotToWire(record: SnapshotRecord, projectId: string): SnapshotWire {
  return {
    created_at: record.created_at,
    description: record.description,
    filename: record.filename,
    name: record.name,
    project_id: projectId,
    snapshot_id: record.snapshot_id,
  };
}

/** GNS3 lists snapshots oldest first, by name within the same second. */
export function sortedSnapshots(records: readonly SnapshotRecord[]): SnapshotRecord[] {
  return [...records].sort((a, b) => a.created_at - b.created_at || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** `snapshots/snapshots.conf` as GNS3 writes it, so an export carrying snapshots opens with them in GNS3. */
export function snapshotsConfText(records: readonly SnapshotRecord[], projectId: string): string {
  return JSON.stringify(sortedSnapshots(records).map((record) => snapshotToWire(record, projectId)), null, 4);
}

/**
 * The snapshots a project folder or archive holds, as GNS3 finds them: the entries of
 * `snapshots.conf` whose file is present, or, without one, the `{name}_{ddmmyy_HHMMSS}.gns3project`
 * files of GNS3 before 2.2.58. Entries naming a file outside the folder, a second snapshot of
 * the same name, or an unreadable date are skipped, as GNS3 skips what it cannot read.
 */
export function snapshotsInFolder(files: readonly string[], confText: string | undefined, newId: () => string): SnapshotRecord[] {
  const present = new Set(files.filter((path) => path.startsWith(`${SNAPSHOTS_FOLDER}/`)).map((path) => path.slice(SNAPSHOTS_FOLDER.length + 1)));
  const found: SnapshotRecord[] = [];
  const keep = (record: SnapshotRecord) => {
    const taken = found.some((other) => other.name === record.name || other.snapshot_id === record.snapshot_id || other.filename === record.filename);
    if (!taken) found.push(record);
  };
  const entries = confEntries(confText);
  if (entries.length > 0) {
    for (const entry of entries) {
      const record = confRecord(entry, newId);
      if (record && present.has(record.filename)) keep(record);
    }
    return found;
  }
  for (const filename of present) {
    const record = legacySnapshot(filename, newId());
    if (record) keep(record);
  }
  return sortedSnapshots(found);
}

function confEntries(text: string | undefined): unknown[] {
  if (text === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

function confRecord(entry: unknown, newId: () => string): SnapshotRecord | undefined {
  if (entry === null || typeof entry !== "object") return undefined;
  const { snapshot_id, name, created_at, description, filename } = entry as Record<string, unknown>;
  if (typeof name !== "string" || name === "" || !isPlainFileName(filename) || typeof created_at !== "number" || !Number.isInteger(created_at)) return undefined;
  return {
    snapshot_id: typeof snapshot_id === "string" && UUID_PATTERN.test(snapshot_id) ? snapshot_id : newId(),
    name,
    created_at,
    description: typeof description === "string" && description !== "" ? description : defaultDescription(name, created_at),
    filename,
  };
}

/** `lab_280716_174116.gns3project`: the name, then the UTC date and time it was taken. */
const LEGACY_NAME = /^(.+)_(\d{2})(\d{2})(\d{2})_(\d{2})(\d{2})(\d{2})\.gns3project$/;

function legacySnapshot(filename: string, snapshotId: string): SnapshotRecord | undefined {
  const match = LEGACY_NAME.exec(filename);
  if (!match) return undefined;
  const name = match[1]!;
  const [day, month, year, hour, minute, second] = match.slice(2).map(Number) as [number, number, number, number, number, number];
  // Python's %y: 69–99 are the 1900s, 00–68 the 2000s.
  const time = Date.UTC(year < 69 ? 2000 + year : 1900 + year, month - 1, day, hour, minute, second);
  const date = new Date(time);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return undefined;
  const createdAt = time / 1000;
  return { snapshot_id: snapshotId, name, created_at: createdAt, description: defaultDescription(name, createdAt), filename };
}

function isPlainFileName(value: unknown): value is string {
  return typeof value === "string" && value !== "" && !value.startsWith(".") && !/[/\\\0]/.test(value);
}

/** The description GNS3 gives a snapshot that has none: `Snapshot 'lab' taken on 2016-07-28 at 17:41:16`. */
function defaultDescription(name: string, seconds: number): string {
  return `Snapshot '${name}' taken on ${describedDate(seconds)}`;
}

/** `2016-07-28 at 17:41:16`, UTC, as GNS3 words a snapshot's description. */
function describedDate(seconds: number): string {
  const iso = new Date(seconds * 1000).toISOString();
  return `${iso.slice(0, 10)} at ${iso.slice(11, 19)}`;
}
