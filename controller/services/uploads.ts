import type { ControllerDeps } from "../deps";
import { FileWriteFailed, UploadInterrupted, type WrittenFile } from "../files/file-store";
import { ApiError } from "../http/api-error";

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
    if (body) void discardRest(body);
    if (error instanceof UploadInterrupted) throw new ApiError(408, "Request canceled");
    if (error instanceof FileWriteFailed) throw fileWriteFailure(error, failure(error.reason));
    throw error;
  }
}

/**
 * Reads and drops what the client still sends of a refused upload, so that its connection
 * stays usable for the next request once the answer is out. Left alone, the unread body stops
 * flowing and the server drops the connection after answering, which a client reusing it
 * sees as a failure of its next request. (The Node server still closes a connection whose
 * body takes more than half a second to drain.)
 */
async function discardRest(body: ReadableStream<Uint8Array>): Promise<void> {
  try {
    const reader = body.getReader();
    while (!(await reader.read()).done);
  } catch {
    // The client went away, or the body was already read to its end.
  }
}

export function fileWriteFailure(error: FileWriteFailed, message = error.message): ApiError {
  return new ApiError(error.denied ? 403 : error.full ? 507 : 409, message);
}
