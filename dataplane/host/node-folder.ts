import { basename, join } from "node:path";

/**
 * A node's folder on the host, `<data dir>/<emulator>/<project id>/<node id>`; undefined when an
 * id is no plain folder name (ids come from the controller, and must not reach out of the data dir).
 */
export function nodeFolder(dataDir: string, emulator: string, projectId: string, nodeId: string): string | undefined {
  const plain = (id: string) => id !== "" && id !== "." && id !== ".." && basename(id) === id;
  return plain(projectId) && plain(nodeId) ? join(dataDir, emulator, projectId, nodeId) : undefined;
}

/** The folder of a node a runtime is made for; throws when its ids are no folder names. */
export function runtimeFolder(dataDir: string, emulator: string, projectId: string, nodeId: string): string {
  const folder = nodeFolder(dataDir, emulator, projectId, nodeId);
  if (folder === undefined) throw new Error(`project ${projectId} or node ${nodeId} is not a name for a folder`);
  return folder;
}

/** The image store every emulator's images come from: `<data dir>/images/QEMU`, as GNS3 names QEMU's. */
export function imageStore(dataDir: string): string {
  return join(dataDir, "images", "QEMU");
}

/**
 * Where a Dynamips node's hypervisor runs: it works in the node's folder, and starts in the
 * host's Dynamips folder, which keeps the translation tables every hypervisor shares.
 */
export function dynamipsFolders(dataDir: string, projectId: string, nodeId: string): { workDir: string; sharedDir: string } {
  return { workDir: runtimeFolder(dataDir, "dynamips", projectId, nodeId), sharedDir: join(dataDir, "dynamips") };
}
