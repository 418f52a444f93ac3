import { DomainError, type RuleViolation } from "../domain/errors";
import { KvConflict } from "../store/kv";

/** An error a request can end in: the status and a message that tells the user what to change. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 408 | 409 | 413 | 415 | 422 | 429 | 500 | 501 | 503 | 507,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const forbidden = (message = "403: Forbidden") => new ApiError(403, message);
export const notFound = (message = "404: Not Found") => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

const VIOLATION_STATUS: Record<RuleViolation, ApiError["status"]> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  interrupted: 408,
  conflict: 409,
  too_large: 413,
  unsupported: 501,
  unavailable: 503,
  storage_full: 507,
};

/** The answer to a refused request: the domain's reasons mapped to GNS3's status codes. */
export function asApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return new ApiError(VIOLATION_STATUS[error.violation], error.message);
  // A conflict that outlasted every retry: so many requests raced for the same records.
  if (error instanceof KvConflict) return new ApiError(409, "The resource was changed by another request, try again");
  return undefined;
}
