/**
 * One Docker node's container on the host's engine, through its life: made from the node's spec
 * (its image pulled when the engine lacks it), started with networking disabled and each
 * adapter a TAP of ours moved into its namespace as ethN, paused and resumed, stopped (Docker's
 * grace, then a kill), removed with its anonymous volumes. Its TTY is served on the console
 * port over telnet; the aux port gives each client a shell of its own through `exec`.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Duplex } from "node:stream";
import { createLogger } from "@shared/logging/logger";
import type { DockerSpec } from "@shared/proto";
import { DeviceEndpoint } from "../forwarding/device-endpoint";
import { changeLink } from "../host-network/interfaces";
import type { EmulatorProcess } from "../host/emulator-node";
import { consolePortTaken } from "../nodes/emulator-process";
import type { ProcessCrash } from "../nodes/process-supervisor";
import { commandLine } from "../nodes/processes";
import { TelnetServer, type TelnetClient } from "../nodes/telnet-server";
import { INIT_PATH } from "./container-init";
import { LABELS, containerConfig, containerName, type Capabilities, type ContainerPlace, type ImageConfig } from "./container-config";
import { EngineError, type DockerEngine } from "./engine";

const log = createLogger("dataplane.docker");

/** Docker's own default, and GNS3's: SIGTERM, then SIGKILL after this many seconds. */
const STOP_GRACE_S = 5;
/** How long a start waits for our init to hand over to the image's command: a few ms, seconds on a busy host. */
const HANDOVER_WAIT_MS = 10_000;
/**
 * A command that ends this soon after our init handed over to it failed to start: its start
 * says so, with its output. Long enough for one that fails at once to fail on a busy host.
 */
const HANDED_OVER_MS = 300;
const POLL_MS = 10;
/** How long the engine may take to report a container whose process is gone as ended: 200 polls, 2 s. */
const ENGINE_CATCH_UP_TRIES = 200;
const LOG_TAIL_LINES = 20;
const PULL_TIMEOUT_MS = 10 * 60_000;
/** Where consoles listen, as GNS3's console_host: every address of the host. */
const CONSOLE_HOST = "0.0.0.0";

/** The capability fallback is learnt once per daemon: a host that refused all of them refuses them again. */
let capabilities: Capabilities = "all";

export interface ContainerOptions {
  engine: DockerEngine;
  /** The daemon's data dir: its containers are labelled with it. */
  dataDir: string;
  /** The init and busybox mounted at /gns3; made ready (installed) before each start. */
  resources: () => string;
  /** The node's folder on the host. */
  nodeDir: string;
}

export interface ContainerSettings {
  nodeId: string;
  projectId: string;
  name: string;
  consolePort: number;
  docker: DockerSpec;
}

/** Where each adapter's TAP goes once it is in the container: the node's stable port. */
export type PortPlug = (adapterNumber: number, endpoint: DeviceEndpoint | undefined) => void;

export class DockerContainer implements EmulatorProcess {
  private settings: ContainerSettings;
  private id: string | undefined;
  /** The configuration the container was made with: another one makes it anew at the next start. */
  private madeWith: string | undefined;
  private running = false;
  private paused = false;
  private stopping = false;
  /** A start in progress: an end now is its failure, which the start reports, not a crash. */
  private starting = false;
  private taps = new Map<number, DeviceEndpoint>();
  private consoles: TelnetServer[] = [];
  private attached: Duplex | undefined;
  private readonly crashHandlers: Array<(crash: ProcessCrash) => void> = [];
  /** The start or stop in progress: one at a time. */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    settings: ContainerSettings,
    private readonly options: ContainerOptions,
    private readonly plug: PortPlug,
  ) {
    this.settings = settings;
  }

  readonly argv = undefined;

  configure(settings: ContainerSettings): void {
    this.settings = settings;
  }

  onCrash(handler: (crash: ProcessCrash) => void): void {
    this.crashHandlers.push(handler);
  }

  start(): Promise<void> {
    return this.inTurn(() => this.startNow());
  }

  stop(): Promise<void> {
    return this.inTurn(() => this.stopNow());
  }

  async pause(paused: boolean): Promise<void> {
    await this.inTurn(async () => {
      if (!this.running || this.id === undefined || paused === this.paused) return;
      await this.options.engine.call("POST", `/containers/${this.id}/${paused ? "pause" : "unpause"}`);
      this.paused = paused;
    });
  }

  /** Removes the container and its anonymous volumes; the node's folder stays. */
  remove(): Promise<void> {
    return this.inTurn(async () => {
      await this.stopNow();
      await this.removeContainer();
    });
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.turn.then(work);
    this.turn = run.catch(() => undefined);
    return run;
  }

  /** Starts the container, made anew when its configuration changed; one that fails to start is removed, so nothing is left of it. */
  private async startNow(): Promise<void> {
    if (this.running) return;
    this.starting = true;
    try {
      await this.startContainer();
      this.running = true;
      this.paused = false;
      this.stopping = false;
      const pid = await this.pid();
      this.plugAdapters(pid);
      this.watchEnd(this.id!);
      await this.openConsoles();
      await this.settle(pid);
    } catch (error) {
      await this.stopNow().catch(() => undefined);
      await this.removeContainer().catch(() => undefined);
      throw error;
    } finally {
      this.starting = false;
    }
  }

  private async startContainer(): Promise<void> {
    const { engine } = this.options;
    const image = await this.image();
    const place = this.place();
    const config = containerConfig(this.settings.docker, image, place);
    const key = JSON.stringify(config);
    if (this.id !== undefined && this.madeWith !== key) await this.removeContainer();
    if (this.id === undefined) await this.create(config, key);
    this.writeNetworkConfig();
    try {
      await engine.call("POST", `/containers/${this.id}/start`);
    } catch (error) {
      if (!(error instanceof EngineError) || !/apply caps|operation not permitted/i.test(error.message) || place.capabilities !== "all") throw await this.startFailure(error);
      // This host cannot give a container every capability (its bounding set lacks one): all but SYS_RESOURCE.
      if (capabilities === "all") log.warn("this host cannot give containers every capability: Docker nodes run with all but SYS_RESOURCE, unprivileged", { detail: error.message });
      capabilities = "all-but-sys-resource";
      await this.removeContainer();
      const fallback = containerConfig(this.settings.docker, image, this.place());
      await this.create(fallback, JSON.stringify(fallback));
      await engine.call("POST", `/containers/${this.id}/start`).catch(async (again: unknown) => {
        throw await this.startFailure(again);
      });
    }
  }

  private place(): ContainerPlace {
    const { nodeId, projectId, name } = this.settings;
    return { nodeId, projectId, name, dataDir: this.options.dataDir, resourcesDir: this.options.resources(), nodeDir: this.options.nodeDir, capabilities };
  }

  /** The image's own configuration; a missing image is pulled first, as GNS3 does. */
  private async image(): Promise<ImageConfig> {
    const { engine } = this.options;
    const { image } = this.settings.docker;
    const inspect = () => engine.call<{ Config?: ImageConfig }>("GET", `/images/${encodeURIComponent(image)}/json`);
    try {
      return (await inspect()).Config ?? {};
    } catch (error) {
      if (!(error instanceof EngineError)) throw new Error(`no Docker Engine answers at ${engine.dockerHost} (${(error as Error).message}): start dockerd, or set DOCKER_HOST for the dataplane daemon`);
      if (error.status !== 404) throw error;
    }
    log.info("pulling a Docker image the engine lacks", { node_id: this.settings.nodeId, image });
    const at = image.lastIndexOf(":");
    const slash = image.lastIndexOf("/");
    const [name, tag] = at > slash ? [image.slice(0, at), image.slice(at + 1)] : [image, "latest"];
    let pulled: unknown;
    try {
      pulled = await engine.call("POST", `/images/create?fromImage=${encodeURIComponent(name)}&tag=${encodeURIComponent(tag)}`, undefined, PULL_TIMEOUT_MS);
    } catch (error) {
      throw new Error(`image ${image} is not on this host's Docker Engine (${engine.dockerHost}), and pulling it failed: ${(error as Error).message}`);
    }
    // A pull answers 200 and reports its failure in the stream of progress lines.
    const failed = typeof pulled === "string" ? /"error"\s*:\s*"([^"]*)"/.exec(pulled) : null;
    if (failed) throw new Error(`image ${image} is not on this host's Docker Engine (${engine.dockerHost}), and pulling it failed: ${failed[1]}`);
    return (await inspect()).Config ?? {};
  }

  private async create(config: Record<string, unknown>, key: string): Promise<void> {
    const { engine } = this.options;
    const name = containerName(this.settings);
    const made = await engine.call<{ Id: string }>("POST", `/containers/create?name=${encodeURIComponent(name)}`, config).catch(async (error: unknown) => {
      // A container of ours with that name, left by a start that failed half-way: replaced.
      if (!(error instanceof EngineError) || error.status !== 409) throw error;
      await engine.call("DELETE", `/containers/${encodeURIComponent(name)}?force=1&v=1`);
      return engine.call<{ Id: string }>("POST", `/containers/create?name=${encodeURIComponent(name)}`, config);
    });
    this.id = made.Id;
    this.madeWith = key;
  }

  /** The controller's etc/network/interfaces, written when it differs from the file (which the container may also change). */
  private writeNetworkConfig(): void {
    const folder = join(this.options.nodeDir, "etc", "network");
    const path = join(folder, "interfaces");
    // The folders ifup's run-parts reads, as GNS3 makes them.
    for (const hooks of ["if-up.d", "if-down.d", "if-pre-up.d", "if-post-down.d", "interfaces.d"]) mkdirSync(join(folder, hooks), { recursive: true });
    // The folder holds what the node's user edits: the image's own /etc/network content is not copied over it.
    writeFileSync(join(dirname(path), ".gns3_filled"), "");
    const wanted = this.settings.docker.networkInterfaces;
    let current: string | null = null;
    try {
      current = readFileSync(path, "utf8");
    } catch {
      current = null;
    }
    if (wanted !== "" && wanted !== current) writeFileSync(path, wanted);
  }

  private async pid(): Promise<number> {
    const state = await this.options.engine.call<{ State: { Pid: number; Running: boolean } }>("GET", `/containers/${this.id}/json`);
    if (!state.State.Running || state.State.Pid <= 0) throw await this.startFailure(new Error("the container ended as it started"));
    return state.State.Pid;
  }

  /** Each adapter: a TAP of ours, moved into the container's namespace as ethN with its MAC, up. */
  private plugAdapters(pid: number): void {
    for (const adapter of this.settings.docker.adapters) {
      const tap = DeviceEndpoint.openTap("gns3dk%d");
      try {
        changeLink(tap.deviceName, { netnsPid: pid, rename: `eth${adapter.adapterNumber}`, mac: adapter.macAddress, up: true });
      } catch (error) {
        void tap.close();
        throw new Error(`could not give the container its eth${adapter.adapterNumber}: ${(error as Error).message}`);
      }
      this.taps.set(adapter.adapterNumber, tap);
      this.plug(adapter.adapterNumber, tap);
    }
  }

  private unplugAdapters(): void {
    for (const [adapterNumber, tap] of this.taps) {
      this.plug(adapterNumber, undefined);
      void tap.close();
    }
    this.taps.clear();
  }

  /**
   * Waits until our init has handed over to the image's command (seen in the command line of
   * the container's first process, which the daemon sees: it moved the adapters into that
   * process's namespace), then a moment more: a container whose command ends at once fails its
   * start, with its output, and a start answers with the container configured.
   */
  private async settle(pid: number): Promise<void> {
    const began = performance.now();
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const inspect = () => this.options.engine.call<{ State: { Running: boolean; ExitCode: number } }>("GET", `/containers/${this.id}/json`);
    let handedOverAt: number | undefined;
    for (let now = began; now - began < HANDOVER_WAIT_MS; now = performance.now()) {
      const command = commandLine(pid);
      if (command === undefined) {
        // Its first process ended: the engine says so a moment later, with the exit code.
        for (let tries = 0; (await inspect()).State.Running && tries < ENGINE_CATCH_UP_TRIES; tries++) await sleep(POLL_MS);
        break;
      }
      handedOverAt ??= command.includes(INIT_PATH) ? undefined : now;
      if (handedOverAt !== undefined && now - handedOverAt >= HANDED_OVER_MS) break;
      await sleep(POLL_MS);
    }
    const state = await inspect();
    if (!state.State.Running) throw await this.startFailure(new Error(`the container ended at once (exit code ${state.State.ExitCode})`));
  }

  /** Tells the crash handlers when the container ends without a stop asking it to. */
  private watchEnd(id: string): void {
    this.options.engine
      .call<{ StatusCode: number }>("POST", `/containers/${id}/wait`, undefined, 0)
      .then(async ({ StatusCode }) => {
        if (this.stopping || this.starting || this.id !== id || !this.running) return;
        const output = await this.outputTail();
        await this.inTurn(() => this.stopNow());
        const crash: ProcessCrash = { nodeId: this.settings.nodeId, exitCode: StatusCode, signal: null, message: `the container ended (exit code ${StatusCode})${output ? `: ${output}` : ""}` };
        for (const handler of this.crashHandlers) handler(crash);
      })
      .catch(() => undefined);
  }

  private async outputTail(): Promise<string> {
    try {
      const text = await this.options.engine.call<unknown>("GET", `/containers/${this.id}/logs?stdout=1&stderr=1&tail=${LOG_TAIL_LINES}`);
      return String(text ?? "")
        .replace(/\r/g, "")
        .trim()
        .split("\n")
        .slice(-LOG_TAIL_LINES)
        .join("\n");
    } catch {
      return "";
    }
  }

  private async startFailure(error: unknown): Promise<Error> {
    const output = this.id === undefined ? "" : await this.outputTail();
    return new Error(`${(error as Error).message}${output ? `; its output: ${output}` : ""}`);
  }

  private async openConsoles(): Promise<void> {
    const { consolePort, docker } = this.settings;
    if (docker.consoleType === "telnet" && consolePort > 0) await this.openTtyConsole(consolePort);
    if (docker.auxPort > 0) await this.openAuxConsole(docker.auxPort);
  }

  /** The container's TTY on telnet: every client sees its output and types into it, as in GNS3. */
  private async openTtyConsole(port: number): Promise<void> {
    const { engine } = this.options;
    const id = this.id!;
    const stream = await engine.hijack(`/containers/${id}/attach?stream=1&stdin=1&stdout=1&stderr=1`);
    this.attached = stream;
    const clients = new Set<TelnetClient>();
    stream.on("data", (chunk: Buffer) => {
      for (const client of clients) client.write(chunk);
    });
    stream.on("error", () => stream.destroy());
    const greeting = Buffer.from(`${this.settings.name} console is now available... Press RETURN to get started.\r\n`);
    const server = await TelnetServer.listen(port, CONSOLE_HOST, (client) => {
      clients.add(client);
      client.write(greeting);
      return {
        input: (bytes) => {
          if (!stream.destroyed) stream.write(bytes);
        },
        resize: (columns, rows) => {
          engine.call("POST", `/containers/${id}/resize?h=${rows}&w=${columns}`).catch((error: unknown) => log.debug("could not resize a container's TTY", { detail: (error as Error).message }));
        },
        closed: () => clients.delete(client),
      };
    }).catch((error: NodeJS.ErrnoException) => {
      // Worded as the emulators' own, so the controller moves the node to a free port.
      if (error.code === "EADDRINUSE") throw new Error(consolePortTaken(port));
      throw new Error(`console port ${port} could not be had: ${error.message}`);
    });
    this.consoles.push(server);
  }

  /** The aux console: each telnet client gets a shell of its own in the container, run by `exec` with a TTY. */
  private async openAuxConsole(port: number): Promise<void> {
    const { engine } = this.options;
    const id = this.id!;
    const server = await TelnetServer.listen(port, CONSOLE_HOST, (client) => {
      let shell: Duplex | undefined;
      let execId: string | undefined;
      let ended = false;
      const pending: Uint8Array[] = [];
      void (async () => {
        const made = await engine.call<{ Id: string }>("POST", `/containers/${id}/exec`, {
          AttachStdin: true,
          AttachStdout: true,
          AttachStderr: true,
          Tty: true,
          Env: ["TERM=vt100"],
          Cmd: ["/gns3/bin/busybox", "sh", "-c", "while true; do /gns3/bin/busybox sh; done"],
        });
        execId = made.Id;
        shell = await engine.hijack(`/exec/${made.Id}/start`, { Detach: false, Tty: true });
        if (ended) return shell.destroy();
        shell.on("data", (chunk: Buffer) => client.write(chunk));
        shell.on("error", () => shell?.destroy());
        shell.on("close", () => client.close());
        for (const bytes of pending.splice(0)) shell.write(bytes);
      })().catch((error: unknown) => {
        client.write(Buffer.from(`\r\nno shell in the container: ${(error as Error).message}\r\n`));
        client.close();
      });
      return {
        input: (bytes) => {
          if (shell && !shell.destroyed) shell.write(bytes);
          else if (!shell) pending.push(bytes);
        },
        resize: (columns, rows) => {
          if (execId) engine.call("POST", `/exec/${execId}/resize?h=${rows}&w=${columns}`).catch(() => undefined);
        },
        closed: () => {
          ended = true;
          shell?.destroy();
        },
      };
    }).catch((error: unknown) => {
      throw new Error(`aux console port ${port} could not be had: ${(error as Error).message}`);
    });
    this.consoles.push(server);
  }

  private async closeConsoles(): Promise<void> {
    this.attached?.destroy();
    this.attached = undefined;
    await Promise.all(this.consoles.splice(0).map((server) => server.close()));
  }

  private async stopNow(): Promise<void> {
    if (this.id === undefined) return;
    this.stopping = true;
    await this.closeConsoles();
    if (this.running) {
      const { engine } = this.options;
      if (this.paused) await engine.call("POST", `/containers/${this.id}/unpause`).catch(() => undefined);
      // Docker answers 304 for a container already stopped: nothing to do.
      await engine.call("POST", `/containers/${this.id}/stop?t=${STOP_GRACE_S}`, undefined, (STOP_GRACE_S + 10) * 1000).catch((error: unknown) => {
        if (!(error instanceof EngineError) || (error.status !== 304 && error.status !== 404)) throw error;
      });
    }
    this.unplugAdapters();
    this.running = false;
    this.paused = false;
  }

  private async removeContainer(): Promise<void> {
    if (this.id === undefined) return;
    const id = this.id;
    this.id = undefined;
    this.madeWith = undefined;
    await this.options.engine.call("DELETE", `/containers/${id}?force=1&v=1`).catch((error: unknown) => {
      if (!(error instanceof EngineError) || error.status !== 404) throw error;
    });
  }
}

/** Removes every container a daemon on `dataDir` made (one before this, killed): their nodes are made anew by the next state. */
export async function removeLeftoverContainers(engine: DockerEngine, dataDir: string): Promise<number> {
  const filters = encodeURIComponent(JSON.stringify({ label: [`${LABELS.dataDir}=${dataDir}`] }));
  const left = await engine.call<Array<{ Id: string }>>("GET", `/containers/json?all=1&filters=${filters}`);
  await Promise.all(left.map((container) => engine.call("DELETE", `/containers/${container.Id}?force=1&v=1`).catch(() => undefined)));
  return left.length;
}
