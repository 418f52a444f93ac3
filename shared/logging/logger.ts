/**
 * Structured logs for the controller (Node and Workers) and the dataplane daemon: one JSON
 * object per line, `{"time", "level", "component", "msg", ...fields}`. Field names are
 * snake_case, as the GNS3 API names its ids (`project_id`, `link_id`, `host_id`).
 *
 * No Node imports: the Workers controller logs through the same module.
 */

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFields = Readonly<Record<string, unknown>>;

/** Receives each line, without its newline, and its level. */
export type LogSink = (line: string, level: LogLevel) => void;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** The same component with `fields` on every line, e.g. the host or link a task is about. */
  child(fields: LogFields): Logger;
}

export interface LoggerOptions {
  /** Tests pass their own to read the lines. */
  sink?: LogSink;
  /** Overrides the process-wide minimum (`LOG_LEVEL`). */
  level?: LogLevel;
}

/**
 * Lifecycle lines ("controller listening", "dataplane daemon started") go to stdout, where
 * supervisors and the tests read them; warnings and errors go to stderr so they still show
 * when stdout is read by a program or discarded, and so the Workers log marks them as errors.
 */
const consoleSink: LogSink = (line, level) => {
  if (level === "warn" || level === "error") console.error(line);
  else console.log(line);
};

const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

function isLogLevel(text: unknown): text is LogLevel {
  return typeof text === "string" && (LOG_LEVELS as readonly string[]).includes(text);
}

let minimumLevel: LogLevel = "info";

/**
 * Sets the process-wide minimum from a `LOG_LEVEL` setting; unset, the level stays as it is
 * (info at first). Node reads it from its environment when this module loads; a Worker has no
 * process environment, so its objects pass their `LOG_LEVEL` binding here.
 */
export function setLogLevel(setting: string | undefined): void {
  if (setting === undefined || setting === "") return;
  if (isLogLevel(setting)) {
    minimumLevel = setting;
  } else {
    // Refusing to start over a log setting would be worse than logging a little more than asked.
    minimumLevel = "info";
    createLogger("logging").warn("LOG_LEVEL is not a level, logging from info", { setting, levels: LOG_LEVELS });
  }
}

setLogLevel((globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.LOG_LEVEL);

export function createLogger(component: string, options: LoggerOptions = {}): Logger {
  return makeLogger(component, {}, options);
}

function makeLogger(component: string, context: LogFields, options: LoggerOptions): Logger {
  const write = (level: LogLevel, msg: string, fields?: LogFields): void => {
    if (RANK[level] < RANK[options.level ?? minimumLevel]) return;
    (options.sink ?? consoleSink)(formatLine(level, component, msg, { ...context, ...fields }), level);
  };
  return {
    debug: (msg, fields) => write("debug", msg, fields),
    info: (msg, fields) => write("info", msg, fields),
    warn: (msg, fields) => write("warn", msg, fields),
    error: (msg, fields) => write("error", msg, fields),
    child: (fields) => makeLogger(component, { ...context, ...fields }, options),
  };
}

/** Never throws: a line that cannot be written as asked is written without its fields. */
export function formatLine(level: LogLevel, component: string, msg: string, fields: LogFields): string {
  const head = { time: new Date().toISOString(), level, component, msg };
  try {
    // `head` again last so no field can overwrite these four, which keep their place first.
    return JSON.stringify({ ...head, ...fields, ...head }, jsonSafe);
  } catch (error) {
    return JSON.stringify({ ...head, unloggable_fields: String(error) });
  }
}

/** Errors would otherwise print as `{}`, and bigints would throw. */
function jsonSafe(_key: string, value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Error) return String(value);
  return value;
}
