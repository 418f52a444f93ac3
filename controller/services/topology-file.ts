import type { ControllerDeps } from "../deps";
import type { ProjectRecord } from "../domain/projects";
import { projectToTopology } from "../domain/topology";
import { fileLayout } from "../files/layout";
import { createLogger } from "@shared/logging/logger";
import { keys } from "../store/keys";
import { listDrawings } from "./drawings";
import { listLinkRecords } from "./links";
import { listNodeRecords } from "./node-records";

const log = createLogger("controller.topology-file");

/** How long a project's file waits after a change for the next one: a lab being built writes it once. */
export const TOPOLOGY_FILE_DELAY_MS = 1000;

/** Where a project's `.gns3` file is in the file store: its folder, under the name the API reports. */
export function topologyFilePath(project: Pick<ProjectRecord, "project_id" | "filename">): string {
  return `${fileLayout.projectFolder(project.project_id)}/${project.filename}`;
}

/**
 * Writes the project's `.gns3` file as GNS3 does (4-space indent, sorted keys), the file store
 * replacing it at once (a reader never sees half a file). A project deleted meanwhile is
 * left alone, so its folder is not brought back.
 */
export async function writeTopologyFile(deps: ControllerDeps, projectId: string): Promise<void> {
  const project = await deps.store.get<ProjectRecord>(keys.project(projectId));
  if (!project) return;
  const [nodes, links, drawings] = await Promise.all([listNodeRecords(deps, projectId), listLinkRecords(deps, projectId), listDrawings(deps, projectId)]);
  const text = JSON.stringify(projectToTopology(project, nodes, links, drawings, deps.config.version), null, 4);
  await deps.files.write(topologyFilePath(project), new Blob([text]).stream());
  if ((await deps.store.get(keys.project(projectId))) === undefined) await deps.files.remove(fileLayout.projectFolder(projectId));
}

/**
 * Keeps each project's `.gns3` file current: written `delayMs` after the last of a run of
 * changes, and at once when asked (a project closing, the server stopping). One per process
 * (Node) or per object (Workers); writes of one project never overlap.
 */
export class TopologyFileSaver {
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly writing = new Map<string, Promise<void>>();

  constructor(
    private readonly write: (projectId: string) => Promise<void>,
    private readonly delayMs = TOPOLOGY_FILE_DELAY_MS,
  ) {}

  changed(projectId: string): void {
    clearTimeout(this.pending.get(projectId));
    const timer = setTimeout(() => void this.flush(projectId), this.delayMs);
    // A pending write never keeps a stopping process alive: shutdown flushes what is pending.
    (timer as { unref?: () => void }).unref?.();
    this.pending.set(projectId, timer);
  }

  /** Writes the project's file now, after a write in progress; failures are logged, not thrown. */
  async flush(projectId: string): Promise<void> {
    clearTimeout(this.pending.get(projectId));
    this.pending.delete(projectId);
    const previous = this.writing.get(projectId) ?? Promise.resolve();
    const next = previous.then(() =>
      this.write(projectId).catch((error) => log.error("could not write the project's .gns3 file", { project_id: projectId, error: String(error) })),
    );
    this.writing.set(projectId, next);
    await next;
    if (this.writing.get(projectId) === next) this.writing.delete(projectId);
  }

  async flushAll(): Promise<void> {
    await Promise.all([...new Set([...this.pending.keys(), ...this.writing.keys()])].map((projectId) => this.flush(projectId)));
  }
}
