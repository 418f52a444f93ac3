/** An emulator image as `GET /v2/compute/emulator/images` lists it. */
export interface ImageWire {
  filename: string;
  filesize: number;
  md5sum: string;
  /** Relative to the emulator images folder, `/`-separated. */
  path: string;
}

const MD5_SIDECAR_SUFFIX = ".md5sum";

/** Dot files (and anything in a dot folder) are private to the host, as in GNS3. */
export function isHiddenImagePath(path: string): boolean {
  return path.split("/").some((segment) => segment.startsWith("."));
}

/** Checksum sidecars and hidden files are bookkeeping, not images. */
export function isListedImage(path: string): boolean {
  return !isHiddenImagePath(path) && !path.endsWith(MD5_SIDECAR_SUFFIX);
}

export function imageBaseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

export const MD5_HEX_LENGTH = 32;

/** A sidecar is trusted only when it holds exactly what we write: 32 lowercase hex digits. */
export function isMd5Hex(text: string): boolean {
  return text.length === MD5_HEX_LENGTH && /^[0-9a-f]+$/.test(text);
}

export function imageToWire(path: string, size: number, md5: string): ImageWire {
  return { filename: imageBaseName(path), filesize: size, md5sum: md5, path };
}
