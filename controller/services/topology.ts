import { UUID_PATTERN } from "@shared/schemas/common";
import { limitsOf, type ControllerDeps } from "../deps";
import type { LinkRecord } from "../domain/links";
import type { NodeRecord } from "../domain/nodes";
import { projectToWire, type ProjectRecord } from "../domain/projects";
import {
  exportsFile,
  importedTopology,
  parseTopologyText,
  portableTopology,
  projectToTopology,
  type ImportedTopology,
} from "../domain/topology";
import { PathEscape, childPath, safeRelativePath } from "../files/file-store";
import { fileLayout } from "../files/layout";
import { InvalidZip, readZipDirectory, zipEntryStream, type ZipEntry } from "../files/zip-reader";
import { zipStream, type ZipSource } from "../files/zip-writer";
import { ApiError, badRequest, conflict } from "../http/api-error";
import { keys } from "../store/keys";
import { applyChange, combineChanges, type Change } from "./change";
import { withConflictRetry } from "../store/conflict-retry";
import { listComputeRecords } from "./computes";
import { listDrawings } from "./drawings";
import { listLinkRecords } from "./links";
import { allocateConsolePorts, hasConsole, listNodeRecords } from "./nodes";
import { assertNameFree, loadProject } from "./projects";
import { initialCounts } from "./record-limits";
import { cappedStream, formatBytes, type IncomingUpload } from "./upload-limit";
import { storeUpload } from "./uploads";

const MiB = 1024 * 1024;

/**
 * An import is read into memory whole (a zip is read from its end), so its size is capped
 * (below `--max-upload-size` when that is smaller); what it may expand to is capped
 * separately, against archives built to fill the disk.
 */
export const IMPORT_LIMITS = {
  body: 512 * MiB,
  uncompressed: 4096 * MiB,
  topology: 64 * MiB,
} as const;

/** The name GNS3 gives the topology inside a `.gns3project` archive. */
const TOPOLOGY_ENTRY = "project.gns3";

export interface ExportOptions {
  includeSnapshots: boolean;
  resetMacAddresses: boolean;
  keepComputeIds: boolean;
  compression: "zip" | "none";
}

/** The project as a `.gns3project` archive, produced while the client reads it. */
export async function exportProject(
  deps: ControllerDeps,
  projectId: string,
  options: ExportOptions,
): Promise<{ project: ProjectRecord; archive: ReadableStream<Uint8Array> }> {
  const project = await loadProject(deps, projectId);
  const [nodes, links, drawings] = await Promise.all([
    listNodeRecords(deps, projectId),
    listLinkRecords(deps, projectId),
    listDrawings(deps, projectId),
  ]);
  const topology = portableTopology(projectToTopology(project, nodes, links, drawings, deps.config.version), options);
  const folder = fileLayout.projectFolder(projectId);
  const files = (await deps.files.list(folder)).filter((file) => exportsFile(file.path, options));
  async function* sources(): AsyncGenerator<ZipSource> {
    const text = JSON.stringify(topology, null, 4);
    yield { name: TOPOLOGY_ENTRY, open: async () => ({ body: new Blob([text]).stream(), modified: new Date() }) };
    for (const file of files) {
      yield {
        name: file.path,
        open: async () => {
          const stored = await deps.files.read(`${folder}/${file.path}`);
          return stored && { body: stored.stream, modified: stored.modified };
        },
      };
    }
  }
  return { project, archive: zipStream(sources(), { deflate: options.compression === "zip" }) };
}

export interface ImportRequest {
  name?: string | undefined;
  path?: string | undefined;
}

/**
 * Creates project `projectId` from a `.gns3project` archive or a bare `.gns3` document.
 * Everything is checked before anything is stored; the files are written first and the
 * records committed in one step after, so the project appears complete or not at all.
 */
export async function importProject(
  deps: ControllerDeps,
  projectId: string,
  request: ImportRequest,
  body: IncomingUpload,
): Promise<ProjectRecord> {
  if (!UUID_PATTERN.test(projectId)) throw badRequest(`Project ID ${projectId} is not a UUID: import under a new UUID`);
  await assertProjectAbsent(deps, projectId);
  const bytes = await readLimited(deps, body);
  const upload = await openUpload(bytes);
  const imported = importedTopology(parseTopologyText(upload.topology), {
    projectId,
    name: request.name,
    path: request.path,
    projectsDir: deps.config.projectsDir,
    knownComputeIds: new Set((await listComputeRecords(deps)).map((compute) => compute.compute_id)),
    hostInterfaces: deps.hostInterfaces(),
    version: deps.config.version,
  });
  await assertNameFree(deps, imported.project.name);
  await assertProjectAbsent(deps, projectId);
  const counts = initialCounts(deps, projectId, {
    nodes: imported.nodes.map((node) => node.node_id),
    links: imported.links.map((link) => link.link_id),
    drawings: imported.drawings.map((drawing) => drawing.drawing_id),
  });

  const folder = fileLayout.projectFolder(projectId);
  try {
    for (const { entry, path } of upload.files) {
      await storeUpload(deps, childPath(folder, path), zipEntryStream(bytes, entry), (reason) => `Could not write file '${path}': ${reason}`);
    }
    return await withConflictRetry(() => commitImport(deps, imported, counts));
  } catch (error) {
    // Another import of the same id that won the race owns the folder now: leave it.
    if (!(await deps.store.get(keys.project(projectId)))) await deps.files.remove(folder);
    throw error;
  }
}

async function assertProjectAbsent(deps: ControllerDeps, projectId: string): Promise<void> {
  if (await deps.store.get(keys.project(projectId))) throw conflict(`Project ID ${projectId} already exists`);
}

async function readLimited(deps: ControllerDeps, upload: IncomingUpload): Promise<Uint8Array> {
  const limit = Math.min(IMPORT_LIMITS.body, limitsOf(deps.config).maxUploadBytes);
  const tooLarge = () =>
    new ApiError(413, `Cannot import project: the upload is larger than ${formatBytes(limit)}${limit < IMPORT_LIMITS.body ? " (the controller's --max-upload-size)" : ""}`);
  if (upload.declaredLength !== undefined && upload.declaredLength > limit) throw tooLarge();
  if (!upload.body) return new Uint8Array(0);
  const capped = cappedStream(upload.body, limit);
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
    throw new ApiError(408, "Request canceled");
  }
  return concatBytes(chunks);
}

function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

interface Upload {
  topology: string;
  files: Array<{ entry: ZipEntry; path: string }>;
}

/** A zip starts with `PK`; anything else is taken for the `.gns3` JSON itself. */
async function openUpload(bytes: Uint8Array): Promise<Upload> {
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) {
    if (bytes.length > IMPORT_LIMITS.topology) throw topologyTooLarge();
    return { topology: new TextDecoder().decode(bytes), files: [] };
  }
  let entries: ZipEntry[];
  try {
    entries = readZipDirectory(bytes);
  } catch (error) {
    if (error instanceof InvalidZip) throw conflict(`Cannot import project, not a GNS3 project (invalid zip): ${error.message}`);
    throw error;
  }
  const topologyEntry = entries.find((entry) => entry.name === TOPOLOGY_ENTRY);
  if (!topologyEntry) throw conflict(`Cannot import project, ${TOPOLOGY_ENTRY} file could not be found`);
  if (topologyEntry.size > IMPORT_LIMITS.topology) throw topologyTooLarge();

  const files: Upload["files"] = [];
  let total = 0;
  for (const entry of entries) {
    const path = archivePath(entry.name);
    total += entry.size;
    if (entry === topologyEntry || entry.directory || isImageEntry(path)) continue;
    files.push({ entry, path });
  }
  if (total > IMPORT_LIMITS.uncompressed) {
    throw new ApiError(413, `Cannot import project: its files would take ${total} bytes uncompressed, more than the ${IMPORT_LIMITS.uncompressed / MiB} MiB allowed`);
  }
  // Read every entry once before storing any, so a damaged archive stores nothing.
  const topology = await readEntry(bytes, topologyEntry);
  for (const { entry } of files) await drain(zipEntryStream(bytes, entry), entry);
  return { topology: new TextDecoder().decode(topology), files };
}

function topologyTooLarge(): ApiError {
  return new ApiError(413, `Cannot import project: the topology is larger than ${IMPORT_LIMITS.topology / MiB} MiB`);
}

function archivePath(name: string): string {
  try {
    return safeRelativePath(name.replace(/\/$/, ""));
  } catch (error) {
    if (error instanceof PathEscape) {
      throw badRequest(`Cannot import project: the archive entry '${name}' would be written outside the project folder`);
    }
    throw error;
  }
}

/**
 * GNS3 archives made with `include_images` carry the images under `images/`; this server
 * keeps images apart from projects and does not unpack them.
 */
function isImageEntry(path: string): boolean {
  return path.startsWith("images/");
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
    if (error instanceof InvalidZip) throw conflict(`Cannot import project, the archive is damaged: ${error.message}`);
    throw new Error(`reading ${entry.name} failed: ${String(error)}`);
  }
}

/** One commit: the project, its nodes with fresh console ports, links with their port claims, drawings, their counts. */
async function commitImport(deps: ControllerDeps, imported: ImportedTopology, counts: Change): Promise<ProjectRecord> {
  const { project } = imported;
  const projectId = project.project_id;
  await assertProjectAbsent(deps, projectId);
  await assertNameFree(deps, project.name);
  const nodes = await withConsolePorts(deps, imported.nodes);
  const change: Change = {
    writes: [
      { key: keys.project(projectId), value: project },
      { key: keys.projectName(project.name), value: projectId },
    ],
    guards: [
      { key: keys.project(projectId), absent: true },
      { key: keys.projectName(project.name), absent: true },
    ],
    events: [{ scope: { kind: "controller" }, notification: { action: "project.created", event: projectToWire(project) } }],
  };
  for (const node of nodes) {
    change.writes.push({ key: keys.node(projectId, node.node_id), value: node }, { key: keys.nodeName(projectId, node.name), value: node.node_id });
    if (node.console !== null) {
      change.writes.push({ key: keys.consolePort(node.compute_id, node.console), value: node.node_id });
      change.guards.push({ key: keys.consolePort(node.compute_id, node.console), absent: true });
    }
  }
  for (const link of imported.links) change.writes.push(...linkWrites(link));
  for (const drawing of imported.drawings) change.writes.push({ key: keys.drawing(projectId, drawing.drawing_id), value: drawing });
  await applyChange(deps, combineChanges(change, counts));
  return project;
}

function linkWrites(link: LinkRecord) {
  return [
    { key: keys.link(link.project_id, link.link_id), value: link },
    ...link.nodes.map((end) => ({ key: keys.port(link.project_id, end.node_id, end.adapter_number, end.port_number), value: link.link_id })),
  ];
}

/** New console ports, allocated as node creation does; the file's ports may be taken here. */
async function withConsolePorts(deps: ControllerDeps, nodes: readonly NodeRecord[]): Promise<NodeRecord[]> {
  const byCompute = new Map<string, NodeRecord[]>();
  for (const node of nodes) {
    if (!hasConsole(node.console_type)) continue;
    byCompute.set(node.compute_id, [...(byCompute.get(node.compute_id) ?? []), node]);
  }
  const ports = new Map<string, number>();
  for (const [computeId, group] of byCompute) {
    const allocated = await allocateConsolePorts(deps, computeId, group.length);
    group.forEach((node, index) => ports.set(node.node_id, allocated[index]!));
  }
  return nodes.map((node) => ({ ...node, console: ports.get(node.node_id) ?? null }));
}
