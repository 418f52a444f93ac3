import type { ControllerDeps } from "../deps";
import { conflictingRequest, DomainError, forbiddenRequest, requestInterrupted, storageFull } from "../domain/errors";
import { FileWriteFailed, UploadInterrupted, type WrittenFile } from "../files/file-store";

/**
 * Streams a raw request body into the file store and turns storage failures into answers:
 * 403 when the store refuses by permission, 507 when it is out of space, 409 for any other
 * reason it gives, 408 when the client stopped sending. A missing body is an empty file.
 */
export async function storeUpload(
  deps: ControllerDeps,
  path: string,
  body: ReadableStream<Uint8Array> | null,
  failure: (reason: string) => string,
): Promise<WrittenFile> {
  try {
    return await deps.files.write(path, body ?? new Blob([]).stream());
  } catch (error) {
    if (error instanceof UploadInterrupted) throw requestInterrupted("Request canceled");
    if (error instanceof FileWriteFailed) throw fileWriteFailure(error, failure(error.reason));
    throw error;
  }
}

export function fileWriteFailure(error: FileWriteFailed, message = error.message): DomainError {
  return error.denied ? forbiddenRequest(message) : error.full ? storageFull(message) : conflictingRequest(message);
}
