import { createLogger } from "@shared/logging/logger";
import type { LinkRecord } from "../domain/links";
import type { NodeRecord } from "../domain/nodes";
import type { ProjectRecord } from "../domain/projects";

/**
 * What happens to a lab, at `info`, for the operator reading the controller's log: projects
 * opened and closed (and why), nodes started, stopped or found not running, links whose
 * filters changed. Requests themselves are the access log's (`--access-log`).
 */
const log = createLogger("controller.lifecycle");

export function projectOpened(project: ProjectRecord): void {
  log.info("project opened", { project_id: project.project_id, name: project.name });
}

/** `why`: who closed it, in words (a client, auto_close, the server shutting down). */
export function projectClosed(project: ProjectRecord, why: string): void {
  log.info("project closed", { project_id: project.project_id, name: project.name, why });
}

export function nodeStatusChanged(node: NodeRecord, previous: NodeRecord["status"]): void {
  if (node.status === previous) {
    log.info("node reloaded", { project_id: node.project_id, node_id: node.node_id, name: node.name });
    return;
  }
  log.info(`node ${node.status}`, { project_id: node.project_id, node_id: node.node_id, name: node.name, was: previous });
}

/** A node about to start moved off an allocated console port another program took on its host. */
export function consoleMoved(node: NodeRecord, previous: number): void {
  log.warn("node moved to a free console port: another program listens on its old one", { project_id: node.project_id, node_id: node.node_id, name: node.name, console: node.console, was: previous });
}

/** A node its host does not run (it failed to start, its process exited, its type cannot run there). */
export function nodeNotRunning(node: NodeRecord, hostId: string, reason: string): void {
  log.warn("node not running", { project_id: node.project_id, node_id: node.node_id, name: node.name, host_id: hostId, reason });
}

export function linkFiltersChanged(before: LinkRecord, after: LinkRecord): void {
  if (JSON.stringify(before.filters) === JSON.stringify(after.filters) && before.suspend === after.suspend) return;
  log.info("link filters changed", { project_id: after.project_id, link_id: after.link_id, filters: after.filters, suspend: after.suspend });
}
