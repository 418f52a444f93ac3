import type { ProjectDuplicate } from "@shared/schemas/project";
import type { ControllerDeps } from "../deps";
import { duplicateOrigin } from "../domain/nodes";
import type { ProjectRecord } from "../domain/projects";
import type { SnapshotRecord } from "../domain/snapshots";
import { projectToTopology } from "../domain/topology";
import { withFreshIds, withoutMacAddresses } from "../domain/topology-ids";
import { fileLayout } from "../files/layout";
import { keys } from "../store/keys";
import { listDrawings } from "./drawings";
import { listLinkRecords } from "./links";
import { listNodeRecords } from "./node-records";
import { installProject } from "./project-install";
import { loadProject } from "./projects";
import { readTopology } from "./topology";

/**
 * A copy of the project under a new id, as GNS3 duplicates one: its topology with new node,
 * link and drawing ids (MAC addresses cleared on request), every file (a node's under its new
 * id), each VM's disks (its host copies them when the copy is first opened), its snapshots;
 * the name asked for, or the first free `{name}-N`; closed, and never opening or starting by
 * itself. The source may be open or closed and is left as it is.
 */
export async function duplicateProject(deps: ControllerDeps, projectId: string, input: ProjectDuplicate): Promise<ProjectRecord> {
  const source = await loadProject(deps, projectId);
  const [nodes, links, drawings, snapshots] = await Promise.all([
    listNodeRecords(deps, projectId),
    listLinkRecords(deps, projectId),
    listDrawings(deps, projectId),
    deps.store.list<SnapshotRecord>(keys.snapshotsPrefix(projectId)),
  ]);
  // Through the `.gns3` document, as GNS3 copies it: the copy is checked as any loaded topology is.
  const document = JSON.stringify(projectToTopology(source, nodes, links, drawings, deps.config.version));
  const { topology } = await readTopology(deps, { topology: document }, { projectId: deps.newId(), name: input.name ?? source.name, path: input.path ?? undefined });
  // Each VM's disks are copied from its original's, as GNS3 copies the project folder with them.
  const copied = { ...topology, nodes: topology.nodes.map((node) => ({ ...node, ...duplicateOrigin(node, projectId) })) };
  const renumbered = withFreshIds(input.reset_mac_addresses ? withoutMacAddresses(copied) : copied, deps.newId);
  const project = { ...renumbered.topology.project, auto_start: false, auto_open: false, auto_close: false };
  const folder = fileLayout.projectFolder(projectId);
  const files = (await deps.files.list(folder)).map((file) => ({
    path: renumbered.filePath(file.path),
    open: async () => (await deps.files.read(`${folder}/${file.path}`))?.stream ?? null,
  }));
  return installProject(deps, {
    topology: { ...renumbered.topology, project },
    snapshots: snapshots.map((entry) => entry.value),
    files,
    naming: "free",
  });
}
