import type { ControllerDeps } from "../deps";
import { fileLayout } from "../files/layout";
import type { ProjectRecords } from "./desired-state";
import { nodeImageNames } from "../domain/node-types";

/**
 * The md5 the store keeps beside each image a running node of `hostId` uses (QEMU's disks) (written at
 * upload, as GNS3 does), by image name; the host checks its copy against it. An image with no
 * sidecar is left out: the host then checks nothing, and reports a missing image itself.
 */
export async function loadQemuImageSums(deps: ControllerDeps, hostId: string, projects: readonly ProjectRecords[]): Promise<Map<string, string>> {
  const names = new Set(
    projects
      .filter(({ project }) => project.status === "opened")
      .flatMap(({ nodes }) => nodes.filter((node) => node.compute_id === hostId && node.status !== "stopped"))
      .flatMap(nodeImageNames),
  );
  const sums = new Map<string, string>();
  await Promise.all(
    [...names].map(async (name) => {
      const sidecar = await deps.files.read(fileLayout.md5Sidecar(`${fileLayout.emulatorImages()}/${name}`));
      if (sidecar) sums.set(name, (await new Response(sidecar.stream).text()).trim());
    }),
  );
  return sums;
}
