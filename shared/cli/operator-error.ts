/**
 * A mistake in how a program was started that it cannot run past (a port in use, a data dir
 * another server holds, a controller URL that answers as no controller). The program says it
 * in one line, saying what to change, and exits: a stack trace would only hide the line.
 */
export class OperatorError extends Error {
  constructor(
    message: string,
    readonly exitCode = EXIT_FAILURE,
  ) {
    super(message);
  }
}

export const EXIT_FAILURE = 1;
/**
 * The program was refused for good by the other side (a wrong token, another daemon serving
 * its host id): sysexits' EX_CONFIG. A supervisor does not restart a program that exits so,
 * since it would only be refused again.
 */
export const EXIT_REFUSED = 78;

/** Writes an `OperatorError` as its one line and exits with its code; anything else is a bug and goes up. */
export function exitOnOperatorError(error: unknown): never {
  if (!(error instanceof OperatorError)) throw error;
  process.stderr.write(`error: ${error.message}\n`);
  return process.exit(error.exitCode);
}

/** What `run` returns, or its `OperatorError` written as one line, and the exit. */
export function orExit<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    return exitOnOperatorError(error);
  }
}
