import type { ControllerDeps } from "../deps";
import { missingRecord } from "../domain/errors";
import type { NodeRecord } from "../domain/nodes";
import { PathEscape, safeRelativePath, type StoredFile } from "../files/file-store";
import { fileLayout } from "../files/layout";
import { keys } from "../store/keys";
import { storeLimitedUpload, type IncomingUpload } from "./upload-limit";
import { storeUpload } from "./uploads";

/**
 * A node's own files (configs, a VPCS `startup.vpc`), kept in its folder among the project's
 * files as GNS3 keeps them in the node's working folder: a project export carries them.
 * Every `path` comes from the client and stays inside that folder (`PathEscape` → 403); callers
 * have found the node.
 */
export async function readNodeFile(deps: ControllerDeps, node: NodeRecord, path: string): Promise<StoredFile> {
  const file = await deps.files.read(nodeFilePath(node, path));
  if (!file) throw missingRecord();
  return file;
}

export async function writeNodeFile(deps: ControllerDeps, node: NodeRecord, path: string, upload: IncomingUpload): Promise<void> {
  await storeLimitedUpload(deps, nodeFilePath(node, path), upload, (reason) => `Could not write file '${path}': ${reason}`);
}

/** A file of the node as text, or undefined when it has none by that name. */
export async function readNodeText(deps: ControllerDeps, node: NodeRecord, path: string): Promise<string | undefined> {
  const file = await deps.files.read(nodeFilePath(node, path));
  return file ? new Response(file.stream).text() : undefined;
}

/**
 * Writes a file the server makes for a node. The node, or its whole project, may be deleted
 * meanwhile, its files with it: then what was written goes too, and a write that failed
 * because the folder went away is no error.
 */
export async function writeNodeText(deps: ControllerDeps, node: NodeRecord, path: string, text: string): Promise<void> {
  try {
    await storeUpload(deps, nodeFilePath(node, path), new Blob([text]).stream(), (reason) => `Could not write file '${path}': ${reason}`);
  } catch (error) {
    if (await nodeExists(deps, node)) throw error;
  }
  if (!(await nodeExists(deps, node))) await removeNodeFiles(deps, node);
}

async function nodeExists(deps: ControllerDeps, node: NodeRecord): Promise<boolean> {
  return (await deps.store.get(keys.node(node.project_id, node.node_id))) !== undefined;
}

/** The node's files go with it. */
export async function removeNodeFiles(deps: ControllerDeps, node: NodeRecord): Promise<void> {
  await deps.files.remove(fileLayout.nodeFolder(node.project_id, node.node_type, node.node_id));
}

/** Inside the node's folder; like GNS3, a path that starts with a dot once normalised (a hidden file) is refused too. */
function nodeFilePath(node: NodeRecord, path: string): string {
  const relative = safeRelativePath(path);
  if (relative.startsWith(".")) throw new PathEscape(path);
  return `${fileLayout.nodeFolder(node.project_id, node.node_type, node.node_id)}/${relative}`;
}
