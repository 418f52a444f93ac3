import type { ComputeStatistics } from "@shared/schemas/compute";
import { createLogger } from "@shared/logging/logger";
import type { ControllerDeps } from "../deps";
import { LOCAL_COMPUTE_ID } from "../domain/computes";
import { loadComputeRecord } from "./computes";
import { closeProject, listProjects } from "./projects";

const log = createLogger("controller.server");

/**
 * What GNS3 does before it stops: every opened project is closed, so its nodes stop (the
 * dataplane hosts are sent states without them) and it is closed when the server starts again.
 * A project that cannot be closed is logged and the others are still closed, as in GNS3.
 */
export async function closeEveryProject(deps: ControllerDeps): Promise<void> {
  for (const project of await listProjects(deps)) {
    if (project.status !== "opened") continue;
    await closeProject(deps, project.project_id, "the server is shutting down").catch((error: unknown) =>
      log.error("could not close the project before stopping", { project_id: project.project_id, error: String(error) }),
    );
  }
}

export interface ComputeStatisticsEntry {
  compute_id: string;
  compute_name: string;
  statistics: ComputeStatistics;
}

/**
 * GNS3 lists the statistics of each compute that gives them and leaves out one that cannot.
 * Here only the controller's own machine (`local`) can: dataplane daemons report no figures
 * of their host, and on Workers there is no machine of our own.
 */
export async function computeStatistics(deps: ControllerDeps): Promise<ComputeStatisticsEntry[]> {
  if (!deps.localHost) return [];
  const local = await loadComputeRecord(deps, LOCAL_COMPUTE_ID);
  return [{ compute_id: local.compute_id, compute_name: local.name, statistics: await deps.localHost.statistics() }];
}
