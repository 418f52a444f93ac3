import { DomainError } from "./errors";

/** What a domain rule refused with, for tests to compare whole; fails when nothing was refused. */
export function refusal(run: () => unknown): { violation: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { violation: error.violation, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}
