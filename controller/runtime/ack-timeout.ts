import type { StringFlag } from "@shared/cli/flags";
import { DEFAULT_DATAPLANE_ACK_TIMEOUT_MS } from "../deps";

/** `--dataplane-ack-timeout`, and on Workers the var of the same name as its environment variable. */
export const ACK_TIMEOUT_FLAG = {
  name: "dataplane-ack-timeout",
  type: "string",
  value: "SECONDS",
  default: String(DEFAULT_DATAPLANE_ACK_TIMEOUT_MS / 1000),
  env: "DATAPLANE_ACK_TIMEOUT",
  description: "how long a start, stop or link change waits for its dataplane host to apply it before answering 409",
} as const satisfies StringFlag;

export class InvalidAckTimeout extends Error {}

/** Seconds, fractions allowed, from 0.1 to 300: the timeout in milliseconds. */
export function parseAckTimeout(text: string): number {
  const seconds = Number(text);
  if (text.trim() === "" || !Number.isFinite(seconds) || seconds < 0.1 || seconds > 300) {
    throw new InvalidAckTimeout(`must be a number of seconds from 0.1 to 300, got '${text}'`);
  }
  return Math.round(seconds * 1000);
}
