/**
 * The telnet layer of a console connection (RFC 854/855): splits the server's bytes into
 * text and option negotiation, and answers the negotiation. We agree to the server echoing
 * and suppressing go-ahead (what VPCS, QEMU and Dynamips consoles offer) and refuse every
 * other option, so the server falls back to plain line mode for anything else.
 */

/** Telnet's command bytes and the options we speak of (RFC 854, 857, 858, 1073). */
export const IAC = 255;
export const DONT = 254;
export const DO = 253;
export const WONT = 252;
export const WILL = 251;
export const SB = 250;
export const SE = 240;
export const ECHO = 1;
export const SUPPRESS_GO_AHEAD = 3;
export const NAWS = 31;

type State = "data" | "iac" | "option" | "subnegotiation" | "subnegotiation-iac";

export interface TelnetChunk {
  /** Text bytes with the telnet commands removed (IAC IAC becomes one 255). */
  readonly data: Uint8Array;
  /** Bytes to send back to the server: our answers to its option requests. */
  readonly reply: Uint8Array;
}

export class TelnetDecoder {
  private state: State = "data";
  private verb = 0;

  /** Feeds one chunk as read from the socket; commands split across chunks are handled. */
  push(chunk: Uint8Array): TelnetChunk {
    const data: number[] = [];
    const reply: number[] = [];
    for (const byte of chunk) {
      switch (this.state) {
        case "data":
          if (byte === IAC) this.state = "iac";
          else data.push(byte);
          break;
        case "iac":
          if (byte === IAC) {
            data.push(IAC);
            this.state = "data";
          } else if (byte === DO || byte === DONT || byte === WILL || byte === WONT) {
            this.verb = byte;
            this.state = "option";
          } else this.state = byte === SB ? "subnegotiation" : "data";
          break;
        case "option":
          reply.push(...answer(this.verb, byte));
          this.state = "data";
          break;
        case "subnegotiation":
          if (byte === IAC) this.state = "subnegotiation-iac";
          break;
        case "subnegotiation-iac":
          this.state = byte === SE ? "data" : "subnegotiation";
          break;
      }
    }
    return { data: Uint8Array.from(data), reply: Uint8Array.from(reply) };
  }
}

function answer(verb: number, option: number): number[] {
  const wanted = option === ECHO || option === SUPPRESS_GO_AHEAD;
  switch (verb) {
    case WILL:
      return [IAC, wanted ? DO : DONT, option];
    case DO:
      // The server echoes; we must not echo back, but we do without go-ahead.
      return [IAC, option === SUPPRESS_GO_AHEAD ? WILL : WONT, option];
    default:
      // WONT and DONT need no answer when we never asked for the option (RFC 854 loop rule).
      return [];
  }
}
