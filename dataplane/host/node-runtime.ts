import type { NodeReport, NodeSpec } from "@shared/proto";
import type { Endpoint } from "../forwarding/endpoint";

/**
 * A node as the host runs it: a VPCS process, an in-process switch or hub, a cloud's ports,
 * a NAT node. The reconciler only needs its ports as endpoints and a way to bring it to a spec.
 */
export interface NodeRuntime {
  /** The port (adapter, port) as an endpoint; undefined when the node has no such port. */
  endpoint(adapterNumber: number, portNumber: number): Endpoint | undefined;
  /** Optional: why a port the node has offers no endpoint now (a cloud's host interface is missing); a link to it reports this. */
  portProblem?(adapterNumber: number, portNumber: number): string | undefined;
  /**
   * Brings the node to `spec` (start or stop the process, port changes). Resolves with a
   * message when something could not be done; the node keeps running what it can.
   */
  update(spec: NodeSpec): Promise<string | null>;
  /**
   * Optional, for nodes with a process: why the node is not running although its last spec
   * asks it to (the process exited by itself since that `update`); null while it runs as asked.
   */
  failure?(): string | null;
  /** Optional, for nodes with a process: its program and arguments as one shell-quoted line while it runs, else null. */
  commandLine?(): string | null;
  /** Optional: what its report carries besides the command line (a router's last Idle-PC measurement). */
  report?(): Pick<NodeReport, "idlepc">;
  close(): Promise<void>;
}

export interface NodeRuntimeContext {
  /** The daemon's data directory; node working folders go under it. */
  dataDir: string;
  /** Called when a node's `failure()` becomes set between states, so the controller hears at once. */
  announceFailure(): void;
}

/** Builds a runtime for a kind of node; resolves with a runtime already at `spec`, or throws. */
export type NodeRuntimeFactory = (spec: NodeSpec, context: NodeRuntimeContext) => Promise<NodeRuntime>;

/** Identifies a node's port: a link end that names it finds the endpoint through it. */
export function portKey(adapterNumber: number, portNumber: number): string {
  return `${adapterNumber}/${portNumber}`;
}
