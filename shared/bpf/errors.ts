/**
 * A filter expression that cannot be compiled. `position` is the 1-based column of the
 * offending token (the end of the text for a premature end), and the message already says
 * where, so it can be returned to an API client as is.
 */
export class BpfError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = "BpfError";
  }
}

/** The grammar did not accept the text: `expected` says what would have been accepted. */
export function syntaxError(position: number, detail: string): BpfError {
  return new BpfError(`syntax error at column ${position}: ${detail}`, position);
}

/** The text parses but means nothing libpcap would compile (bad qualifier, value out of range…). */
export function semanticError(position: number, detail: string): BpfError {
  return new BpfError(`error at column ${position}: ${detail}`, position);
}
