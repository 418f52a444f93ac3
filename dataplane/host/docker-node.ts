import { join, resolve } from "node:path";
import type { NodeSpec } from "@shared/proto";
import { staticBusybox } from "../docker/busybox";
import { installResources } from "../docker/container-init";
import { DockerContainer, type ContainerOptions, type ContainerSettings } from "../docker/container";
import type { DockerEngine } from "../docker/engine";
import type { DeviceEndpoint } from "../forwarding/device-endpoint";
import type { Endpoint } from "../forwarding/endpoint";
import { SwitchablePort } from "../nodes/switchable-port";
import { emulatorNodeAt, type Emulator } from "./emulator-node";
import { runtimeFolder } from "./node-folder";
import type { NodeRuntimeFactory } from "./node-runtime";

const NO_DOCKER_SETTINGS = "the desired state carries no Docker settings for this node";

/**
 * What a container adds to an emulator node's life: it also follows `suspended` (docker pause);
 * each adapter is a port that stays the same while the container stops and starts, with the
 * container's TAP behind it while it runs. Closing the node removes the container.
 */
class DockerEmulator implements Emulator {
  readonly name = "docker";
  private readonly ports = new Map<number, SwitchablePort>();
  readonly process: DockerContainer;

  constructor(settings: ContainerSettings, options: ContainerOptions) {
    this.process = new DockerContainer(settings, options, (adapter, tap) => this.plug(adapter, tap));
  }

  configure(spec: NodeSpec): void {
    this.process.configure(containerSettings(spec));
    for (const adapter of spec.docker!.adapters) if (!this.ports.has(adapter.adapterNumber)) this.ports.set(adapter.adapterNumber, new SwitchablePort());
  }

  async afterStart(spec: NodeSpec): Promise<void> {
    await this.process.pause(spec.suspended);
  }

  endpoint(adapterNumber: number, portNumber: number): Endpoint | undefined {
    return portNumber === 0 ? this.ports.get(adapterNumber) : undefined;
  }

  /** The container's TAP for an adapter goes behind its port; undefined: the container stopped. */
  private plug(adapterNumber: number, tap: DeviceEndpoint | undefined): void {
    const port = this.ports.get(adapterNumber);
    if (!port) return;
    if (tap) port.attach(tap);
    else port.detach();
  }

  async dispose(): Promise<void> {
    await this.process.remove();
    await Promise.all([...this.ports.values()].map((port) => port.close()));
  }
}

function containerSettings(spec: NodeSpec): ContainerSettings {
  if (spec.docker === null) throw new Error(NO_DOCKER_SETTINGS);
  return { nodeId: spec.nodeId, projectId: spec.projectId, name: spec.name, consolePort: spec.consolePort, docker: spec.docker };
}

/** `<data dir>/docker/<project id>/<node id>`; undefined for ids that would name another folder. */

/**
 * Runs Docker nodes as containers of `engine` (the host's, DOCKER_HOST), each with its folder
 * under `<data dir>/docker/<project id>/<node id>` for its kept folders (/etc/network, its
 * volumes), and our init and a static busybox in `<data dir>/docker/resources`, mounted at /gns3.
 */
export function dockerNodeFactory(engine: DockerEngine): NodeRuntimeFactory {
  let installed: string | undefined;
  const resources = (dataDir: string) => () => {
    const dir = join(dataDir, "docker", "resources");
    if (installed !== dir) {
      installResources(dir, staticBusybox());
      installed = dir;
    }
    return dir;
  };
  return async (spec, context) => {
    const settings = containerSettings(spec);
    // Docker binds absolute paths only.
    const dataDir = resolve(context.dataDir);
    const nodeDir = runtimeFolder(dataDir, "docker", spec.projectId, spec.nodeId);
    return emulatorNodeAt(new DockerEmulator(settings, { engine, dataDir, resources: resources(dataDir), nodeDir }), spec, context);
  };
}
