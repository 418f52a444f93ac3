/**
 * The files a QEMU node boots from: images of the image store (`<data dir>/images/QEMU`, the
 * controller's own when the daemon shares its data dir), checked against the md5 the
 * controller knows, and the linked clones that keep those images unwritten.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import type { QemuImage } from "@shared/proto";
import type { ImageFetcher } from "./qemu-image-fetch";

const QEMU_IMG_TIMEOUT_MS = 60_000;
/** A copy moves what a guest wrote to its disk: gigabytes, at the disk's speed. */
const COPY_TIMEOUT_MS = 30 * 60_000;

/** md5 of a file, by path, valid while its size and modification time stay. */
const md5Cache = new Map<string, { size: number; mtimeMs: number; md5: string }>();

/**
 * The absolute path of `image` in `imageDir`, fetched first with `fetchImage` when missing;
 * rejects with a message for the user when it is not there or its content is not the one the
 * controller has (`md5`, when given).
 */
export async function resolveImage(imageDir: string, image: QemuImage, fetchImage?: ImageFetcher): Promise<string> {
  const store = resolve(imageDir);
  const path = resolve(store, image.name);
  // The controller names images of its store; a name reaching out of it is not one.
  if (!path.startsWith(store + sep)) throw new Error(`image ${image.name} is not in the image store`);
  let found = await stat(path).catch(() => undefined);
  if (found === undefined && fetchImage !== undefined) {
    await fetchImage(image.name, path);
    found = await stat(path);
  }
  if (found === undefined) throw new Error(`image ${image.name} is not on this host (looked for ${path})`);
  if (!found.isFile()) throw new Error(`image ${image.name} is not a file (${path})`);
  if (image.md5 !== "") {
    const actual = await md5Of(path, found.size, found.mtimeMs);
    if (actual !== image.md5.toLowerCase()) throw new Error(`image ${image.name} on this host (${path}) has md5 ${actual}, not ${image.md5.toLowerCase()} as the controller's copy`);
  }
  return path;
}

async function md5Of(path: string, size: number, mtimeMs: number): Promise<string> {
  const known = md5Cache.get(path);
  if (known && known.size === size && known.mtimeMs === mtimeMs) return known.md5;
  const hash = createHash("md5");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  const md5 = hash.digest("hex");
  md5Cache.set(path, { size, mtimeMs, md5 });
  return md5;
}

/**
 * Makes `overlay` a qcow2 file over `image` (QEMU writes there, the image stays as it is):
 * created once, kept across starts with what the guest wrote. An overlay made when the image
 * was elsewhere (an imported project) is pointed at the image's path now.
 */
export async function ensureLinkedClone(qemuImg: string, image: string, overlay: string): Promise<void> {
  const exists = await stat(overlay).then(() => true, () => false);
  if (exists) {
    const existing = await imageInfo(qemuImg, overlay);
    const backing = existing["full-backing-filename"] ?? existing["backing-filename"];
    if (backing !== image) await runQemuImg(qemuImg, ["rebase", "-u", "-F", await formatOf(qemuImg, image), "-b", image, overlay]);
    return;
  }
  const format = await formatOf(qemuImg, image);
  // Made under another name then renamed: a start interrupted midway leaves no half overlay to reuse.
  const partial = `${overlay}.partial`;
  await rm(partial, { force: true });
  await runQemuImg(qemuImg, ["create", "-q", "-f", "qcow2", "-F", format, "-b", image, partial]);
  await rename(partial, overlay);
}

/**
 * Grows `overlay` to `image`'s virtual size plus `growMb` (what resize_disk asked, in all), as
 * GNS3 runs `qemu-img resize` on a linked clone's disk. Never shrinks: an overlay already that
 * large, or larger, is left as it is, so growing again at every start changes nothing.
 */
export async function ensureGrown(qemuImg: string, image: string, overlay: string, growMb: number): Promise<void> {
  if (growMb <= 0) return;
  const target = (await virtualSize(qemuImg, image)) + growMb * 1024 * 1024;
  if ((await virtualSize(qemuImg, overlay)) >= target) return;
  await runQemuImg(qemuImg, ["resize", "-q", overlay, String(target)]);
}

async function virtualSize(qemuImg: string, path: string): Promise<number> {
  const size = (await imageInfo(qemuImg, path))["virtual-size"];
  if (typeof size !== "number") throw new Error(`qemu-img info gave no virtual size for ${path}`);
  return size;
}

/** Where a linked clone keeps the overlay of a disk slot (hda…hdd): in the node's folder, as GNS3 names it. */
export function overlayPath(workDir: string, slot: string): string {
  return join(resolve(workDir), `${slot}_disk.qcow2`);
}

/**
 * Makes `overlay` a copy of `source`, another node's overlay over the same `image`: what that
 * node's guest wrote, over the same backing file (the disk of a duplicated node, as GNS3 copies
 * a node's folder). qemu-img copies only what the source holds above its image, and holds the
 * source's lock meanwhile: a VM starting on the source then fails to lock its disk rather than
 * change it under the copy, and a source some VM runs on is refused (rejects with qemu-img's
 * words). Resolves with null once copied, or with why nothing was copied when there is no such
 * source here. Written under another name then renamed, as a linked clone is; call it only
 * while `overlay` does not exist.
 */
export async function copyOverlay(qemuImg: string, source: string, image: string, overlay: string): Promise<string | null> {
  if (!(await stat(source).then((found) => found.isFile(), () => false))) return `${source} does not exist on this host`;
  // -U: a header read; whether a VM holds the source is for the copy itself to find out.
  const info = await imageInfo(qemuImg, source);
  const backing = info["full-backing-filename"] ?? info["backing-filename"];
  if (backing !== image) return `${source} is over ${backing ?? "no image"}, not ${image}`;
  const partial = `${overlay}.partial`;
  await rm(partial, { force: true });
  const backingFormat = info["backing-filename-format"] ?? (await formatOf(qemuImg, image));
  try {
    await runQemuImg(qemuImg, ["convert", "-f", info.format ?? "qcow2", "-O", "qcow2", "-F", backingFormat, "-B", image, source, partial], COPY_TIMEOUT_MS);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, overlay);
  return null;
}

/** `qemu-img` beside a QEMU given by path, else the one on PATH. */
export function qemuImgFor(binary: string): string {
  const slash = binary.lastIndexOf("/");
  return slash < 0 ? "qemu-img" : `${binary.slice(0, slash + 1)}qemu-img`;
}

interface ImageInfo {
  format?: string;
  "backing-filename"?: string;
  "full-backing-filename"?: string;
  "backing-filename-format"?: string;
  "virtual-size"?: number;
}

async function formatOf(qemuImg: string, image: string): Promise<string> {
  const format = (await imageInfo(qemuImg, image)).format;
  if (!format) throw new Error(`cannot tell the format of image ${image}`);
  return format;
}

async function imageInfo(qemuImg: string, file: string): Promise<ImageInfo> {
  // -U: reading the header only, also while a running VM holds the image (a shared base).
  const output = await runQemuImg(qemuImg, ["info", "-U", "--output=json", file]);
  return JSON.parse(output) as ImageInfo;
}

function runQemuImg(qemuImg: string, args: string[], timeoutMs = QEMU_IMG_TIMEOUT_MS): Promise<string> {
  return new Promise((resolveRun, reject) => {
    execFile(qemuImg, args, { timeout: timeoutMs, maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (!error) return resolveRun(stdout);
      if ((error as NodeJS.ErrnoException).code === "ENOENT") reject(new Error(`qemu-img not found: ${qemuImg} (install the Debian package qemu-utils)`));
      else reject(new Error(`qemu-img ${args[0]} failed: ${stderr.trim() || error.message}`));
    });
  });
}
