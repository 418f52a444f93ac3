import type { ControllerDeps } from "../deps";
import { conflictingRequest } from "../domain/errors";
import type { TcpConnection } from "../consoles/tcp";
import type { DataplaneHostRecord } from "../dataplane/host-records";
import { LOCAL_COMPUTE_ID } from "../domain/computes";
import type { NodeRecord } from "../domain/nodes";
import { keys } from "../store/keys";
import { getNode } from "./nodes";

/** A node console that can be joined: the node, and where its telnet server listens. */
export interface ConsoleTarget {
  node: NodeRecord;
  host: string;
  port: number;
}

/**
 * Where to reach a node's telnet console, or why it cannot be reached, in GNS3's words: the
 * node must be started and have a telnet console. It listens on every address of the node's
 * dataplane host, which other hosts reach at the tunnel address the host announced; the
 * controller's own host, before its daemon ever said so, is this machine.
 */
export async function consoleTarget(deps: ControllerDeps, projectId: string, nodeId: string): Promise<ConsoleTarget> {
  const node = await getNode(deps, projectId, nodeId);
  if (node.status !== "started") throw conflictingRequest(`Node ${node.name} is not started`);
  if (node.console_type !== "telnet" || node.console === null) throw conflictingRequest(`Node ${node.name} console type is not telnet`);
  const host = await deps.store.get<DataplaneHostRecord>(keys.dataplaneHost(node.compute_id));
  if (!host && node.compute_id !== LOCAL_COMPUTE_ID) {
    throw conflictingRequest(`Cannot connect to node ${node.name} telnet server: dataplane host ${node.compute_id} has never connected`);
  }
  return { node, host: host?.tunnel_address ?? "127.0.0.1", port: node.console };
}

/** Connects to the console, or a 409 saying why not (nothing listens, the host is unreachable). */
export async function dialConsole(dial: (host: string, port: number) => Promise<TcpConnection>, target: ConsoleTarget): Promise<TcpConnection> {
  try {
    return await dial(target.host, target.port);
  } catch (error) {
    throw conflictingRequest(`Cannot connect to node ${target.node.name} telnet server: ${error instanceof Error ? error.message : String(error)}`);
  }
}
