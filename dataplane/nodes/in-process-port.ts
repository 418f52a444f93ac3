/**
 * Ports of the in-process devices (switch, hub) as endpoints, and the inbox that serialises a
 * device's work. Devices joined by zero-delay links call each other synchronously; the inbox
 * turns that recursion into a queue and yields to the event loop after a budget of frames, so
 * a cabling loop makes a broadcast storm (as on real wires) instead of a stack overflow.
 */
import type { Endpoint, FrameHandler } from "../forwarding/endpoint";

const FRAMES_PER_TURN = 1024;
const INITIAL_CAPACITY = 64;

/** What a device does with one frame that entered by `port`. */
export type DeviceWork = (port: InProcessPort, frame: Uint8Array) => void;

export class DeviceInbox {
  // A ring of (port, frame) pairs, grown by doubling: queueing a frame allocates nothing.
  private ports: (InProcessPort | undefined)[] = new Array(INITIAL_CAPACITY);
  private frames: (Uint8Array | undefined)[] = new Array(INITIAL_CAPACITY);
  private head = 0;
  private count = 0;
  private draining = false;
  private scheduled = false;
  private whenEmpty: (() => void) | null = null;

  constructor(private readonly work: DeviceWork) {}

  /** No frame waits for a later turn. */
  get empty(): boolean {
    return this.count === 0;
  }

  /** Calls `callback` once the frames waiting now have been handled (replacing an earlier one). */
  afterDrained(callback: () => void): void {
    this.whenEmpty = callback;
  }

  push(port: InProcessPort, frame: Uint8Array): void {
    if (this.count === this.frames.length) this.grow();
    const tail = (this.head + this.count) & (this.frames.length - 1);
    this.ports[tail] = port;
    this.frames[tail] = frame;
    this.count += 1;
    if (!this.draining) this.drain();
  }

  private drain(): void {
    this.draining = true;
    try {
      for (let budget = FRAMES_PER_TURN; budget > 0 && this.count > 0; budget -= 1) {
        const head = this.head;
        const port = this.ports[head]!;
        const frame = this.frames[head]!;
        this.ports[head] = undefined;
        this.frames[head] = undefined;
        this.head = (head + 1) & (this.frames.length - 1);
        this.count -= 1;
        this.work(port, frame);
      }
    } finally {
      this.draining = false;
    }
    if (this.count > 0 && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        if (!this.draining) this.drain();
      });
    }
    if (this.count === 0 && this.whenEmpty !== null) {
      const callback = this.whenEmpty;
      this.whenEmpty = null;
      callback();
    }
  }

  private grow(): void {
    const capacity = this.frames.length * 2;
    const ports: (InProcessPort | undefined)[] = new Array(capacity);
    const frames: (Uint8Array | undefined)[] = new Array(capacity);
    const mask = this.frames.length - 1;
    for (let index = 0; index < this.count; index++) {
      ports[index] = this.ports[(this.head + index) & mask];
      frames[index] = this.frames[(this.head + index) & mask];
    }
    this.ports = ports;
    this.frames = frames;
    this.head = 0;
  }
}

/** One device port: `send` feeds the device, `deliver` hands the device's output to the link. */
export class InProcessPort implements Endpoint {
  private handler: FrameHandler | null = null;

  constructor(
    readonly portNumber: number,
    private readonly inbox: DeviceInbox,
    private readonly detached: (port: InProcessPort) => void,
  ) {}

  send(frame: Uint8Array): void {
    this.inbox.push(this, frame);
  }

  onFrame(handler: FrameHandler | null): void {
    this.handler = handler;
  }

  deliver(frame: Uint8Array): void {
    this.handler?.(frame);
  }

  /** Detaches the link; the port stays part of the device and can be attached again. */
  close(): Promise<void> {
    this.handler = null;
    this.detached(this);
    return Promise.resolve();
  }
}
