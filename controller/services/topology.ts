import { UUID_PATTERN } from "@shared/schemas/common";
import { conflictingRequest, invalidRequest, tooLarge } from "../domain/errors";
import { limitsOf, type ControllerDeps } from "../deps";
import type { NodeRecord } from "../domain/nodes";
import type { ProjectRecord } from "../domain/projects";
import { SNAPSHOTS_CONF, snapshotsConfText, snapshotsInFolder, type SnapshotRecord } from "../domain/snapshots";
import { assertExportable, exportsFile, importedTopology, parseTopologyText, portableTopology, projectToTopology, type ImportedTopology } from "../domain/topology";
import { withFreshIds } from "../domain/topology-ids";
import { upgradeTopology } from "../domain/topology-upgrade";
import { fileLayout } from "../files/layout";
import { zipStream, type ZipSource } from "../files/zip-writer";
import { MalformedMultipart, multipartBoundary, multipartFile } from "../files/multipart";
import { keys } from "../store/keys";
import { listComputeRecords } from "./computes";
import { listDrawings } from "./drawings";
import { listLinkRecords } from "./links";
import { listNodeRecords } from "./node-records";
import { addArchivedImages, archivedImages } from "./archive-images";
import { collectBytes, IMPORT_LIMITS, openArchive, TOPOLOGY_ENTRY, type OpenedArchive } from "./project-archive";
import { assertProjectAbsent, installProject } from "./project-install";
import { loadProject } from "./projects";
import { formatBytes, type IncomingUpload } from "./upload-limit";

/**
 * GNS3's compressions. Neither bzip2 nor lzma can be written here (fflate has no encoder for
 * them), so those archives are deflated: every zip reader reads them, GNS3 included.
 */
export const EXPORT_COMPRESSIONS = ["zip", "none", "bzip2", "lzma"] as const;
export type ExportCompression = (typeof EXPORT_COMPRESSIONS)[number];

export interface ArchiveOptions {
  includeSnapshots: boolean;
  /** Every image the project's QEMU nodes use goes under `images/QEMU/`, as GNS3 exports them. */
  includeImages: boolean;
  resetMacAddresses: boolean;
  keepComputeIds: boolean;
  compression: ExportCompression;
}

/** The project as a `.gns3project` archive, produced while the client reads it. */
export async function exportProject(
  deps: ControllerDeps,
  projectId: string,
  options: ArchiveOptions,
): Promise<{ project: ProjectRecord; archive: ReadableStream<Uint8Array> }> {
  const project = await loadProject(deps, projectId);
  const nodes = await listNodeRecords(deps, projectId);
  assertExportable(nodes, { allowAllNodes: false });
  return { project, archive: await projectArchive(deps, project, nodes, options) };
}

/** The archive of a project: `project.gns3`, the project's files, and its snapshots and images when asked for. */
export async function projectArchive(
  deps: ControllerDeps,
  project: ProjectRecord,
  nodes: readonly NodeRecord[],
  options: ArchiveOptions,
): Promise<ReadableStream<Uint8Array>> {
  const projectId = project.project_id;
  const [links, drawings, snapshots] = await Promise.all([
    listLinkRecords(deps, projectId),
    listDrawings(deps, projectId),
    options.includeSnapshots ? deps.store.list<SnapshotRecord>(keys.snapshotsPrefix(projectId)) : Promise.resolve([]),
  ]);
  const snapshotRecords = snapshots.map((entry) => entry.value);
  const topology = portableTopology(projectToTopology(project, nodes, links, drawings, deps.config.version), options);
  const folder = fileLayout.projectFolder(projectId);
  // The snapshots' records say what `snapshots.conf` holds; a file of that name uploaded by hand is left out.
  const files = (await deps.files.list(folder)).filter((file) => exportsFile(file.path, options) && file.path !== SNAPSHOTS_CONF);
  const generated = (name: string, text: string): ZipSource => ({ name, open: async () => ({ body: new Blob([text]).stream(), modified: new Date() }) });
  async function* sources(): AsyncGenerator<ZipSource> {
    yield generated(TOPOLOGY_ENTRY, JSON.stringify(topology, null, 4));
    if (snapshotRecords.length > 0) yield generated(SNAPSHOTS_CONF, snapshotsConfText(snapshotRecords, projectId));
    for (const file of files) {
      yield {
        name: file.path,
        open: async () => {
          const stored = await deps.files.read(`${folder}/${file.path}`);
          return stored && { body: stored.stream, modified: stored.modified };
        },
      };
    }
    if (options.includeImages) yield* archivedImages(deps, nodes);
  }
  return zipStream(sources(), { deflate: options.compression !== "none" });
}

export interface ImportRequest {
  name?: string | undefined;
  path?: string | undefined;
}

/** The request body of an import and its content type: the archive itself, or a form carrying it. */
export interface ImportUpload extends IncomingUpload {
  contentType: string | null;
}

/**
 * Creates project `projectId` from a `.gns3project` archive or a bare `.gns3` document, sent
 * as the body or as the file of a multipart form, as GNS3 does: older file revisions are
 * brought up to date, nodes, links and drawings get new ids, and a taken name gives way to
 * `{name}-1`. Everything is checked before anything is stored. The images it carries join the
 * image store, where an image of the same name already there is kept.
 */
export async function importProject(deps: ControllerDeps, projectId: string, request: ImportRequest, upload: ImportUpload): Promise<ProjectRecord> {
  if (!UUID_PATTERN.test(projectId)) throw invalidRequest(`Project ID ${projectId} is not a UUID: import under a new UUID`);
  if (request.path?.includes(".gns3")) throw conflictingRequest("The destination path should not contain .gns3");
  await assertProjectAbsent(deps, projectId);
  const archive = await openArchive(await uploadedArchive(deps, upload));
  const { topology, filePath } = await readTopology(deps, archive, { projectId, name: request.name, path: request.path });
  const renumbered = withFreshIds(topology, deps.newId);
  const moved = (path: string) => renumbered.filePath(filePath(path));
  // Before the project, so that its nodes find their images once it appears.
  await addArchivedImages(deps, archive.images);
  // As GNS3: an imported project waits, closed, for the user to open it, and never starts by itself.
  const project = { ...renumbered.topology.project, auto_start: false, auto_open: false, auto_close: true };
  return installProject(deps, {
    topology: { ...renumbered.topology, project },
    snapshots: snapshotsInFolder(archive.paths.map(moved), archive.snapshotsConf, deps.newId),
    files: archive.files.map((file) => ({ ...file, path: moved(file.path) })),
    naming: "free",
  });
}

/**
 * The archive's topology as records of project `projectId`, brought up to the current file
 * revision, with where each of its files goes after that.
 */
export async function readTopology(
  deps: ControllerDeps,
  archive: Pick<OpenedArchive, "topology">,
  target: { projectId: string; name: string | undefined; path: string | undefined },
): Promise<{ topology: ImportedTopology; filePath: (path: string) => string }> {
  const upgraded = upgradeTopology(parseTopologyText(archive.topology), deps.config.version, deps.newId);
  const topology = importedTopology(upgraded.document, {
    ...target,
    projectsDir: deps.config.projectsDir,
    knownComputeIds: new Set((await listComputeRecords(deps)).map((compute) => compute.compute_id)),
    hostInterfaces: deps.hostInterfaces(),
    version: deps.config.version,
  });
  return { topology, filePath: upgraded.filePath };
}

/** The archive's bytes, from the body itself or from the file of a multipart form. */
async function uploadedArchive(deps: ControllerDeps, upload: ImportUpload): Promise<Uint8Array> {
  let boundary: string | undefined;
  try {
    boundary = multipartBoundary(upload.contentType);
  } catch (error) {
    if (error instanceof MalformedMultipart) throw invalidRequest(`Cannot import project: ${error.message}`);
    throw error;
  }
  const limit = Math.min(IMPORT_LIMITS.body, limitsOf(deps.config).maxUploadBytes);
  const refusal = () =>
    tooLarge(`Cannot import project: the upload is larger than ${formatBytes(limit)}${limit < IMPORT_LIMITS.body ? " (the controller's --max-upload-size)" : ""}`);
  if (upload.declaredLength !== undefined && upload.declaredLength > limit) throw refusal();
  const body = await collectBytes(upload.body, limit, refusal);
  if (boundary === undefined) return body;
  try {
    return multipartFile(body, boundary);
  } catch (error) {
    if (error instanceof MalformedMultipart) throw invalidRequest(`Cannot import project: malformed multipart/form-data body: ${error.message}`);
    throw error;
  }
}
