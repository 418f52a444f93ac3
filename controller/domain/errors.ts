/**
 * Why a domain rule refused a request. The domain names the reason; the HTTP layer
 * (`http/api-error.ts`) turns it into GNS3's status code, so no rule knows about HTTP.
 */
export type RuleViolation = "invalid" | "not_found" | "conflict";

/** A request the domain refuses, with a message that tells the user what to change. */
export class DomainError extends Error {
  constructor(
    readonly violation: RuleViolation,
    message: string,
  ) {
    super(message);
  }
}

export const invalidRequest = (message: string) => new DomainError("invalid", message);
export const missingRecord = (message: string) => new DomainError("not_found", message);
export const conflictingRequest = (message: string) => new DomainError("conflict", message);
