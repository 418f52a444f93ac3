import { decodeControllerMessage, encodeDaemonMessage, type ControllerMessage, type DaemonMessage, type DesiredHostState, type Hello } from "@shared/proto";
import { ReceivedState } from "@shared/proto/received-state";
import type { DaemonConnection, DataplaneHub } from "../dataplane/hub";

/** A daemon's message as a WebSocket frame carries it. */
export function daemonFrame(message: DaemonMessage): ArrayBuffer {
  // protobufjs may hand out a view into a pooled Node Buffer: copy it into a buffer of its own.
  return new Uint8Array(encodeDaemonMessage(message)).buffer;
}

/** The revision a state or a change brings; undefined for other messages. */
export function revisionOf(message: ControllerMessage): number | undefined {
  if ("state" in message) return message.state.revision;
  if ("change" in message) return message.change.revision;
  return undefined;
}

/**
 * What a daemon holds after a controller message, as a daemon merges them: a whole state, or a
 * change on top of what it held (a change on another base fails the test). Undefined for
 * messages that carry no state.
 */
export class FollowedState {
  private held: ReceivedState | undefined;

  /** The host's whole state after `message`, or undefined when it carries none. */
  after(message: ControllerMessage): DesiredHostState | undefined {
    if ("state" in message) this.held = ReceivedState.of(message.state);
    else if ("change" in message) {
      if (!this.held) throw new Error(`a change (revision ${message.change.revision}) came before any state`);
      const touched = this.held.apply(message.change);
      if ("refused" in touched) throw new Error(touched.refused);
    } else return undefined;
    return this.held.state();
  }
}

/**
 * A daemon's Hello as host `hostId`, tunnelling from loopback. Every Hello of one host id is
 * from the same daemon process (a reconnection) unless `instanceId` says otherwise.
 */
export function daemonHello(hostId: string, token: string, overrides: Partial<Hello> = {}): Hello {
  return {
    hostId,
    token,
    lastAppliedRevision: 0,
    tunnelAddress: "127.0.0.1",
    udpPortMin: 20000,
    udpPortMax: 20100,
    daemonVersion: "test",
    name: hostId,
    instanceId: `daemon-of-${hostId}`,
    ...overrides,
  };
}

/** A daemon on a fake socket that acknowledges every state and change it is sent, as soon as it gets it. */
export class AckingDaemon {
  /** States and changes received. */
  states = 0;
  /** Of those, the changes. */
  changes = 0;
  /** What it holds after them, merged as a daemon merges them. */
  state: DesiredHostState | undefined;
  private readonly followed = new FollowedState();
  connection!: DaemonConnection;
  readonly socket = {
    send: (bytes: Uint8Array) => {
      const message = decodeControllerMessage(bytes);
      const revision = revisionOf(message);
      if (revision === undefined) return;
      this.state = this.followed.after(message);
      this.states++;
      if ("change" in message) this.changes++;
      setTimeout(() => this.connection.message(daemonFrame({ ack: { revision, errors: [], nodes: [] } })), 0);
    },
    close: () => {},
  };

  /** Dials `hub` and says Hello as `hostId`. */
  connect(hub: DataplaneHub, hostId: string, token: string): this {
    this.connection = hub.connect(this.socket);
    this.connection.message(daemonFrame({ hello: daemonHello(hostId, token) }));
    return this;
  }
}
