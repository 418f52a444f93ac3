import { basename, join } from "node:path";
import { createLogger } from "@shared/logging/logger";
import type { NodeSpec, QemuSpec } from "@shared/proto";
import type { Endpoint } from "../forwarding/endpoint";
import { shellLine } from "../nodes/command-line";
import { QemuRuntime, type QemuNodeSpec, type QemuRuntimeOptions } from "../nodes/qemu";
import { copyDuplicatedDisks } from "../nodes/qemu-disk-copy";
import type { NodeRuntime, NodeRuntimeFactory } from "./node-runtime";

const log = createLogger("dataplane.qemu");

const NO_QEMU_SETTINGS = "the desired state carries no QEMU settings for this node";

/**
 * A QEMU node: its VM follows `running` and `suspended`, and restarts when its reload
 * generation changes (picking up a changed spec: a running VM keeps its hardware until then).
 * Each adapter's port 0 is an endpoint that stays the same across restarts. A QEMU that exits
 * by itself (a crash, or the guest powering off) is announced at once and stays the node's
 * failure until the next spec, which starts it again if it still asks for it running.
 * A duplicated node's disks are copied from its original's as soon as its spec arrives (the
 * original was stopped when it was duplicated), and a start waits for that copy.
 */
class QemuNode implements NodeRuntime {
  private crash: string | null = null;
  private wantsRunning = false;
  private closed = false;
  /** The reload generation last applied; undefined before the first spec. */
  private generation: number | undefined;
  private adapterNumbers: number[] = [];
  /** The copy of a duplicate's disks, from the first spec naming its original; undefined before, or after a copy failed. */
  private diskCopy: Promise<void> | undefined;

  constructor(
    private readonly qemu: QemuRuntime,
    private readonly folders: QemuFolders,
    announceFailure: () => void,
  ) {
    qemu.onCrash((crash) => {
      log.warn("qemu exited", { node_id: crash.nodeId, detail: crash.message });
      // An exit that a stop or close overtook is no failure: the node is where its spec asks.
      if (this.closed || !this.wantsRunning) return;
      this.crash = crash.message;
      announceFailure();
    });
  }

  endpoint(adapterNumber: number, portNumber: number): Endpoint | undefined {
    return portNumber === 0 ? this.qemu.endpoint(adapterNumber) : undefined;
  }

  async update(spec: NodeSpec): Promise<string | null> {
    this.crash = null;
    this.wantsRunning = spec.running;
    if (spec.qemu === null) return `node ${spec.name}: ${NO_QEMU_SETTINGS}`;
    this.qemu.configure(qemuNodeSpec(spec, spec.qemu));
    this.adapterNumbers = spec.qemu.adapters.map((adapter) => adapter.adapterNumber);
    this.copyDisks(spec, spec.qemu);
    const reloaded = this.generation !== undefined && spec.restartGeneration !== this.generation;
    this.generation = spec.restartGeneration;
    try {
      if (spec.running && reloaded) await this.qemu.stop();
      if (spec.running) {
        await this.diskCopy;
        await this.qemu.start();
        if (spec.suspended) await this.qemu.suspend();
        else await this.qemu.resume();
      } else {
        await this.qemu.stop();
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
    const argv = this.qemu.argv;
    return argv ? shellLine(argv) : null;
  }

  private copyDisks(spec: NodeSpec, qemu: QemuSpec): void {
    if (qemu.overlaySourceNodeId === "" || this.diskCopy !== undefined) return;
    const sourceDir = nodeFolder(this.folders.dataDir, qemu.overlaySourceProjectId || spec.projectId, qemu.overlaySourceNodeId);
    if (sourceDir === undefined) return;
    const copy = copyDuplicatedDisks(spec.nodeId, qemu, { workDir: this.folders.workDir, imageDir: this.folders.imageDir, sourceDir });
    this.diskCopy = copy;
    // Refused while the original's VM runs: the next spec (this node's start at the latest) tries again.
    copy.catch((error: Error) => {
      log.warn("could not copy the disks of the node this one duplicates", { node_id: spec.nodeId, detail: error.message });
      if (this.diskCopy === copy) this.diskCopy = undefined;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.qemu.stop();
    await Promise.all(this.adapterNumbers.map((adapterNumber) => this.qemu.endpoint(adapterNumber)?.close()));
  }
}

interface QemuFolders {
  /** The daemon's data directory, which holds every node's folder. */
  readonly dataDir: string;
  /** This node's folder. */
  readonly workDir: string;
  readonly imageDir: string;
}

/** `<data dir>/qemu/<project id>/<node id>`; undefined for ids that would name another folder. */
function nodeFolder(dataDir: string, projectId: string, nodeId: string): string | undefined {
  const plain = (id: string) => id !== "" && id !== "." && id !== ".." && basename(id) === id;
  return plain(projectId) && plain(nodeId) ? join(dataDir, "qemu", projectId, nodeId) : undefined;
}

function qemuNodeSpec(spec: NodeSpec, qemu: QemuSpec): QemuNodeSpec {
  return { nodeId: spec.nodeId, projectId: spec.projectId, name: spec.name, consolePort: spec.consolePort, qemu };
}

/**
 * Runs QEMU nodes in folders under `<data dir>/qemu/<project id>/<node id>`, with images from
 * `<data dir>/images/QEMU` (the controller's image store when the daemon shares its data dir;
 * otherwise `options.fetchImage` brings a missing one from the controller); a duplicate's
 * disks are copied from its original's folder, in its own project or another (a duplicated
 * project). The other options tune the runtimes' time limits and accelerator (tests).
 */
export function qemuNodeFactory(options: Pick<QemuRuntimeOptions, "startTimeoutMs" | "shutdownTimeoutMs" | "accelerator" | "fetchImage"> = {}): NodeRuntimeFactory {
  return async (spec, context) => {
    if (spec.qemu === null) throw new Error(NO_QEMU_SETTINGS);
    const workDir = nodeFolder(context.dataDir, spec.projectId, spec.nodeId);
    if (workDir === undefined) throw new Error(`project ${spec.projectId} or node ${spec.nodeId} is not a name for a folder`);
    const folders: QemuFolders = { dataDir: context.dataDir, workDir, imageDir: join(context.dataDir, "images", "QEMU") };
    const qemu = new QemuRuntime(qemuNodeSpec(spec, spec.qemu), { ...options, workDir, imageDir: folders.imageDir });
    const node = new QemuNode(qemu, folders, context.announceFailure);
    const problem = await node.update(spec);
    if (problem) {
      await node.close();
      throw new Error(problem.replace(`node ${spec.name}: `, ""));
    }
    return node;
  };
}
