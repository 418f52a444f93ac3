import { UUID_PATTERN } from "@shared/schemas/common";
import { conflictingRequest, DomainError, forbiddenRequest, tooLarge, unsupportedRequest } from "../domain/errors";
import type { ControllerDeps } from "../deps";
import type { ProjectRecord } from "../domain/projects";
import { SNAPSHOTS_CONF, SNAPSHOTS_FOLDER, snapshotsInFolder } from "../domain/snapshots";
import { invalidTopology, nodesOfOpenedProject, parseTopologyText } from "../domain/topology";
import { PathEscape, type FileStore } from "../files/file-store";
import type { LoadableFolders, LocatedFile } from "../files/loadable-folders";
import { keys } from "../store/keys";
import { collectBytes, IMPORT_LIMITS } from "./project-archive";
import { installProject, type ProjectFileSource } from "./project-install";
import { openProject } from "./projects";
import { readTopology } from "./topology";
import { formatBytes } from "./upload-limit";

/** The project folder's parts a load copies: what its nodes use, and its snapshots. */
const COPIED_FOLDERS = ["project-files", SNAPSHOTS_FOLDER] as const;

/**
 * GNS3's "open a project from disk": the `.gns3` file at `path` on the server, with its ids,
 * its settings and its folder's `project-files/` and snapshots, opened. A project already
 * known by the file's id is opened instead. The files are copied into the controller's store:
 * later changes are kept there, not written back to the file.
 */
export async function loadProjectFile(deps: ControllerDeps, path: string): Promise<ProjectRecord> {
  const folders = deps.loadableFolders;
  if (!folders) {
    throw unsupportedRequest("Loading a project from the server's disk is not available on Cloudflare Workers, which has none: import the project instead (POST /v2/projects/{project_id}/import)");
  }
  const located = folders.locate(path);
  if (!located) throw notAllowed(path, folders);
  const text = await readTopologyFile(path, located, folders);
  const raw = parseTopologyText(text);
  const projectId = (raw as { project_id?: unknown } | null)?.project_id;
  if (typeof projectId !== "string" || !UUID_PATTERN.test(projectId)) throw invalidTopology("'project_id' must be a UUID");
  if (await deps.store.get(keys.project(projectId))) return openProject(deps, projectId);

  const folder = parentOf(located.relativePath);
  const { topology, filePath } = await readTopology(deps, { topology: text }, { projectId, name: undefined, path: parentOf(located.absolutePath) || "/" });
  const found = await folderFiles(located.files, folder, path, folders);
  const confSource = found.find((file) => file.path === SNAPSHOTS_CONF);
  const conf = confSource && (await textOf(confSource));
  const files = found.filter((file) => file !== confSource).map((file) => ({ ...file, path: filePath(file.path) }));
  return installProject(deps, {
    topology: {
      ...topology,
      project: { ...topology.project, filename: located.relativePath.slice(folder === "" ? 0 : folder.length + 1), status: "opened" },
      nodes: nodesOfOpenedProject(topology.nodes),
    },
    snapshots: snapshotsInFolder(files.map((file) => file.path), conf, deps.newId),
    files,
    naming: "exact",
  });
}

function notAllowed(path: string, folders: LoadableFolders): DomainError {
  return forbiddenRequest(`Cannot load '${path}': projects are loaded only from ${folders.roots.join(", ")} (add a folder with --projects-path)`);
}

async function readTopologyFile(path: string, located: LocatedFile, folders: LoadableFolders): Promise<string> {
  const stored = await escapeChecked(path, folders, () => located.files.read(located.relativePath));
  if (!stored) throw conflictingRequest(`Could not load topology ${path}: no such file`);
  const refusal = () => tooLarge(`Could not load topology ${path}: it is larger than ${formatBytes(IMPORT_LIMITS.topology)}`);
  if (stored.size > IMPORT_LIMITS.topology) throw refusal();
  return new TextDecoder().decode(await collectBytes(stored.stream, IMPORT_LIMITS.topology, refusal));
}

/** Every file of the copied parts of the folder, as paths relative to it; links out of the folder are never followed. */
async function folderFiles(files: FileStore, folder: string, path: string, folders: LoadableFolders): Promise<ProjectFileSource[]> {
  const found: ProjectFileSource[] = [];
  for (const part of COPIED_FOLDERS) {
    const base = folder === "" ? part : `${folder}/${part}`;
    for (const file of await escapeChecked(path, folders, () => files.list(base))) {
      found.push({ path: `${part}/${file.path}`, open: async () => (await files.read(`${base}/${file.path}`))?.stream ?? null });
    }
  }
  return found;
}

async function textOf(source: ProjectFileSource): Promise<string | undefined> {
  const body = await source.open();
  return body ? new TextDecoder().decode(await collectBytes(body, IMPORT_LIMITS.topology, () => tooLarge("snapshots.conf is too large"))) : undefined;
}

async function escapeChecked<T>(path: string, folders: LoadableFolders, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof PathEscape) throw notAllowed(path, folders);
    throw error;
  }
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
}
