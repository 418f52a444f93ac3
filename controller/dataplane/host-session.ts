import type { Hello, LinkSpec } from "@shared/proto";
import type { ControllerDeps } from "../deps";
import { AckWaiters } from "./ack-waiters";
import { CaptureStreams } from "./capture-streams";
import type { LeftOut } from "./desired-state";
import type { StoredItemError } from "./host-records";
import { NodeCommandLines } from "./node-command-lines";

/** The WebSocket as the hub sees it; the route adapts the runtime's socket to it. */
export interface DaemonSocket {
  send(bytes: Uint8Array): void;
  close(code: number, reason: string): void;
  /** Where the connection comes from (address and port), for the logs of both daemons when a host id is taken twice. */
  peer?: string;
  /**
   * Told the Hello once the session is open. A runtime that may forget its sessions while the
   * socket stays up (a hibernating Durable Object) keeps it with the socket, to `resume` later.
   */
  opened?(hello: Hello): void;
}

/**
 * One connected daemon, from its Hello to its close: what it was sent and acknowledged, the
 * requests waiting for it, the captures it streams, and its timers. The pushes of its state
 * run one after another on its queue, so revisions reach it in order; the hub decides what
 * they hold.
 */
export class HostSession {
  readonly hostId: string;
  readonly peer: string;
  /** When it connected, and when its operator was last told another daemon wants its host id. */
  readonly since = Date.now();
  takenNoticeAt = -Infinity;
  /** The last state sent without its revision, to skip revisions that would change nothing. */
  lastBody: Uint8Array | undefined;
  /** Where each node and link of the last state belongs, to name the project of an item error. */
  projectOfItem = new Map<string, string>();
  /** The links of the last state sent, to read the host's counter reports against. */
  linksSent = new Map<string, LinkSpec>();
  /** The newest revision sent, what it left out, and the newest the daemon acknowledged with its item errors. */
  sentRevision = 0;
  leftOut: LeftOut[] = [];
  ackedRevision = 0;
  ackErrors: StoredItemError[] = [];
  readonly ackWaiters = new AckWaiters();
  /** Capture files the host is sending, for `GET …/pcap`. */
  readonly captures = new CaptureStreams();
  /** The command lines of the host's nodes, as its acks report them. */
  readonly commandLines: NodeCommandLines;
  /** Revisions sent are stored one after another, behind the pushes. */
  recording: Promise<void> = Promise.resolve();
  closed = false;
  private queue: Promise<void> = Promise.resolve();
  /** The push queued and not started yet, which a new request can join. */
  private waitingPush: Promise<void> | undefined;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  /** Re-armed by every message: when it fires, the host is taken for gone. */
  private silence: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly hello: Hello,
    readonly socket: DaemonSocket,
    deps: ControllerDeps,
  ) {
    this.hostId = hello.hostId;
    this.peer = socket.peer ?? "an unknown address";
    this.commandLines = new NodeCommandLines(deps, hello.hostId);
  }

  /** Something was heard from the daemon: `onSilent` runs if nothing more is for `silenceMs`. */
  heard(silenceMs: number, onSilent: () => void): void {
    clearTimeout(this.silence);
    if (this.closed) return;
    this.silence = setTimeout(onSilent, silenceMs);
  }

  /** Runs `push` after `debounceMs`, once for every call made meanwhile (events arrive in bursts). */
  schedule(debounceMs: number, push: () => void): void {
    if (this.debounce !== undefined || this.closed) return;
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      push();
    }, debounceMs);
  }

  /**
   * Queues `push` behind the pushes before it; resolves once it ran. A push waiting for its
   * turn reads the store only when it starts, so it serves every request that committed
   * before: those join it (`force` false) rather than queue a rebuild each.
   */
  enqueue(force: boolean, push: () => Promise<void>, onFailure: (error: unknown) => void): Promise<void> {
    if (!force && this.waitingPush) return this.waitingPush;
    const pushed = this.queue.then(() => {
      if (this.waitingPush === settled) this.waitingPush = undefined;
      return this.closed ? undefined : push();
    });
    // A failed push is told once; those waiting on it go on to wait for the ack, which times out.
    const settled: Promise<void> = pushed.catch(onFailure);
    if (!force) this.waitingPush = settled;
    this.queue = settled;
    return settled;
  }

  /** The session is over: its timers stop, and what waits on it is told so. */
  end(): void {
    this.closed = true;
    clearTimeout(this.debounce);
    clearTimeout(this.silence);
    this.ackWaiters.disconnected();
    this.captures.disconnected();
  }
}
