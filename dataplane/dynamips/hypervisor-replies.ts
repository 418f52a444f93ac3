/**
 * Dynamips' hypervisor protocol, pure: a command is one line of words; each reply line is a
 * three-digit code and a separator, `-` on the last line of the reply and a space before it
 * (`101 R1` … `100-OK`). Codes from 200 on are errors (dynamips common/hypervisor.h).
 */

/** What each error code means, for a user who reads the hypervisor's refusal. */
const ERROR_CODES: Readonly<Record<number, string>> = {
  200: "parse error",
  201: "unknown module",
  202: "unknown command",
  203: "wrong number of parameters",
  204: "invalid parameter",
  205: "binding error",
  206: "cannot create the object",
  207: "cannot delete the object",
  208: "no such object",
  209: "cannot start",
  210: "cannot stop",
  211: "file error",
  212: "wrong kind of object",
  213: "cannot rename",
  214: "not found",
  215: "unspecified error",
};

/** The hypervisor refused a command: `code` ≥ 200, `text` its own words. */
export class HypervisorRefusal extends Error {
  constructor(
    readonly command: string,
    readonly code: number,
    readonly text: string,
  ) {
    super(`Dynamips refused "${command}": ${text} (${code}, ${ERROR_CODES[code] ?? "error"})`);
  }
}

/** The hypervisor broke the protocol (a line that is no reply), or went away: its connection is no use any more. */
export class HypervisorBroken extends Error {}

/** One reply line: its code, whether it ends the reply, and its text. */
export interface ReplyLine {
  code: number;
  last: boolean;
  text: string;
}

const REPLY_LINE = /^(\d{3})([ -])(.*)$/;

/** Parses one line (without its line end); throws HypervisorBroken on anything else. */
export function parseReplyLine(line: string): ReplyLine {
  const match = REPLY_LINE.exec(line);
  if (!match) throw new HypervisorBroken(`Dynamips answered with a line that is no reply: ${JSON.stringify(line.slice(0, 120))}`);
  return { code: Number(match[1]), last: match[2] === "-", text: match[3]! };
}

/**
 * The reply's lines as a command returns them: the informative lines (1xx) in order, then the
 * last line's text unless it is the bare `OK`. Throws HypervisorRefusal when the last line is an error.
 */
export function replyValues(command: string, lines: readonly ReplyLine[]): string[] {
  const last = lines.at(-1);
  if (last === undefined || !last.last) throw new HypervisorBroken(`Dynamips ended its reply to "${command}" early`);
  if (last.code >= 200) throw new HypervisorRefusal(command, last.code, last.text);
  const values = lines.slice(0, -1).map((line) => line.text);
  if (last.text !== "OK") values.push(last.text);
  return values;
}

/**
 * One command line from a module, a command and its arguments. Names are quoted as GNS3 quotes
 * them; dynamips' tokenizer takes a double-quoted word whole and knows no escapes, so a quote or
 * line end inside one cannot be sent.
 */
export function commandLine(module: string, command: string, args: ReadonlyArray<string | number>): string {
  const words = args.map((arg) => {
    if (typeof arg === "number") return String(arg);
    if (/["\r\n]/.test(arg)) throw new Error(`${JSON.stringify(arg)} cannot be sent to Dynamips: it holds a quote or a line end`);
    return `"${arg}"`;
  });
  return [module, command, ...words].join(" ");
}
