import type { ControllerDeps } from "../deps";
import { forbiddenRequest, missingRecord } from "../domain/errors";
import { childPath, safeRelativePath, type StoredFile, type WrittenFile } from "../files/file-store";
import { fileLayout } from "../files/layout";
import {
  MD5_HEX_LENGTH,
  imageBaseName,
  imageToWire,
  isHiddenImagePath,
  isListedImage,
  isMd5Hex,
  type ImageWire,
} from "../domain/images";
import { assertUploadFits, storeLimitedUpload, type IncomingUpload } from "./upload-limit";
import { storeUpload } from "./uploads";

/**
 * Stores an uploaded image and its checksum sidecar. An image announced larger than allowed is
 * refused before either is touched.
 */
export async function uploadImage(deps: ControllerDeps, filename: string, upload: IncomingUpload): Promise<void> {
  const path = childPath(fileLayout.emulatorImages(), filename);
  assertUploadFits(deps, upload.declaredLength);
  const failure = (reason: string) => `Could not write image: ${filename} because ${reason}`;
  await writeImage(deps, path, failure, () => storeLimitedUpload(deps, path, upload, failure));
}

/**
 * Stores an image that came another way than its own upload (in a project archive), with its
 * checksum sidecar, unless the store has an image of that name already: that one is kept.
 * `filename` is relative to the images folder. Resolves with whether it was stored.
 */
export async function addImage(deps: ControllerDeps, filename: string, body: ReadableStream<Uint8Array>): Promise<boolean> {
  const path = childPath(fileLayout.emulatorImages(), filename);
  const existing = await deps.files.read(path);
  if (existing) {
    await existing.stream.cancel();
    await body.cancel();
    return false;
  }
  const failure = (reason: string) => `Could not write image: ${filename} because ${reason}`;
  await writeImage(deps, path, failure, () => storeUpload(deps, path, body, failure));
  return true;
}

/** The old sidecar goes first, so a reader never pairs new bytes with the old checksum; the new one is the MD5 taken while storing. */
async function writeImage(deps: ControllerDeps, path: string, failure: (reason: string) => string, store: () => Promise<WrittenFile>): Promise<void> {
  const sidecar = fileLayout.md5Sidecar(path);
  await deps.files.remove(sidecar);
  const { md5 } = await store();
  await storeUpload(deps, sidecar, new Blob([md5]).stream(), failure);
}

/**
 * Finds an image by its path in the images folder or, for a bare name, anywhere below it
 * (GNS3 clients ask by file name). Hidden files are never served.
 */
export async function openImage(deps: ControllerDeps, filename: string): Promise<{ file: StoredFile; path: string }> {
  const relativePath = safeRelativePath(filename);
  if (isHiddenImagePath(relativePath)) throw forbiddenRequest();
  const direct = await deps.files.read(`${fileLayout.emulatorImages()}/${relativePath}`);
  if (direct) return { file: direct, path: relativePath };
  if (!relativePath.includes("/")) {
    const match = (await deps.files.list(fileLayout.emulatorImages())).find(
      (entry) => isListedImage(entry.path) && imageBaseName(entry.path) === relativePath,
    );
    const file = match && (await deps.files.read(`${fileLayout.emulatorImages()}/${match.path}`));
    if (match && file) return { file, path: match.path };
  }
  throw missingRecord(`The image ${filename} is missing`);
}

export async function listImages(deps: ControllerDeps): Promise<ImageWire[]> {
  const images: ImageWire[] = [];
  for (const entry of await deps.files.list(fileLayout.emulatorImages())) {
    if (!isListedImage(entry.path)) continue;
    const md5 = await imageMd5(deps, `${fileLayout.emulatorImages()}/${entry.path}`);
    if (md5) images.push(imageToWire(entry.path, entry.size, md5));
  }
  return images;
}

/** The sidecar when it is sound; otherwise hashed now and the sidecar written for next time, as GNS3 does. */
async function imageMd5(deps: ControllerDeps, path: string): Promise<string | null> {
  const sidecar = fileLayout.md5Sidecar(path);
  const stored = await deps.files.read(sidecar);
  // Only a sidecar of the right size is read: anyone may drop a large `.md5sum` file here.
  if (stored?.size === MD5_HEX_LENGTH) {
    const text = await new Response(stored.stream).text();
    if (isMd5Hex(text)) return text;
  } else await stored?.stream.cancel();
  // Unreadable or vanished images are left out of the listing.
  const md5 = await deps.files.md5(path).catch(() => null);
  if (md5) await deps.files.write(sidecar, new Blob([md5]).stream()).catch(() => undefined);
  return md5;
}
