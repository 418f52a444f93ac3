import { limitsOf, type ControllerDeps } from "../deps";
import { DomainError, tooLarge } from "../domain/errors";
import type { WrittenFile } from "../files/file-store";
import { storeUpload } from "./uploads";

/** A request body on its way in, and the length its sender announced (none when chunked). */
export interface IncomingUpload {
  body: ReadableStream<Uint8Array> | null;
  declaredLength: number | undefined;
}

/**
 * Stores an upload no larger than `--max-upload-size`: refused before a byte is read when its
 * announced length is larger, cut off as soon as it sends more than that otherwise. Either
 * way nothing of it is kept (the file store only renames complete files into place).
 */
export async function storeLimitedUpload(
  deps: ControllerDeps,
  path: string,
  upload: IncomingUpload,
  failure: (reason: string) => string,
): Promise<WrittenFile> {
  const limit = assertUploadFits(deps, upload.declaredLength);
  const capped = cappedStream(upload.body ?? new Blob([]).stream(), limit);
  try {
    return await storeUpload(deps, path, capped.stream, failure);
  } catch (error) {
    if (capped.exceeded()) throw uploadTooLarge(limit);
    throw error;
  }
}

/** Refuses an announced length above the limit, before anything is touched; gives the limit. */
export function assertUploadFits(deps: ControllerDeps, declaredLength: number | undefined): number {
  const limit = limitsOf(deps.config).maxUploadBytes;
  if (declaredLength !== undefined && declaredLength > limit) throw uploadTooLarge(limit);
  return limit;
}

function uploadTooLarge(limit: number): DomainError {
  return tooLarge(`The upload is larger than the ${formatBytes(limit)} allowed (the controller's --max-upload-size)`);
}

/**
 * `body` passed through until more than `limit` bytes went by; then the stream fails. The body
 * itself is left alone rather than cancelled: on Node, cancelling a request body destroys the
 * connection before the 413 can be sent. The runtime discards the rest once we have answered.
 */
export function cappedStream(body: ReadableStream<Uint8Array>, limit: number): { stream: ReadableStream<Uint8Array>; exceeded: () => boolean } {
  const reader = body.getReader();
  let total = 0;
  let exceeded = false;
  // A chunk is read only when asked for (high-water mark 0), so the sender is held back as before.
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await reader.read();
        if (next.done) return controller.close();
        total += next.value.byteLength;
        if (total > limit) {
          exceeded = true;
          reader.releaseLock();
          return controller.error(new Error(`more than ${limit} bytes`));
        }
        controller.enqueue(next.value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  return { stream, exceeded: () => exceeded };
}

const UNITS = ["bytes", "KiB", "MiB", "GiB", "TiB"] as const;

/** `4 GiB`, `512 MiB`, `1000 bytes`: the largest unit that says the number exactly. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (unit < UNITS.length - 1 && value >= 1024 && value % 1024 === 0) {
    value /= 1024;
    unit++;
  }
  return `${value} ${UNITS[unit]}`;
}
