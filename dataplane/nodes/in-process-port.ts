/**
 * Ports of the in-process devices (switch, hub) as endpoints, and the inbox that serialises a
 * device's work. Devices joined by zero-delay links call each other synchronously; the inbox
 * turns that recursion into a queue and yields to the event loop after a budget of frames, so
 * a cabling loop makes a broadcast storm (as on real wires) instead of a stack overflow.
 */
import type { Endpoint, FrameHandler } from "../forwarding/endpoint";

const FRAMES_PER_TURN = 1024;

export class DeviceInbox {
  private readonly queue: Array<() => void> = [];
  private draining = false;
  private scheduled = false;

  push(job: () => void): void {
    this.queue.push(job);
    if (!this.draining) this.drain();
  }

  private drain(): void {
    this.draining = true;
    try {
      for (let budget = FRAMES_PER_TURN; budget > 0 && this.queue.length > 0; budget -= 1) this.queue.shift()!();
    } finally {
      this.draining = false;
    }
    if (this.queue.length > 0 && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        if (!this.draining) this.drain();
      });
    }
  }
}

/** One device port: `send` feeds the device, `deliver` hands the device's output to the link. */
export class InProcessPort implements Endpoint {
  private handler: FrameHandler | null = null;

  constructor(
    readonly portNumber: number,
    private readonly ingress: (port: InProcessPort, frame: Uint8Array) => void,
    private readonly detached: (port: InProcessPort) => void,
  ) {}

  send(frame: Uint8Array): void {
    this.ingress(this, frame);
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
