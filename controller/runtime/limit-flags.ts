import type { ControllerLimits } from "../deps";

/** Each limit's flag, and the environment variable that sets it when the flag is not given. */
const FLAGS = {
  maxUploadBytes: { flag: "max-upload-size", env: "CONTROLLER_MAX_UPLOAD_SIZE", parse: parseByteSize },
  maxNodesPerProject: { flag: "max-nodes", env: "CONTROLLER_MAX_NODES", parse: parseCount },
  maxLinksPerProject: { flag: "max-links", env: "CONTROLLER_MAX_LINKS", parse: parseCount },
  maxDrawingsPerProject: { flag: "max-drawings", env: "CONTROLLER_MAX_DRAWINGS", parse: parseCount },
  maxNotificationListeners: { flag: "max-notification-listeners", env: "CONTROLLER_MAX_NOTIFICATION_LISTENERS", parse: parseCount },
  maxNotificationListenersPerProject: {
    flag: "max-notification-listeners-per-project",
    env: "CONTROLLER_MAX_NOTIFICATION_LISTENERS_PER_PROJECT",
    parse: parseCount,
  },
} satisfies Record<keyof ControllerLimits, { flag: string; env: string; parse: (text: string) => number }>;

type LimitName = keyof typeof FLAGS;

/** The `parseArgs` options of every limit flag. */
export function limitFlagOptions(env: NodeJS.ProcessEnv): Record<string, { type: "string"; default?: string }> {
  const options: Record<string, { type: "string"; default?: string }> = {};
  for (const { flag, env: variable } of Object.values(FLAGS)) {
    options[flag] = env[variable] === undefined ? { type: "string" } : { type: "string", default: env[variable] };
  }
  return options;
}

export class InvalidLimitFlag extends Error {}

/** The limits given on the command line; `InvalidLimitFlag` says which flag is wrong and how. */
export function parseLimitFlags(values: Record<string, unknown>): Partial<ControllerLimits> {
  const limits: Partial<ControllerLimits> = {};
  for (const [name, { flag, parse }] of Object.entries(FLAGS) as Array<[LimitName, (typeof FLAGS)[LimitName]]>) {
    const text = values[flag];
    if (typeof text !== "string") continue;
    try {
      limits[name] = parse(text);
    } catch (error) {
      throw new InvalidLimitFlag(`--${flag}: ${(error as Error).message}`);
    }
  }
  return limits;
}

/**
 * The limits set by environment variables alone, as a deployed Worker gets them (its `vars`),
 * with the same spellings and checks as the flags; `InvalidLimitFlag` names the variable.
 */
export function limitsFromEnvironment(env: Record<string, unknown>): Partial<ControllerLimits> {
  const limits: Partial<ControllerLimits> = {};
  for (const [name, { env: variable, parse }] of Object.entries(FLAGS) as Array<[LimitName, (typeof FLAGS)[LimitName]]>) {
    const text = env[variable];
    if (typeof text !== "string") continue;
    try {
      limits[name] = parse(text);
    } catch (error) {
      throw new InvalidLimitFlag(`${variable}: ${(error as Error).message}`);
    }
  }
  return limits;
}

/** The command-line arguments that set `limits`, for starting a server with them. */
export function limitFlags(limits: Partial<ControllerLimits>): string[] {
  return Object.entries(limits).flatMap(([name, value]) => [`--${FLAGS[name as LimitName].flag}`, String(value)]);
}

const UNITS: Record<string, number> = { "": 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 };

/** `4294967296`, `512M`, `2G`, `1.5G`, `64KiB`: units are powers of 1024, whatever their spelling. */
export function parseByteSize(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?\s*$/i.exec(text);
  if (!match) throw new Error(`'${text}' is not a size: give bytes, or a number with K, M, G or T (powers of 1024)`);
  const bytes = Math.floor(Number(match[1]) * UNITS[match[2]!.toUpperCase()]!);
  if (bytes < 1 || !Number.isSafeInteger(bytes)) throw new Error(`'${text}' must be at least one byte and at most 8 PiB`);
  return bytes;
}

function parseCount(text: string): number {
  const count = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(count) || count < 1) {
    throw new Error(`'${text}' must be a whole number of at least 1`);
  }
  return count;
}
