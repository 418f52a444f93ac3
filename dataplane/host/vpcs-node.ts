import { join } from "node:path";
import { VpcsProcess } from "../nodes/vpcs";
import { emulatorNodeAt, type Emulator } from "./emulator-node";
import type { NodeRuntimeFactory } from "./node-runtime";

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

/** Runs VPCS nodes in folders under `<data dir>/vpcs/<project id>/<node id>`. */
export function vpcsNodeFactory(): NodeRuntimeFactory {
  const macBytes = new MacBytes();
  return async (spec, context) => {
    const nodeKey = `${spec.projectId}/${spec.nodeId}`;
    const vpcs = new VpcsProcess(
      { nodeId: spec.nodeId, name: spec.name, consolePort: spec.consolePort, macId: macBytes.take(nodeKey) },
      { workDir: join(context.dataDir, "vpcs", spec.projectId, spec.nodeId) },
    );
    // One port, the same endpoint across restarts.
    const emulator: Emulator = {
      name: "vpcs",
      process: vpcs,
      configure: (next) => vpcs.useStartupScript(next.startupScript),
      endpoint: (adapterNumber, portNumber) => (adapterNumber === 0 && portNumber === 0 ? vpcs.endpoint : undefined),
      dispose: async () => {
        await vpcs.endpoint.close();
        macBytes.release(nodeKey);
      },
    };
    return emulatorNodeAt(emulator, spec, context);
  };
}
