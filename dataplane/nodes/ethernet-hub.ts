/**
 * GNS3's built-in Ethernet hub: every frame entering a port leaves by every other port.
 *
 * It repeats in JavaScript (its inbox) or, when every linked port's link forwards in C, in C:
 * each link that feeds the hub from a socket of the addon hands that socket to the hub
 * (`adoptNativeSource`), and the hub has it send its frames straight to the sockets of every
 * other linked port (`fanOut`), frames then never entering JavaScript. What each link counts
 * stays exact either way: a feeding socket counts what it read, a port what the hub sent it
 * in C (`nativeForwarded`). The plan is made again whenever a link changes how it forwards,
 * a port comes or goes, or a node behind a port restarts on a new socket.
 */
import {
  NOTHING_FANNED,
  NOTHING_FORWARDED,
  type Endpoint,
  type FannedTotals,
  type FanOutSource,
  type FrameHandler,
  type NativeDelay,
  type NativeTotals,
} from "../forwarding/endpoint";
import { DeviceInbox, InProcessPort } from "./in-process-port";

export class EthernetHub {
  private readonly ports = new Map<number, HubPort>();
  private readonly inbox = new DeviceInbox((from, frame) => this.repeat(from, frame));

  constructor(portNumbers: readonly number[]) {
    this.configure(portNumbers);
  }

  /** Applies a new port list; remaining ports keep their endpoint and attached link. */
  configure(portNumbers: readonly number[]): void {
    const wanted = new Set(portNumbers);
    for (const [portNumber, port] of this.ports) {
      if (!wanted.has(portNumber)) {
        port.unplug();
        this.ports.delete(portNumber);
      }
    }
    for (const portNumber of wanted) {
      if (!this.ports.has(portNumber)) {
        this.ports.set(portNumber, new HubPort(portNumber, this.inbox, () => this.plan()));
      }
    }
    this.plan();
  }

  /** The endpoint of a port; throws when the hub has no such port. */
  port(portNumber: number): Endpoint {
    const port = this.ports.get(portNumber);
    if (port === undefined) throw new Error(`The hub has no port ${portNumber}`);
    return port;
  }

  close(): void {
    for (const port of this.ports.values()) port.unplug();
    this.ports.clear();
  }

  private repeat(from: InProcessPort, frame: Uint8Array): void {
    if (this.ports.get(from.portNumber) !== from) return;
    for (const port of this.ports.values()) if (port !== from) port.deliver(frame);
  }

  /**
   * Repeats in C when every linked port has a socket of the addon to send to; each feeding
   * socket then sends to all the others'. Otherwise every feeding socket hands its frames to
   * its link in JavaScript, and they come through the inbox.
   */
  private plan(): void {
    const linked = [...this.ports.values()].filter((port) => port.linked);
    const carriers = linked.map((port) => port.carrier());
    let inC = carriers.every((carrier) => carrier !== null);
    if (inC && !this.inbox.empty) {
      // Frames still waiting in the inbox leave first: C would send newer ones ahead of them.
      inC = false;
      this.inbox.afterDrained(() => this.plan());
    }
    for (const port of this.ports.values()) {
      const source = port.source;
      if (source === null) continue;
      const others = linked.flatMap((other, index) => (other === port || carriers[index] === null ? [] : [carriers[index]!]));
      if (!inC || !source.fanOut(others)) source.fanOut([]);
    }
  }
}

/**
 * A hub port as a link sees it. Besides the in-process port's JavaScript path it takes part in
 * the hub's C plan: the link towards the port's node may forward into it in C (the port then
 * adopts the link's source socket), and the link away from the hub may ask it to forward in C
 * to its node (`forwardNatively`: the port records where).
 */
class HubPort extends InProcessPort {
  /** The addon socket that feeds the hub through this port's link, when its link forwards in C. */
  source: FanOutSource | null = null;
  /** Where the link carries this port's frames when it forwards in C (the node's endpoint). */
  private target: Endpoint | null = null;
  private stopWatching: (() => void) | null = null;
  private attached = false;
  /** The socket the hub sends to for this port now, and its fanned totals when it became so. */
  private counted: { carrier: Endpoint; at: FannedTotals } | null = null;
  /** Fanned into sockets this port sent to before. */
  private retired: FannedTotals = NOTHING_FANNED;

  constructor(
    portNumber: number,
    inbox: DeviceInbox,
    private readonly replan: () => void,
  ) {
    super(portNumber, inbox, () => {});
  }

  /** A link is attached: frames the hub repeats must reach it. */
  get linked(): boolean {
    return this.attached || this.target !== null;
  }

  /**
   * The addon socket the hub would send this port's frames to in C now; null when there is
   * none. The port counts what the hub sent it in C from that socket's totals on.
   */
  carrier(): Endpoint | null {
    const carrier = this.target === null ? null : (this.target.nativeEndpoint?.() ?? this.target);
    const native = carrier !== null && carrier !== undefined && carrier.nativeFannedIn !== undefined ? carrier : null;
    this.countInto(native);
    return native;
  }

  override onFrame(handler: FrameHandler | null): void {
    super.onFrame(handler);
    this.attached = handler !== null;
    this.setTarget(null);
    this.replan();
  }

  forwardNatively(target: Endpoint, delay?: NativeDelay): boolean {
    // The hub repeats in C without delay only; a delayed link forwards in JavaScript.
    if (delay !== undefined) return false;
    const carrier = target.nativeEndpoint?.() ?? target;
    if (target.watchNativeEndpoint === undefined && carrier.nativeFannedIn === undefined) return false;
    this.setTarget(target);
    this.replan();
    return true;
  }

  adoptNativeSource(source: FanOutSource): boolean {
    this.source = source;
    this.replan();
    return true;
  }

  releaseNativeSource(source: FanOutSource): void {
    if (this.source !== source) return;
    this.source = null;
    this.replan();
  }

  /** What the hub sent this port's node in C: the link's direction away from the hub counts it. */
  nativeForwarded(): NativeTotals {
    const now = this.counted === null ? NOTHING_FANNED : this.counted.carrier.nativeFannedIn!();
    const at = this.counted?.at ?? NOTHING_FANNED;
    const frames = this.retired.frames + now.frames - at.frames;
    const bytes = this.retired.bytes + now.bytes - at.bytes;
    return { ...NOTHING_FORWARDED, framesIn: frames, bytesIn: bytes, framesOut: frames, bytesOut: bytes };
  }

  /** The port leaves the hub: its source goes back to its link in JavaScript. */
  unplug(): void {
    super.onFrame(null);
    this.attached = false;
    this.setTarget(null);
    this.source?.fanOut([]);
    this.source = null;
  }

  override close(): Promise<void> {
    this.attached = false;
    this.setTarget(null);
    return super.close().then(() => this.replan());
  }

  private setTarget(target: Endpoint | null): void {
    if (target === this.target) return;
    this.stopWatching?.();
    this.stopWatching = target?.watchNativeEndpoint?.(this.replan) ?? null;
    this.target = target;
  }

  /** Keeps the fanned totals monotonic across the sockets this port has sent to. */
  private countInto(carrier: Endpoint | null): void {
    if (carrier === (this.counted?.carrier ?? null)) return;
    this.retired = this.nativeForwardedAsFanned();
    this.counted = carrier === null ? null : { carrier, at: carrier.nativeFannedIn!() };
  }

  private nativeForwardedAsFanned(): FannedTotals {
    const { framesOut, bytesOut } = this.nativeForwarded();
    return { frames: framesOut, bytes: bytesOut };
  }
}
