import { createLogger } from "@shared/logging/logger";
import type { NodeSpec, QemuSpec } from "@shared/proto";
import type { Endpoint } from "../forwarding/endpoint";
import { QemuProcess, type QemuNodeSpec, type QemuProcessOptions } from "../nodes/qemu";
import { copyDuplicatedDisks } from "../nodes/qemu-disk-copy";
import { emulatorNodeAt, type Emulator } from "./emulator-node";
import { imageStore, nodeFolder, runtimeFolder } from "./node-folder";
import type { NodeRuntimeFactory } from "./node-runtime";

const log = createLogger("dataplane.qemu");

const NO_QEMU_SETTINGS = "the desired state carries no QEMU settings for this node";

/**
 * What QEMU adds to an emulator node's life: the VM also follows `suspended`; each adapter's
 * port 0 is an endpoint that stays the same across restarts. A duplicated node's disks are
 * copied from its original's as soon as its spec arrives (the original was stopped when it
 * was duplicated), and a start waits for that copy.
 */
class QemuEmulator implements Emulator {
  readonly name = "qemu";
  private adapterNumbers: number[] = [];
  /** The copy of a duplicate's disks, from the first spec naming its original; undefined before, or after a copy failed. */
  private diskCopy: Promise<void> | undefined;

  constructor(
    readonly process: QemuProcess,
    private readonly folders: QemuFolders,
  ) {}

  configure(spec: NodeSpec): void {
    if (spec.qemu === null) throw new Error(NO_QEMU_SETTINGS);
    this.process.configure(qemuNodeSpec(spec, spec.qemu));
    this.adapterNumbers = spec.qemu.adapters.map((adapter) => adapter.adapterNumber);
    this.copyDisks(spec, spec.qemu);
  }

  async beforeStart(): Promise<void> {
    await this.diskCopy;
  }

  async afterStart(spec: NodeSpec): Promise<void> {
    if (spec.suspended) await this.process.suspend();
    else await this.process.resume();
  }

  endpoint(adapterNumber: number, portNumber: number): Endpoint | undefined {
    return portNumber === 0 ? this.process.endpoint(adapterNumber) : undefined;
  }

  async dispose(): Promise<void> {
    await Promise.all(this.adapterNumbers.map((adapterNumber) => this.process.endpoint(adapterNumber)?.close()));
  }

  private copyDisks(spec: NodeSpec, qemu: QemuSpec): void {
    if (qemu.overlaySourceNodeId === "" || this.diskCopy !== undefined) return;
    const sourceDir = nodeFolder(this.folders.dataDir, "qemu", qemu.overlaySourceProjectId || spec.projectId, qemu.overlaySourceNodeId);
    if (sourceDir === undefined) return;
    const copy = copyDuplicatedDisks(spec.nodeId, qemu, { workDir: this.folders.workDir, imageDir: this.folders.imageDir, sourceDir });
    this.diskCopy = copy;
    // Refused while the original's VM runs: the next spec (this node's start at the latest) tries again.
    copy.catch((error: Error) => {
      log.warn("could not copy the disks of the node this one duplicates", { node_id: spec.nodeId, detail: error.message });
      if (this.diskCopy === copy) this.diskCopy = undefined;
    });
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
export function qemuNodeFactory(options: Pick<QemuProcessOptions, "startTimeoutMs" | "shutdownTimeoutMs" | "accelerator" | "fetchImage"> = {}): NodeRuntimeFactory {
  return async (spec, context) => {
    if (spec.qemu === null) throw new Error(NO_QEMU_SETTINGS);
    const workDir = runtimeFolder(context.dataDir, "qemu", spec.projectId, spec.nodeId);
    const folders: QemuFolders = { dataDir: context.dataDir, workDir, imageDir: imageStore(context.dataDir) };
    const qemu = new QemuProcess(qemuNodeSpec(spec, spec.qemu), { ...options, workDir, imageDir: folders.imageDir });
    return emulatorNodeAt(new QemuEmulator(qemu, folders), spec, context);
  };
}
