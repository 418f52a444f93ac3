import type { ControllerDeps } from "../deps";
import { missingRecord } from "../domain/errors";
import { childPath, type StoredFile } from "../files/file-store";
import { fileLayout } from "../files/layout";
import { storeLimitedUpload, type IncomingUpload } from "./upload-limit";

/**
 * Files inside a project's folder, shared by the controller and the compute endpoints.
 * Callers check that the project exists; every `path` here comes from the client and is
 * confined to the folder (`PathEscape` → 403).
 */
export async function readProjectFile(deps: ControllerDeps, projectId: string, path: string): Promise<StoredFile> {
  const file = await deps.files.read(childPath(fileLayout.projectFolder(projectId), path));
  if (!file) throw missingRecord();
  return file;
}

export async function writeProjectFile(
  deps: ControllerDeps,
  projectId: string,
  path: string,
  upload: IncomingUpload,
): Promise<void> {
  const target = childPath(fileLayout.projectFolder(projectId), path);
  await storeLimitedUpload(deps, target, upload, (reason) => `Could not write file '${path}': ${reason}`);
}

export interface ProjectFileWire {
  md5sum: string;
  path: string;
}

/** Every file of the project, recursively; ghost (Dynamips RAM) files are never synchronised. */
export async function listProjectFiles(deps: ControllerDeps, projectId: string): Promise<ProjectFileWire[]> {
  const folder = fileLayout.projectFolder(projectId);
  const listed: ProjectFileWire[] = [];
  for (const { path } of await deps.files.list(folder)) {
    if (path.endsWith(".ghost")) continue;
    // Unreadable files, or files removed since the listing, are left out, as GNS3 does.
    const md5sum = await deps.files.md5(`${folder}/${path}`).catch(() => null);
    if (md5sum) listed.push({ md5sum, path });
  }
  return listed;
}
