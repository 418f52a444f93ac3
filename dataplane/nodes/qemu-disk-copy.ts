/**
 * The disks of a duplicated QEMU node: each overlay it lacks is made as a copy of the overlay
 * the node it duplicates has for the same slot over the same image, so the duplicate boots with
 * what the original's guest wrote (GNS3 copies a duplicated node's folder). Where there is
 * nothing to copy (the original never ran here, or its disk is over another image), the
 * duplicate's linked clone starts empty over its image, as any node's does.
 */
import { mkdir, stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { createLogger } from "@shared/logging/logger";
import type { QemuSpec } from "@shared/proto";
import { copyOverlay, overlayPath, qemuImgFor } from "./qemu-images";

const log = createLogger("dataplane.qemu");

export interface DiskCopyFolders {
  /** The duplicate's folder. */
  readonly workDir: string;
  /** The folder of the node it duplicates, on this host. */
  readonly sourceDir: string;
  /** The image store the spec's images are named in. */
  readonly imageDir: string;
}

/**
 * Copies under way, by the overlay they make: a runtime made anew for the same node while its
 * copy runs (its project closed and opened again) waits for that copy instead of racing it.
 */
const copiesUnderWay = new Map<string, Promise<void>>();

/**
 * Makes each overlay of the spec's linked-clone disks that does not exist yet as a copy of the
 * source's, one after the other. Rejects, naming the slot, when a source's overlay exists but
 * cannot be copied now (the original's VM runs): nothing is made for that slot, so a later call
 * can copy it once the original stops.
 */
export async function copyDuplicatedDisks(nodeId: string, qemu: QemuSpec, folders: DiskCopyFolders): Promise<void> {
  if (!qemu.linkedClone) return;
  for (const disk of qemu.disks) {
    if (disk.slot === "cdrom" || disk.image.name === "") continue;
    const overlay = overlayPath(folders.workDir, disk.slot);
    let copy = copiesUnderWay.get(overlay);
    if (copy === undefined) {
      copy = copyDisk(nodeId, disk.slot, qemuImgFor(qemu.binary), resolve(folders.imageDir, disk.image.name), overlay, overlayPath(folders.sourceDir, disk.slot));
      copiesUnderWay.set(overlay, copy);
      void copy.then(
        () => copiesUnderWay.delete(overlay),
        () => copiesUnderWay.delete(overlay),
      );
    }
    await copy;
  }
}

async function copyDisk(nodeId: string, slot: string, qemuImg: string, image: string, overlay: string, source: string): Promise<void> {
  if (await stat(overlay).then(() => true, () => false)) return;
  await mkdir(dirname(overlay), { recursive: true });
  let notCopied: string | null;
  try {
    notCopied = await copyOverlay(qemuImg, source, image, overlay);
  } catch (error) {
    const detail = (error as Error).message;
    const inUse = /lock/i.test(detail) ? " (the VM of the node this one duplicates runs: stop it, then start this one)" : "";
    throw new Error(`cannot copy disk ${slot} of the node this one duplicates${inUse}: ${detail}`);
  }
  if (notCopied === null) log.info("copied the disk of the node this one duplicates", { node_id: nodeId, slot, source });
  else log.info("the disk starts empty over its image: the node this one duplicates has no disk to copy here", { node_id: nodeId, slot, detail: notCopied });
}
