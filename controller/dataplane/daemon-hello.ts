import type { Hello } from "@shared/proto";
import { HOST_ID_PATTERN, HOST_ID_RULE } from "@shared/schemas/compute";

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

export interface Refusal {
  code: number;
  message: string;
}

/**
 * What is wrong with a Hello's shape whatever else is connected: the host id, the host an
 * object serves (`onlyHost`, on Workers), the UDP port range. Its token is checked next
 * (services/host-tokens.ts), against the host's own when it was registered.
 */
export function helloProblem(hello: Hello, onlyHost: string | undefined): Refusal | undefined {
  if (!HOST_ID_PATTERN.test(hello.hostId)) {
    return { code: CLOSE_BAD_MESSAGE, message: `host id '${hello.hostId}' must be ${HOST_ID_RULE}` };
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
