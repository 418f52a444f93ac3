import { createLogger } from "@shared/logging/logger";
import { NodeKind, type NodeSpec } from "@shared/proto";
import { CircuitSwitch } from "../dynamips/circuit-switch";
import type { CircuitModule } from "../dynamips/switch-circuits";
import type { Endpoint } from "../forwarding/endpoint";
import { dynamipsFolders } from "./node-folder";
import type { NodeRuntime, NodeRuntimeFactory } from "./node-runtime";

const log = createLogger("dataplane.dynamips");

/** Dynamips' module for each kind of circuit switch. */
const CIRCUIT_MODULES: Partial<Record<NodeKind, CircuitModule>> = {
  [NodeKind.FRAME_RELAY_SWITCH]: "frsw",
  [NodeKind.ATM_SWITCH]: "atmsw",
};

/** A Frame Relay or ATM switch node: it switches as long as it exists, as GNS3's built-in devices. */
class CircuitSwitchNode implements NodeRuntime {
  problem: string | null = null;

  constructor(readonly device: CircuitSwitch) {}

  endpoint(adapterNumber: number, portNumber: number): Endpoint | undefined {
    return adapterNumber === 0 ? this.device.port(portNumber) : undefined;
  }

  async update(spec: NodeSpec): Promise<string | null> {
    try {
      await this.device.configure(spec.dynamips?.circuits ?? []);
      return null;
    } catch (error) {
      return `node ${spec.name}: ${(error as Error).message}`;
    }
  }

  failure(): string | null {
    return this.problem;
  }

  close(): Promise<void> {
    return this.device.close();
  }
}

/** Runs Frame Relay and ATM switches, each in a Dynamips hypervisor of its own under `<data dir>/dynamips/<project id>/<node id>`. */
export function circuitSwitchFactory(options: { executable?: string } = {}): NodeRuntimeFactory {
  return async (spec, context) => {
    const module = CIRCUIT_MODULES[spec.kind];
    if (module === undefined) throw new Error(`node ${spec.name} is no Frame Relay or ATM switch`);
    let node: CircuitSwitchNode | undefined;
    const device = new CircuitSwitch({
      module,
      nodeId: spec.nodeId,
      ...dynamipsFolders(context.dataDir, spec.projectId, spec.nodeId),
      log,
      ...(options.executable ? { executable: options.executable } : {}),
      onProblem: (problem) => {
        if (node) node.problem = problem;
        context.announceFailure();
      },
    });
    node = new CircuitSwitchNode(device);
    const problem = await node.update(spec);
    if (problem !== null) {
      await node.close();
      throw new Error(problem.replace(`node ${spec.name}: `, ""));
    }
    return node;
  };
}
