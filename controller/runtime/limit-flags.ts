import type { StringFlag } from "@shared/cli/flags";
import { DEFAULT_LIMITS, type ControllerLimits } from "../deps";

interface LimitFlag extends StringFlag {
  readonly limit: keyof ControllerLimits;
  readonly parse: (text: string) => number;
}

/**
 * The limit flags, in the shape of the controller's flag table. Not given, a limit is left to
 * `DEFAULT_LIMITS` (hence no `default`); a Worker reads the same variables as its settings.
 */
export const LIMIT_FLAGS = [
  {
    name: "max-upload-size",
    type: "string",
    value: "SIZE",
    env: "CONTROLLER_MAX_UPLOAD_SIZE",
    defaultText: `${DEFAULT_LIMITS.maxUploadBytes / 1024 ** 3}G`,
    description: "largest image or file upload, in bytes or with K, M, G, T",
    limit: "maxUploadBytes",
    parse: parseByteSize,
  },
  {
    name: "max-nodes",
    type: "string",
    value: "COUNT",
    env: "CONTROLLER_MAX_NODES",
    defaultText: String(DEFAULT_LIMITS.maxNodesPerProject),
    description: "most nodes in one project",
    limit: "maxNodesPerProject",
    parse: parseCount,
  },
  {
    name: "max-links",
    type: "string",
    value: "COUNT",
    env: "CONTROLLER_MAX_LINKS",
    defaultText: String(DEFAULT_LIMITS.maxLinksPerProject),
    description: "most links in one project",
    limit: "maxLinksPerProject",
    parse: parseCount,
  },
  {
    name: "max-drawings",
    type: "string",
    value: "COUNT",
    env: "CONTROLLER_MAX_DRAWINGS",
    defaultText: String(DEFAULT_LIMITS.maxDrawingsPerProject),
    description: "most drawings in one project",
    limit: "maxDrawingsPerProject",
    parse: parseCount,
  },
  {
    name: "max-notification-listeners",
    type: "string",
    value: "COUNT",
    env: "CONTROLLER_MAX_NOTIFICATION_LISTENERS",
    defaultText: String(DEFAULT_LIMITS.maxNotificationListeners),
    description: "most notification streams open at once",
    limit: "maxNotificationListeners",
    parse: parseCount,
  },
  {
    name: "max-notification-listeners-per-project",
    type: "string",
    value: "COUNT",
    env: "CONTROLLER_MAX_NOTIFICATION_LISTENERS_PER_PROJECT",
    defaultText: String(DEFAULT_LIMITS.maxNotificationListenersPerProject),
    description: "most notification streams open on one project",
    limit: "maxNotificationListenersPerProject",
    parse: parseCount,
  },
] as const satisfies readonly LimitFlag[];

export class InvalidLimitFlag extends Error {}

/** The limits given on the command line; `InvalidLimitFlag` says which flag is wrong and how. */
export function parseLimitFlags(values: Record<string, unknown>): Partial<ControllerLimits> {
  const limits: Partial<ControllerLimits> = {};
  for (const { name, limit, parse } of LIMIT_FLAGS) {
    const text = values[name];
    if (typeof text !== "string") continue;
    try {
      limits[limit] = parse(text);
    } catch (error) {
      throw new InvalidLimitFlag(`--${name}: ${(error as Error).message}`);
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
  for (const { env: variable, limit, parse } of LIMIT_FLAGS) {
    const text = env[variable];
    if (typeof text !== "string") continue;
    try {
      limits[limit] = parse(text);
    } catch (error) {
      throw new InvalidLimitFlag(`${variable}: ${(error as Error).message}`);
    }
  }
  return limits;
}

/** The command-line arguments that set `limits`, for starting a server with them. */
export function limitFlags(limits: Partial<ControllerLimits>): string[] {
  return LIMIT_FLAGS.flatMap(({ name, limit }) => (limits[limit] === undefined ? [] : [`--${name}`, String(limits[limit])]));
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
