import { createLogger } from "@shared/logging/logger";
import type { ControllerDeps } from "../deps";
import { nodeImageNames } from "../domain/node-types";
import { isHiddenImagePath } from "../domain/images";
import type { NodeRecord } from "../domain/nodes";
import { PathEscape, safeRelativePath } from "../files/file-store";
import { fileLayout } from "../files/layout";
import type { ZipSource } from "../files/zip-writer";
import { addImage } from "./images";
import { ARCHIVED_QEMU_IMAGES } from "./project-archive";
import type { ProjectFileSource } from "./project-install";

const log = createLogger("controller.archive-images");

/**
 * The archive entries of every image the project's QEMU nodes use (disks, CD-ROM, BIOS,
 * kernel, initrd), each once, under `images/QEMU/` by the name the node gives it. As GNS3 does
 * with an image it cannot find, one missing from the store is left out (logged).
 */
export function* archivedImages(deps: ControllerDeps, nodes: readonly NodeRecord[]): Generator<ZipSource> {
  const paths = new Set<string>();
  for (const name of new Set(nodes.flatMap(nodeImageNames))) {
    const path = imagePath(name);
    if (path === undefined) log.warn("a name no image of the store can have: the archive goes without it", { image: name });
    else paths.add(path);
  }
  for (const path of paths) {
    yield {
      name: `${ARCHIVED_QEMU_IMAGES}/${path}`,
      open: async () => {
        const stored = await deps.files.read(`${fileLayout.emulatorImages()}/${path}`);
        if (!stored) log.warn("an image the project uses is not in the image store: the archive goes without it", { image: path });
        return stored && { body: stored.stream, modified: stored.modified };
      },
    };
  }
}

/** The store path of an image a node names; undefined for a name no image of the store has. */
function imagePath(name: string): string | undefined {
  try {
    const path = safeRelativePath(name);
    return isHiddenImagePath(path) ? undefined : path;
  } catch (error) {
    if (error instanceof PathEscape) return undefined;
    throw error;
  }
}

/**
 * Puts an archive's images into the image store, one at a time as the archive gives them. An
 * image of the same name already there is kept, whatever the archive's holds: nodes of other
 * projects may boot from it.
 */
export async function addArchivedImages(deps: ControllerDeps, images: readonly ProjectFileSource[]): Promise<void> {
  for (const image of images) {
    const body = await image.open();
    if (!body) continue;
    if (await addImage(deps, image.path, body)) log.info("image added to the store from a project archive", { image: image.path });
    else log.info("the store has an image of that name already: the archive's copy is left out", { image: image.path });
  }
}
