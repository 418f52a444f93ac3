import type { AutoIdlePcRequest } from "@shared/schemas/compute";
import type { ControllerDeps } from "../deps";
import { conflictingRequest, DomainError, invalidRequest } from "../domain/errors";
import { PLATFORMS } from "../domain/dynamips-platforms";
import { keys } from "../store/keys";
import { loadComputeRecord } from "./computes";
import { openImage } from "./images";
import { idlePcOf } from "./node-tools";
import { actOnNode, createNode } from "./nodes";
import { createProject, deleteProject, freeNameFor } from "./projects";

/** How long IOS is given to boot before it is measured, as GNS3 gives it (tests shorten it: CONTROLLER_IDLEPC_BOOT_MS). */
export const DEFAULT_IDLE_PC_BOOT_MS = 20_000;

/** GNS3's name for the throwaway project; another project of that name is left alone here. */
const PROJECT_NAME = "AUTOIDLEPC";

/**
 * `POST /v2/computes/{id}/auto_idlepc`: an IOS image's Idle-PC value before any router of it
 * exists. As GNS3: a throwaway project with one router of the image, started, given IOS's boot
 * time, measured as a node's `…/dynamips/auto_idlepc` is, and deleted, here whatever happened
 * (GNS3 leaves it behind on an error and deletes every project of that name at the next call).
 */
export async function autoIdlePcOnCompute(deps: ControllerDeps, computeId: string, request: AutoIdlePcRequest): Promise<{ idlepc: string }> {
  if (!Object.hasOwn(PLATFORMS, request.platform)) throw invalidRequest(`Unknown platform ${request.platform}: one of ${Object.keys(PLATFORMS).join(", ")}`);
  await loadComputeRecord(deps, computeId);
  if (!deps.dataplane || (await deps.store.get(keys.dataplaneHost(computeId))) === undefined) {
    throw conflictingRequest(`No dataplane daemon has connected as compute ${computeId}: Idle-PC values are measured by the host that runs the router`);
  }
  await openImage(deps, request.image).catch((error: unknown) => {
    // GNS3's compute answers a missing image with 409, before any router is made.
    if (error instanceof DomainError && error.violation === "not_found") throw conflictingRequest(error.message);
    throw error;
  });
  const project = await createProject(deps, { name: await freeNameFor(deps, PROJECT_NAME), auto_close: false });
  try {
    const router = await createNode(deps, project.project_id, {
      name: PROJECT_NAME,
      node_type: "dynamips",
      compute_id: computeId,
      console_type: "none",
      properties: { platform: request.platform, image: request.image, ram: request.ram },
    });
    await actOnNode(deps, project.project_id, router.node_id, "start");
    await new Promise((resolve) => setTimeout(resolve, deps.config.idlePcBootMs ?? DEFAULT_IDLE_PC_BOOT_MS));
    return (await idlePcOf(deps, project.project_id, router.node_id, "auto_idlepc")) as { idlepc: string };
  } finally {
    await deleteProject(deps, project.project_id);
  }
}
