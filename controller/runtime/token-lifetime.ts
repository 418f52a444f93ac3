import type { StringFlag } from "@shared/cli/flags";

/** `--token-lifetime`, and on Workers the var of the same name as its environment variable. */
export const TOKEN_LIFETIME_FLAG = {
  name: "token-lifetime",
  type: "string",
  value: "MINUTES",
  default: "1440",
  env: "TOKEN_LIFETIME_MINUTES",
  description: "how long a /v3 sign-in (bearer token) stays valid, as GNS3 3.x's jwt_access_token_expire_minutes",
} as const satisfies StringFlag;

export class InvalidTokenLifetime extends Error {}

/** Whole minutes, from 1 to a year. */
export function parseTokenLifetime(text: string): number {
  const minutes = Number(text);
  if (!/^\d+$/.test(text.trim()) || minutes < 1 || minutes > 525_600) {
    throw new InvalidTokenLifetime(`must be a whole number of minutes from 1 to 525600, got '${text}'`);
  }
  return minutes;
}
