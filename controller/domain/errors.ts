/**
 * Why a request is refused. The domain and the services name the reason; the HTTP layer
 * (`http/api-error.ts`) turns it into GNS3's status code, so nothing below the routes knows
 * about HTTP.
 */
export type RuleViolation =
  | "invalid"
  | "forbidden"
  | "not_found"
  | "interrupted"
  | "conflict"
  | "too_large"
  | "unsupported"
  | "unavailable"
  | "storage_full";

/** A refused request, with a message that tells the user what to change. */
export class DomainError extends Error {
  constructor(
    readonly violation: RuleViolation,
    message: string,
  ) {
    super(message);
  }
}

export const invalidRequest = (message: string) => new DomainError("invalid", message);
/** Something the request may not reach (a path outside its folder, a closed project). */
export const forbiddenRequest = (message = "403: Forbidden") => new DomainError("forbidden", message);
export const missingRecord = (message = "404: Not Found") => new DomainError("not_found", message);
/** The client stopped sending its body before its end. */
export const requestInterrupted = (message = "Request canceled") => new DomainError("interrupted", message);
export const conflictingRequest = (message: string) => new DomainError("conflict", message);
export const tooLarge = (message: string) => new DomainError("too_large", message);
/** What this runtime cannot do (a disk it does not have). */
export const unsupportedRequest = (message: string) => new DomainError("unsupported", message);
/** The store cannot be reached now; the request may be tried again. */
export const unavailable = (message: string) => new DomainError("unavailable", message);
/** The disk is full: the request may be tried again once space is freed. */
export const storageFull = (message: string) => new DomainError("storage_full", message);
