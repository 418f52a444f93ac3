import { parseArgs } from "node:util";
import { LOG_LEVELS } from "../logging/logger";
import { listOf } from "./list-of";

/**
 * The command-line flags of `npm start`, `npm run start:worker` and `npm run dataplane`, each
 * declared once in a table that gives the parser, the environment fallback and `--help`.
 * A flag given wins over its environment variable, which wins over the default.
 */

interface FlagBase {
  /** The long name, without the dashes. */
  readonly name: string;
  /** One line for `--help`. */
  readonly description: string;
  /** Read when the flag is not given. */
  readonly env?: string;
}

export interface StringFlag extends FlagBase {
  readonly type: "string";
  /** Used when neither the flag nor its variable is given. */
  readonly default?: string;
  /** How `--help` states a default no fixed value stands for (a random token, a limit applied later). */
  readonly defaultText?: string;
  /** Shown after the flag in `--help`: `--port PORT`. */
  readonly value?: string;
  /** Every time it is given counts, read as a list; its variable holds the values comma-separated. */
  readonly multiple?: boolean;
}

export interface BooleanFlag extends FlagBase {
  readonly type: "boolean";
  /** The variable's value that turns the flag on; "1" unless said. */
  readonly envOn?: string;
}

export type FlagDefinition = StringFlag | BooleanFlag;

export type FlagValues<Flags extends readonly FlagDefinition[]> = {
  [Flag in Flags[number] as Flag["name"]]: Flag extends BooleanFlag
    ? boolean
    : Flag extends { multiple: true }
      ? string[]
      : Flag extends { default: string }
        ? string
        : string | undefined;
};

export interface Command<Flags extends readonly FlagDefinition[]> {
  /** How it is run, e.g. `npm start -- [options]`. */
  readonly usage: string;
  /** What it does, for `--help`. */
  readonly summary: string;
  readonly flags: Flags;
}

export type Environment = Readonly<Record<string, string | undefined>>;

export type ParsedFlags<Flags extends readonly FlagDefinition[]> =
  | { readonly outcome: "run"; readonly values: FlagValues<Flags> }
  | { readonly outcome: "help" }
  | { readonly outcome: "error"; readonly message: string };

const HELP = ["--help", "-h"];

/** Reads `args` against the table, filling what is not given from `env`, then the defaults. */
export function parseFlags<Flags extends readonly FlagDefinition[]>(flags: Flags, args: readonly string[], env: Environment): ParsedFlags<Flags> {
  let given: Record<string, string | string[] | boolean | undefined>;
  try {
    const options = Object.fromEntries(flags.map((flag) => [flag.name, { type: flag.type, multiple: flag.type === "string" && flag.multiple === true }]));
    given = parseArgs({ args: [...args], options: { ...options, help: { type: "boolean", short: "h" } }, strict: true }).values;
  } catch (error) {
    // Asking for help is answered even beside a mistake, which is when it is most wanted.
    if (args.some((arg) => HELP.includes(arg))) return { outcome: "help" };
    if (!(error instanceof Error && (error as NodeJS.ErrnoException).code?.startsWith("ERR_PARSE_ARGS_"))) throw error;
    return { outcome: "error", message: oneLine(error.message) };
  }
  if (given.help) return { outcome: "help" };
  const values: Record<string, string | string[] | boolean | undefined> = {};
  for (const flag of flags) {
    const variable = flag.env === undefined ? undefined : env[flag.env];
    if (flag.type === "string" && flag.multiple) {
      values[flag.name] = given[flag.name] ?? listOf(variable ?? flag.default ?? "");
      continue;
    }
    values[flag.name] =
      flag.type === "boolean" ? given[flag.name] === true || variable === (flag.envOn ?? "1") : (given[flag.name] ?? variable ?? flag.default);
  }
  return { outcome: "run", values: values as FlagValues<Flags> };
}

/** Node's messages run to several sentences and lines, with advice for another kind of program. */
function oneLine(message: string): string {
  const first = message.split("\n")[0]!.split(/\.(?:\s|$)/)[0]!;
  return first.charAt(0).toLowerCase() + first.slice(1);
}

/** Names longer than this push their description to the next line, so descriptions stay in one column. */
const NAME_COLUMN = 32;

export function usageText(command: Command<readonly FlagDefinition[]>): string {
  const row = (name: string, text: string) =>
    name.length + 4 <= NAME_COLUMN ? `  ${name.padEnd(NAME_COLUMN - 2)}${text}` : `  ${name}\n${" ".repeat(NAME_COLUMN)}${text}`;
  const rows = command.flags.map((flag) => {
    const name = flag.type === "string" ? `--${flag.name} ${flag.value ?? "VALUE"}` : `--${flag.name}`;
    const fallback =
      flag.type === "boolean"
        ? `default: off; env: ${flag.env === undefined ? "none" : `${flag.env}=${flag.envOn ?? "1"}`}`
        : `default: ${flag.defaultText ?? flag.default ?? "none"}; env: ${flag.env === undefined ? "none" : flag.multiple ? `${flag.env}, comma-separated` : flag.env}`;
    return row(name, `${flag.description} (${fallback})`);
  });
  return [
    `usage: ${command.usage}`,
    "",
    command.summary,
    "",
    "options:",
    ...rows,
    row("-h, --help", "print this help and exit"),
    "",
    "A flag given wins over its environment variable, which wins over the default.",
    `LOG_LEVEL (${LOG_LEVELS.join(", ")}; default: info) sets the least level logged.`,
    "",
  ].join("\n");
}

export interface CommandLine<Flags extends readonly FlagDefinition[]> {
  readonly values: FlagValues<Flags>;
  /** For a value the table cannot check (a port out of range, flags that go together): says what is wrong, then the usage, and exits 2. */
  fail(message: string): never;
}

/**
 * The flags of this process. `--help` prints the usage and exits 0; a flag that is unknown or
 * lacks its value prints one line saying so, then the usage, and exits 2 — no stack trace,
 * since nothing has gone wrong but the command line.
 */
export function readFlags<Flags extends readonly FlagDefinition[]>(
  command: Command<Flags>,
  args: readonly string[] = process.argv.slice(2),
  env: Environment = process.env,
): CommandLine<Flags> {
  function fail(message: string): never {
    process.stderr.write(`error: ${message}\n\n${usageText(command)}`);
    return process.exit(2);
  }
  const parsed = parseFlags(command.flags, args, env);
  if (parsed.outcome === "run") return { values: parsed.values, fail };
  if (parsed.outcome === "error") return fail(parsed.message);
  process.stdout.write(usageText(command));
  return process.exit(0);
}
