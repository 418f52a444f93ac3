import type { NodeReport } from "@shared/proto";
import type { ControllerDeps } from "../deps";
import type { NodeRecord } from "../domain/nodes";
import { applyChange, type Change } from "../services/change";
import { nodeWire } from "../services/nodes";
import { projectEvent } from "../services/project-events";
import { withConflictRetry } from "../store/conflict-retry";
import { keys } from "../store/keys";

/**
 * Keeps each node's `command_line` as its host runs it, from the node reports every ack
 * carries: a node that runs a process shows its command, one that runs none shows none. A
 * router's Idle-PC measurement is kept the same way (`idlepc_result`), once per request. One
 * book per connection of a host. Acks come after every revision, so the book remembers what
 * it stored and touches the store only for the nodes whose line changed; only its first ack
 * also reads the nodes of the state's projects, to clear lines an earlier connection left.
 */
export class NodeCommandLines {
  /** By `projectId/nodeId`: the line stored for each node this connection reported running. */
  private readonly stored = new Map<string, { projectId: string; nodeId: string; line: string }>();
  private firstAck = true;
  /** By `projectId/nodeId`: the Idle-PC request whose result was stored. */
  private readonly idlePcStored = new Map<string, number>();

  constructor(
    private readonly deps: ControllerDeps,
    private readonly hostId: string,
  ) {}

  /** Stores what changed since the last ack (node.updated for each), before the requests waiting for the ack answer. */
  async acknowledged(reports: readonly NodeReport[], projectIds: Iterable<string>): Promise<void> {
    const running = new Map(reports.filter((report) => report.commandLine !== "").map((report) => [nodeKey(report.projectId, report.nodeId), report]));
    const wanted = new Map<string, { projectId: string; nodeId: string; line: string | undefined }>();
    for (const [key, { projectId, nodeId, commandLine }] of running) {
      if (this.stored.get(key)?.line !== commandLine) wanted.set(key, { projectId, nodeId, line: commandLine });
    }
    for (const [key, { projectId, nodeId }] of this.stored) if (!running.has(key)) wanted.set(key, { projectId, nodeId, line: undefined });
    if (this.firstAck) {
      this.firstAck = false;
      for (const projectId of new Set(projectIds)) {
        for (const { value: node } of await this.deps.store.list<NodeRecord>(keys.nodesPrefix(projectId))) {
          const key = nodeKey(projectId, node.node_id);
          if (node.compute_id === this.hostId && node.command_line !== undefined && !running.has(key)) wanted.set(key, { projectId, nodeId: node.node_id, line: undefined });
        }
      }
    }
    const byProject = new Map<string, Array<{ nodeId: string; line: string | undefined }>>();
    for (const { projectId, nodeId, line } of wanted.values()) byProject.set(projectId, [...(byProject.get(projectId) ?? []), { nodeId, line }]);
    for (const [projectId, lines] of byProject) await this.store(projectId, lines);
    for (const report of reports) if (report.idlepc && this.idlePcStored.get(nodeKey(report.projectId, report.nodeId)) !== report.idlepc.request) await this.storeIdlePc(report);
  }

  private async storeIdlePc({ projectId, nodeId, idlepc }: NodeReport): Promise<void> {
    await withConflictRetry(async () => {
      const key = keys.node(projectId, nodeId);
      const node = await this.deps.store.get<NodeRecord>(key);
      if (!node || node.compute_id !== this.hostId || node.idlepc_result?.request === idlepc!.request) return;
      await applyChange(this.deps, { writes: [{ key, value: { ...node, idlepc_result: idlepc!, revision: node.revision + 1 } }], guards: [{ key, revision: node.revision }], events: [] });
    });
    this.idlePcStored.set(nodeKey(projectId, nodeId), idlepc!.request);
  }

  /** One commit per project: a bulk start's lines are stored together. */
  private async store(projectId: string, lines: ReadonlyArray<{ nodeId: string; line: string | undefined }>): Promise<void> {
    await withConflictRetry(async () => {
      const change: Change = { writes: [], guards: [], events: [] };
      for (const { nodeId, line } of lines) {
        const key = keys.node(projectId, nodeId);
        const node = await this.deps.store.get<NodeRecord>(key);
        if (!node || node.compute_id !== this.hostId || node.command_line === line) continue;
        const { command_line: _previous, ...rest } = node;
        const next: NodeRecord = { ...rest, ...(line === undefined ? {} : { command_line: line }), revision: node.revision + 1 };
        change.writes.push({ key, value: next });
        change.guards.push({ key, revision: node.revision });
        change.events.push(projectEvent(projectId, "node.updated", nodeWire(this.deps, next)));
      }
      if (change.writes.length > 0) await applyChange(this.deps, change);
    });
    for (const { nodeId, line } of lines) {
      const key = nodeKey(projectId, nodeId);
      if (line === undefined) this.stored.delete(key);
      else this.stored.set(key, { projectId, nodeId, line });
    }
  }
}

function nodeKey(projectId: string, nodeId: string): string {
  return `${projectId}/${nodeId}`;
}
