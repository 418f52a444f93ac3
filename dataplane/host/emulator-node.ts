import { createLogger } from "@shared/logging/logger";
import type { NodeReport, NodeSpec } from "@shared/proto";
import type { Endpoint } from "../forwarding/endpoint";
import { shellLine } from "../nodes/command-line";
import type { ProcessCrash } from "../nodes/process-supervisor";
import type { NodeRuntime, NodeRuntimeContext } from "./node-runtime";

/** What `EmulatorNode` drives: an emulator's process over its runs (`VpcsProcess`, `QemuProcess`). */
export interface EmulatorProcess {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The program and arguments while it serves; undefined otherwise. */
  readonly argv: readonly string[] | undefined;
  onCrash(handler: (crash: ProcessCrash) => void): void;
}

/** What one kind of emulator adds to the node life that `EmulatorNode` shares between them all. */
export interface Emulator {
  /** Its name in the daemon's log ("vpcs", "qemu"). */
  readonly name: string;
  readonly process: EmulatorProcess;
  /** Takes the spec's settings for the next start; throws what the user is to read. */
  configure(spec: NodeSpec): void;
  /** Waits for what a start needs besides the process (a duplicate's disk copy). */
  beforeStart?(): Promise<void>;
  /** Brings the running process to the rest of the spec (a paused VM). */
  afterStart?(spec: NodeSpec): Promise<void>;
  endpoint(adapterNumber: number, portNumber: number): Endpoint | undefined;
  /** What its node reports besides its command line (a router's Idle-PC measurement). */
  report?(): Pick<NodeReport, "idlepc">;
  /** Frees what the node holds besides its stopped process: its ports, a MAC address. */
  dispose(): Promise<void>;
}

/**
 * A node run by an emulator's process: the process follows `running`, and restarts when the
 * reload generation changes (picking up a changed spec: a running process keeps its settings
 * until then). A process that exits by itself is announced at once and stays the node's
 * failure until the next spec, which starts it again if it still asks for it running.
 */
export class EmulatorNode implements NodeRuntime {
  private crash: string | null = null;
  private wantsRunning = false;
  private closed = false;
  /** The reload generation last applied; undefined before the first spec. */
  private generation: number | undefined;

  constructor(
    private readonly emulator: Emulator,
    announceFailure: () => void,
  ) {
    const log = createLogger(`dataplane.${emulator.name}`);
    emulator.process.onCrash((crash) => {
      log.warn(`${emulator.name} exited`, { node_id: crash.nodeId, detail: crash.message });
      // An exit that a stop or close overtook is no failure: the node is where its spec asks.
      if (this.closed || !this.wantsRunning) return;
      this.crash = crash.message;
      announceFailure();
    });
  }

  endpoint(adapterNumber: number, portNumber: number): Endpoint | undefined {
    return this.emulator.endpoint(adapterNumber, portNumber);
  }

  async update(spec: NodeSpec): Promise<string | null> {
    this.crash = null;
    this.wantsRunning = spec.running;
    const { process } = this.emulator;
    try {
      this.emulator.configure(spec);
      const reloaded = this.generation !== undefined && spec.restartGeneration !== this.generation;
      this.generation = spec.restartGeneration;
      if (spec.running && reloaded) await process.stop();
      if (spec.running) {
        await this.emulator.beforeStart?.();
        await process.start();
        await this.emulator.afterStart?.(spec);
      } else {
        await process.stop();
      }
    } catch (error) {
      return `node ${spec.name}: ${(error as Error).message}`;
    }
    return null;
  }

  failure(): string | null {
    return this.crash;
  }

  commandLine(): string | null {
    const argv = this.emulator.process.argv;
    return argv ? shellLine(argv) : null;
  }

  report(): Pick<NodeReport, "idlepc"> {
    return this.emulator.report?.() ?? { idlepc: null };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.emulator.process.stop();
    await this.emulator.dispose();
  }
}

/** A node of `emulator` already at `spec`, as a runtime factory resolves with; throws (freeing it all) when it cannot get there. */
export async function emulatorNodeAt(emulator: Emulator, spec: NodeSpec, context: NodeRuntimeContext): Promise<EmulatorNode> {
  const node = new EmulatorNode(emulator, context.announceFailure);
  const problem = await node.update(spec);
  if (problem !== null) {
    await node.close();
    throw new Error(problem.replace(`node ${spec.name}: `, ""));
  }
  return node;
}
