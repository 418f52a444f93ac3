import type { PlainDelay } from "../filters/filter";

/**
 * How one direction of a link relay forwards. It is chosen again (`directionMode`) after
 * anything that changes what the direction must do: its filters, a capture, the last frame
 * leaving a JavaScript delay line or shaper.
 */
export type DirectionMode =
  /** Socket to socket in C (the addon), after a delay held in C if any: frames never enter JavaScript. */
  | { readonly kind: "inC"; readonly delay: PlainDelay | null }
  /** In JavaScript, counted and sent on: nothing to filter, capture or hold. */
  | { readonly kind: "passThrough" }
  /** In JavaScript, through the filter chain, the rate shaper and the delay line, and to the capture. */
  | { readonly kind: "chain" };

export interface DirectionFacts {
  /** What the filter chain does when all it does is delay (no filter: a delay of 0); null when it does more. */
  readonly plainDelay: PlainDelay | null;
  readonly capturing: boolean;
  /** Frames wait in the JavaScript delay line or shaper: they leave first, through the chain (FIFO). */
  readonly framesWaiting: boolean;
  /** Both ends are sockets of the addon, which may forward between them; false once it refused. */
  readonly canForwardInC: boolean;
}

const CHAIN: DirectionMode = { kind: "chain" };
const PASS_THROUGH: DirectionMode = { kind: "passThrough" };

/** The cheapest way to forward that still does everything the facts ask. */
export function directionMode(facts: DirectionFacts): DirectionMode {
  const { plainDelay } = facts;
  if (plainDelay === null || facts.capturing || facts.framesWaiting) return CHAIN;
  const delayed = plainDelay.latencyMs > 0 || plainDelay.jitterMs > 0;
  if (facts.canForwardInC) return { kind: "inC", delay: delayed ? plainDelay : null };
  return delayed ? CHAIN : PASS_THROUGH;
}
