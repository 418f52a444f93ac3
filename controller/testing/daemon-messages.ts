import { decodeControllerMessage, encodeDaemonMessage, type DaemonMessage, type Hello } from "@shared/proto";
import type { DaemonConnection, DataplaneHub } from "../dataplane/hub";

/** A daemon's message as a WebSocket frame carries it. */
export function daemonFrame(message: DaemonMessage): ArrayBuffer {
  // protobufjs may hand out a view into a pooled Node Buffer: copy it into a buffer of its own.
  return new Uint8Array(encodeDaemonMessage(message)).buffer;
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

/** A daemon on a fake socket that acknowledges every state it is sent, as soon as it gets it. */
export class AckingDaemon {
  states = 0;
  connection!: DaemonConnection;
  readonly socket = {
    send: (bytes: Uint8Array) => {
      const message = decodeControllerMessage(bytes);
      if (!("state" in message)) return;
      this.states++;
      setTimeout(() => this.connection.message(daemonFrame({ ack: { revision: message.state.revision, errors: [], nodes: [] } })), 0);
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
