import { hashSecret, secretMatches, type SecretHash } from "@shared/secrets/secret-hash";
import { sameSecret } from "@shared/secrets/same-secret";
import type { ControllerDeps } from "../deps";
import type { KvWrite } from "../store/kv";
import { keys } from "../store/keys";

/**
 * Which token admits a daemon as a host: the host's own when the host was registered through
 * `POST /v2/computes` (kept as a hash), else the controller's shared `--dataplane-token`. A
 * registered host is never admitted by the shared token, so that token leaking admits no
 * registered host, and one host's token admits no other.
 */
export type ExpectedToken = { kind: "shared"; token: string | undefined } | { kind: "own"; hash: SecretHash };

export async function expectedToken(deps: ControllerDeps, hostId: string): Promise<ExpectedToken> {
  const hash = await deps.store.get<SecretHash>(keys.computeToken(hostId));
  return hash ? { kind: "own", hash } : { kind: "shared", token: deps.config.dataplaneToken };
}

/** Why `given` does not admit a daemon as `hostId`; undefined when it does. */
export async function tokenRefusal(hostId: string, given: string, expected: ExpectedToken): Promise<string | undefined> {
  if (expected.kind === "own") {
    return (await secretMatches(given, expected.hash)) ? undefined : `wrong dataplane token for host '${hostId}', which was registered with a token of its own`;
  }
  if (!expected.token) return "this controller accepts no dataplane daemons: start it with --dataplane-token (or DATAPLANE_TOKEN)";
  return sameSecret(given, expected.token) ? undefined : "wrong dataplane token";
}

/** The write that gives a registered host its own token (the hash only). */
export async function ownTokenWrite(hostId: string, token: string): Promise<KvWrite> {
  return { key: keys.computeToken(hostId), value: await hashSecret(token) };
}
