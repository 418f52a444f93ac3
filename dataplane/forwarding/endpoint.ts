/**
 * An endpoint is one node port as the forwarding code sees it: something raw Ethernet frames
 * come out of and go into. A UDP tunnel to an emulator (VPCS, a cloud port's QEMU), a
 * daemon↔daemon tunnel and a port of an in-process switch or hub all look the same to the
 * link relay that joins two of them.
 *
 * Frames are immutable once handed over, in both directions. That lets one buffer be shared
 * without copies: a hub may deliver the same frame to several ports, a relay may hold a
 * received frame in its delay line, and the frame given to `send` may still be queued in the
 * kernel after `send` returns. Code that needs to change bytes (the corrupt filter) copies.
 */

import type { DelayBudget } from "./delay-budget";

/** Receives one frame. Called synchronously from the endpoint's event source; must not throw. */
export type FrameHandler = (frame: Uint8Array) => void;

/** A delay for frames forwarded in C: the delay filter's latency and jitter, whole ms. */
export interface NativeDelay {
  readonly latencyMs: number;
  readonly jitterMs: number;
  /** Seeds the jitter's random stream. */
  readonly seed: number;
  /** Where held frames take their room from (shared with JavaScript's delay lines). */
  readonly budget: DelayBudget;
}

/** What a port forwarded in C since it opened, and what it holds in its C delay line now. */
export interface NativeTotals {
  readonly framesIn: number;
  readonly bytesIn: number;
  readonly framesOut: number;
  readonly bytesOut: number;
  readonly droppedDelayFull: number;
  /** Frames waiting now (not a total). */
  readonly held: number;
}

export const NOTHING_FORWARDED: NativeTotals = { framesIn: 0, bytesIn: 0, framesOut: 0, bytesOut: 0, droppedDelayFull: 0, held: 0 };

/** Frames and bytes a hub in C sent into a port (its `fanOut`) since the port opened. */
export interface FannedTotals {
  readonly frames: number;
  readonly bytes: number;
}

export const NOTHING_FANNED: FannedTotals = { frames: 0, bytes: 0 };

/** A port of the addon as a hub in C drives it (`adoptNativeSource`). */
export interface FanOutSource {
  /**
   * From now on every frame read goes to each of `targets` in C; an empty list (or false: a
   * target is not the addon's) hands them to JavaScript again, to the handler set last.
   */
  fanOut(targets: readonly Endpoint[]): boolean;
}

/** Receives one frame a C delay line held, with the milliseconds it still had to wait. */
export type HeldFrameHandler = (frame: Uint8Array, waitMs: number) => void;

export interface Endpoint {
  /**
   * Delivers one frame into the port (towards the emulator, the remote daemon or the switch
   * logic). Never throws and never blocks: a frame that cannot be delivered is lost, as on a
   * wire. Neither the caller nor the endpoint modifies `frame` afterwards.
   */
  send(frame: Uint8Array): void;

  /**
   * Sets the one handler for frames coming out of the port, replacing any previous one;
   * `null` detaches it (frames arriving meanwhile are discarded). The handler may keep the
   * frame (for instance in a delay line) but must not modify it.
   */
  onFrame(handler: FrameHandler | null): void;

  /** Releases the port's resources (sockets); idempotent. No handler call happens after it resolves. */
  close(): Promise<void>;

  /**
   * Optional, for ports that are sockets of the native addon: from now on every frame coming
   * out of this port goes straight into `target` without reaching JavaScript, after `delay`
   * if given, until the next `onFrame`. False (nothing changed) when `target` is not such a port.
   */
  forwardNatively?(target: Endpoint, delay?: NativeDelay): boolean;

  /** What `forwardNatively` forwarded since the port opened. */
  nativeForwarded?(): NativeTotals;

  /** Hands the frames waiting in the port's C delay line to `receive`, in order, and empties it. */
  takeNativeHeld?(receive: HeldFrameHandler): void;

  /**
   * Optional, for a port standing in front of a socket that changes (a node's process
   * restarts): the endpoint that carries its frames now, which `forwardNatively` targets.
   * A port forwarding into it in C goes back to forwarding in JavaScript when it closes.
   */
  nativeEndpoint?(): Endpoint | undefined;

  /** Optional, with `nativeEndpoint`: calls `changed` whenever it changes; returns how to stop. */
  watchNativeEndpoint?(changed: () => void): () => void;

  /** Optional, for the addon's ports: what hubs in C sent into it (`FanOutSource.fanOut`). */
  nativeFannedIn?(): FannedTotals;

  /**
   * Optional, for the ports of a hub that repeats in C: `forwardNatively` into this port hands
   * the source to the hub, which sends its frames straight to the hub's other ports in C
   * whenever every one of their links forwards in C, and lets them reach JavaScript otherwise.
   */
  adoptNativeSource?(source: FanOutSource): boolean;

  /** The source adopted earlier went back to JavaScript or closed. */
  releaseNativeSource?(source: FanOutSource): void;
}
