import { join } from "node:path";
import { createLogger } from "@shared/logging/logger";
import type { NodeSpec } from "@shared/proto";
import type { Endpoint } from "../forwarding/endpoint";
import { shellLine } from "../nodes/command-line";
import { VpcsRuntime } from "../nodes/vpcs";
import type { NodeRuntime, NodeRuntimeFactory } from "./node-runtime";

const log = createLogger("dataplane.vpcs");

/**
 * VPCS only varies the last byte of its MAC address (00:50:79:66:68:xx), so two PCs with the
 * same byte cannot talk: each VPCS of the host gets its own, kept while the node exists.
 */
class MacBytes {
  /** By project and node: an imported project keeps its node ids, so one id may run twice. */
  private readonly taken = new Map<string, number>();

  take(nodeKey: string): number {
    const known = this.taken.get(nodeKey);
    if (known !== undefined) return known;
    const used = new Set(this.taken.values());
    let byte = 0;
    while (used.has(byte) && byte < 255) byte++;
    this.taken.set(nodeKey, byte);
    return byte;
  }

  release(nodeKey: string): void {
    this.taken.delete(nodeKey);
  }
}

/**
 * A VPCS node: its process follows `running`; its port stays the same endpoint across restarts.
 * A process that exits by itself is announced at once and stays the node's failure until the
 * next spec, which starts it again if it still asks for it running.
 */
class VpcsNode implements NodeRuntime {
  private crash: string | null = null;
  private wantsRunning = false;
  private closed = false;
  /** The reload generation last applied; undefined before the first spec. */
  private generation: number | undefined;

  constructor(
    private readonly vpcs: VpcsRuntime,
    private readonly release: () => void,
    announceFailure: () => void,
  ) {
    vpcs.onCrash((crash) => {
      log.warn("vpcs exited", { node_id: crash.nodeId, detail: crash.message });
      // An exit that a stop or close overtook is no failure: the node is where its spec asks.
      if (this.closed || !this.wantsRunning) return;
      this.crash = crash.message;
      announceFailure();
    });
  }

  endpoint(adapterNumber: number, portNumber: number): Endpoint | undefined {
    return adapterNumber === 0 && portNumber === 0 ? this.vpcs.endpoint : undefined;
  }

  async update(spec: NodeSpec): Promise<string | null> {
    this.crash = null;
    this.wantsRunning = spec.running;
    this.vpcs.useStartupScript(spec.startupScript);
    const reloaded = this.generation !== undefined && spec.restartGeneration !== this.generation;
    this.generation = spec.restartGeneration;
    try {
      if (spec.running && reloaded) await this.vpcs.stop();
      if (spec.running) await this.vpcs.start();
      else await this.vpcs.stop();
    } catch (error) {
      return `node ${spec.name}: ${(error as Error).message}`;
    }
    return null;
  }

  failure(): string | null {
    return this.crash;
  }

  commandLine(): string | null {
    const argv = this.vpcs.argv;
    return argv ? shellLine(argv) : null;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.vpcs.stop();
    await this.vpcs.endpoint.close();
    this.release();
  }
}

/** Runs VPCS nodes in folders under `<data dir>/vpcs/<project id>/<node id>`. */
export function vpcsNodeFactory(): NodeRuntimeFactory {
  const macBytes = new MacBytes();
  return async (spec, context) => {
    const nodeKey = `${spec.projectId}/${spec.nodeId}`;
    const vpcs = new VpcsRuntime(
      { nodeId: spec.nodeId, name: spec.name, consolePort: spec.consolePort, macId: macBytes.take(nodeKey) },
      { workDir: join(context.dataDir, "vpcs", spec.projectId, spec.nodeId) },
    );
    const node = new VpcsNode(vpcs, () => macBytes.release(nodeKey), context.announceFailure);
    const problem = await node.update(spec);
    if (problem) {
      await node.close();
      throw new Error(problem.replace(`node ${spec.name}: `, ""));
    }
    return node;
  };
}
