import type { ControllerDeps } from "../deps";
import { CONSOLE_MOVES, moveOffTakenConsole } from "../services/nodes";
import type { NodeNotRunning } from "./node-status";

/**
 * The console ports a host's acks found another program holding, node by node, for one host
 * session. A node whose start found its port taken moves to a free one and its host starts it
 * there, whoever started it (a request, a project opened, a host that came back): GNS3's compute
 * hands out only ports it can bind. A node is never moved back to a port found taken, and a
 * node's record forgets them once an ack runs it without error.
 */
export class TakenConsoles {
  private readonly found = new Map<string, Set<number>>();

  /**
   * Moves the nodes of the newest revision's ack that could not start on a taken console port;
   * resolves with those moved (the others are left to be stopped).
   */
  async move(deps: ControllerDeps, notRunning: readonly NodeNotRunning[]): Promise<Set<string>> {
    const failing = new Set(notRunning.map((node) => node.nodeId));
    for (const nodeId of this.found.keys()) if (!failing.has(nodeId)) this.found.delete(nodeId);
    const moved = new Set<string>();
    for (const { projectId, nodeId, consolePortTaken } of notRunning) {
      if (consolePortTaken === undefined) continue;
      const ports = this.found.get(nodeId) ?? new Set<number>();
      this.found.set(nodeId, ports.add(consolePortTaken));
      if (ports.size > CONSOLE_MOVES) continue;
      if (await moveOffTakenConsole(deps, projectId, nodeId, ports)) moved.add(nodeId);
    }
    return moved;
  }
}
