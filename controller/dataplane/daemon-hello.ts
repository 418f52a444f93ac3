import type { Hello } from "@shared/proto";
import { sameSecret } from "@shared/secrets/same-secret";

/**
 * Close codes of the control channel. 4401 as the proto says for a bad token; the others tell
 * the daemon what to fix. The daemon gives up on 4400 and 4401, and waits on 4409.
 */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_BAD_MESSAGE = 4400;
/** Another daemon serves this host id: the newcomer waits and dials again. */
export const CLOSE_HOST_TAKEN = 4409;
/** The same daemon dialled again: its old connection (dropped on its side) is closed. */
export const CLOSE_REPLACED = 4410;
/** A daemon that said nothing for too long: no Hello after connecting, or silence after it. */
export const CLOSE_SILENT = 4408;

/** How long a daemon has to send its Hello, and how long it may then stay silent (it reports every second or so). */
export const HELLO_TIMEOUT_MS = 10_000;
export const SILENCE_TIMEOUT_MS = 15_000;

const HOST_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface Refusal {
  code: number;
  message: string;
}

/**
 * What is wrong with a Hello whatever else is connected: the token (compared in constant
 * time), the host id, the host an object serves (`onlyHost`, on Workers), the UDP port range.
 */
export function helloProblem(hello: Hello, expectedToken: string | undefined, onlyHost: string | undefined): Refusal | undefined {
  if (!expectedToken) {
    return { code: CLOSE_UNAUTHORIZED, message: "this controller accepts no dataplane daemons: start it with --dataplane-token (or DATAPLANE_TOKEN)" };
  }
  if (!sameSecret(hello.token, expectedToken)) return { code: CLOSE_UNAUTHORIZED, message: "wrong dataplane token" };
  if (!HOST_ID.test(hello.hostId)) {
    return { code: CLOSE_BAD_MESSAGE, message: `host id '${hello.hostId}' must be 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit` };
  }
  if (onlyHost !== undefined && hello.hostId !== onlyHost) {
    return { code: CLOSE_BAD_MESSAGE, message: `this channel is host '${onlyHost}'s, the Hello says '${hello.hostId}'` };
  }
  const { udpPortMin: min, udpPortMax: max } = hello;
  if (!(min >= 1 && max <= 65535 && min <= max)) {
    return { code: CLOSE_BAD_MESSAGE, message: `UDP port range ${min}-${max} must be within 1-65535, lowest first` };
  }
  return undefined;
}
