/**
 * One Dynamips router of a node: its own hypervisor (GNS3 runs one per router by default), the
 * instance made from the spec, one UDP NIO per port bound to its slot and port, and `vm start`.
 * Each port is a stable endpoint (a link stays attached while the router is stopped). The
 * image comes from the image store like QEMU's, checked against the controller's md5; when
 * Dynamips refuses to start, the reason it printed (an image that is no IOS, too little RAM)
 * goes with its refusal.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { DynamipsSpec, IdlePcReport } from "@shared/proto";
import type { Endpoint } from "../forwarding/endpoint";
import type { UdpEndpoint } from "../forwarding/udp-endpoint";
import { portKey } from "../host/node-runtime";
import { ensureTcpPortFree } from "../nodes/emulator-process";
import type { ProcessCrash } from "../nodes/process-supervisor";
import { resolveImage } from "../nodes/qemu-images";
import type { ImageFetcher } from "../nodes/qemu-image-fetch";
import { SwitchablePort } from "../nodes/switchable-port";
import { HypervisorRefusal } from "./hypervisor-replies";
import { DynamipsHypervisor, type HypervisorOptions } from "./hypervisor-process";
import { chooseIdlePc, idlePcProposals } from "./idle-pc";
import { routerRunning, routerSetup } from "./router-commands";
import { openUdpNio } from "./udp-nio";

export interface RouterIdentity {
  readonly nodeId: string;
  readonly name: string;
  readonly consolePort: number;
}

export interface RouterOptions extends Omit<HypervisorOptions, "nodeId"> {
  /** The image store (`<data dir>/images/QEMU`, shared by every emulator here). */
  readonly imageDir: string;
  readonly fetchImage?: ImageFetcher;
}

interface Run {
  readonly hypervisor: DynamipsHypervisor;
  readonly tunnels: UdpEndpoint[];
  stopping: boolean;
  /** The Idle-PC the running router has now ("" or "0x0": none). */
  idlePc: string;
}

/** Dynamips' status codes (`vm get_status`). */
const SUSPENDED = 3;

export class DynamipsRouter {
  private readonly ports = new Map<string, SwitchablePort>();
  private spec: DynamipsSpec | undefined;
  private startupConfig = "";
  private run: Run | undefined;
  private queue: Promise<void> = Promise.resolve();
  private readonly crashHandlers: Array<(crash: ProcessCrash) => void> = [];
  /** The last Idle-PC request measured (each is measured once), and what it found. */
  private idlePcAnswered = 0;
  private idlePcFound: IdlePcReport | null = null;

  constructor(
    private readonly identity: RouterIdentity,
    private readonly options: RouterOptions,
  ) {}

  /** Takes the spec for the next start (a running router keeps what it started with). */
  configure(spec: DynamipsSpec, startupConfig: string): void {
    this.spec = spec;
    this.startupConfig = startupConfig;
    for (const { slot, port } of spec.ports) {
      const key = portKey(slot, port);
      if (!this.ports.has(key)) this.ports.set(key, new SwitchablePort());
    }
  }

  endpoint(slot: number, port: number): Endpoint | undefined {
    return this.ports.get(portKey(slot, port));
  }

  get argv(): readonly string[] | undefined {
    return this.run && !this.run.stopping ? this.run.hypervisor.argv : undefined;
  }

  get pid(): number | undefined {
    return this.run?.hypervisor.pid;
  }

  onCrash(handler: (crash: ProcessCrash) => void): void {
    this.crashHandlers.push(handler);
  }

  /** The instance's name inside its hypervisor: Dynamips names the router's files after it (c7200_i1_nvram). */
  private get vmName(): string {
    return `i${this.spec?.dynamipsId ?? 0}`;
  }

  start(): Promise<void> {
    return this.serialise(async () => {
      if (this.run) return;
      const spec = this.spec;
      if (!spec) throw new Error("the router has no settings yet");
      if (spec.image.name === "") throw new Error("the router has no IOS image: set its image property");
      let image: string;
      try {
        image = await resolveImage(this.options.imageDir, spec.image, this.options.fetchImage);
      } catch (error) {
        throw new Error(`the IOS image ${spec.image.name} cannot be used: ${(error as Error).message}; upload it with POST /v2/computes/{compute_id}/dynamips/images/${spec.image.name}`);
      }
      // Dynamips serves the consoles itself; one it cannot bind would only show in its log.
      const consoles = [spec.consoleType !== "none" ? this.identity.consolePort : 0, spec.auxPort].filter((port) => port > 0);
      for (const port of consoles) await ensureTcpPortFree(port);
      const files = await this.writeConfigs(spec);
      const hypervisor = await DynamipsHypervisor.start({ ...this.options, nodeId: this.identity.nodeId });
      const run: Run = { hypervisor, tunnels: [], stopping: false, idlePc: spec.idlepc };
      try {
        const { client } = hypervisor;
        for (const command of routerSetup(this.vmName, spec, this.identity.consolePort, { image, ...files })) await client.send(...command);
        for (const { slot, port } of spec.ports) {
          const nio = `udp-${slot}-${port}`;
          const tunnel = await openUdpNio(client, nio);
          run.tunnels.push(tunnel);
          await client.send("vm", "slot_add_nio_binding", this.vmName, slot, port, nio);
          this.ports.get(portKey(slot, port))!.attach(tunnel);
        }
        await client.send("vm", "start", this.vmName);
        for (const command of routerRunning(this.vmName, spec)) await client.send(...command);
      } catch (error) {
        await this.end(run);
        // Not booted: the next start pushes them again.
        for (const name of [files.startupConfig, files.privateConfig]) if (name !== "") await rm(join(this.options.workDir, name), { force: true });
        throw new Error(this.whyNotStarted(error as Error, hypervisor, spec), { cause: error });
      }
      this.run = run;
      hypervisor.onExit((message) => {
        if (this.run !== run) return;
        void this.serialise(() => this.end(run)).then(() => {
          for (const handler of this.crashHandlers) handler({ nodeId: this.identity.nodeId, exitCode: null, signal: null, message });
        });
      });
    });
  }

  stop(): Promise<void> {
    return this.serialise(async () => {
      const run = this.run;
      if (!run) return;
      run.stopping = true;
      await run.hypervisor.client.send("vm", "stop", this.vmName).catch(() => undefined);
      await this.end(run);
    });
  }

  /** Pauses or resumes the running router (`vm suspend`, `vm resume`). */
  suspend(suspended: boolean): Promise<void> {
    return this.serialise(async () => {
      const run = this.run;
      if (!run) return;
      const { client } = run.hypervisor;
      const [status] = await client.send("vm", "get_status", this.vmName);
      const isSuspended = Number(status) === SUSPENDED;
      if (suspended && !isSuspended) await client.send("vm", "suspend", this.vmName);
      if (!suspended && isSuspended) await client.send("vm", "resume", this.vmName);
    });
  }

  /** The last Idle-PC measurement, for the node's report; null before any. */
  idlePcReport(): IdlePcReport | null {
    return this.idlePcFound;
  }

  /**
   * Brings the running router to the spec's Idle-PC (a changed `idlepc` is set at once, as GNS3
   * sets it online), and answers a new Idle-PC request of the spec: proposals, and with `auto`
   * the first that keeps the router idle, left set. What went wrong goes in the report, not
   * to the node: the router runs on either way.
   */
  followIdlePc(spec: DynamipsSpec): Promise<void> {
    return this.serialise(async () => {
      const run = this.run;
      const request = spec.idlepcRequest;
      const asked = request > this.idlePcAnswered;
      if (asked) this.idlePcAnswered = request;
      const answer = (found: Omit<IdlePcReport, "request">) => (this.idlePcFound = { request, ...found });
      if (!run) {
        if (asked) answer({ proposals: [], chosen: "", error: "the router is not running: Idle-PC values are measured on a running router" });
        return;
      }
      const { client } = run.hypervisor;
      if (!asked) {
        if (spec.idlepc !== run.idlePc) await client.send("vm", "set_idle_pc_online", this.vmName, 0, spec.idlepc === "" ? "0x0" : spec.idlepc);
        run.idlePc = spec.idlepc;
        return;
      }
      try {
        const proposals = await idlePcProposals(client, this.vmName);
        run.idlePc = "";
        if (proposals.length === 0) return void answer({ proposals, chosen: "", error: "Dynamips found no Idle-PC values: let IOS finish booting (20 s or so after the start) and ask again" });
        const chosen = spec.idlepcAuto ? await chooseIdlePc(client, this.vmName, proposals) : "";
        run.idlePc = chosen;
        const none = spec.idlepcAuto && chosen === "" ? `no Idle-PC value kept the router below 70 % of a core (tried ${proposals.join(", ")})` : "";
        answer({ proposals, chosen, error: none });
      } catch (error) {
        answer({ proposals: [], chosen: "", error: `Dynamips could not measure Idle-PC values: ${(error as Error).message}` });
      }
    });
  }

  async dispose(): Promise<void> {
    await this.stop();
    this.ports.clear();
  }

  private serialise(step: () => Promise<void>): Promise<void> {
    const next = this.queue.then(step);
    this.queue = next.catch(() => {});
    return next;
  }

  /**
   * The configs Dynamips is to push into NVRAM at this boot, relative to its folder ("": none):
   * those the controller holds that differ from the ones pushed last. An unchanged one is not
   * pushed again, so the router boots what it saved in NVRAM (`write memory`) at its last run,
   * as a real router would; an edited one replaces it.
   */
  private async writeConfigs(spec: DynamipsSpec): Promise<{ startupConfig: string; privateConfig: string }> {
    await mkdir(join(this.options.workDir, "configs"), { recursive: true });
    const push = async (kind: string, text: string) => {
      const name = `configs/i${spec.dynamipsId}_${kind}-config.cfg`;
      const path = join(this.options.workDir, name);
      const pushed = await readFile(path, "utf8").catch(() => undefined);
      if (text.trim() === "" || text === pushed) return "";
      await writeFile(path, text);
      return name;
    };
    return { startupConfig: await push("startup", this.startupConfig), privateConfig: await push("private", spec.privateConfig) };
  }

  private async end(run: Run): Promise<void> {
    if (this.run === run) this.run = undefined;
    for (const port of this.ports.values()) port.detach();
    await Promise.all(run.tunnels.map((tunnel) => tunnel.close()));
    await run.hypervisor.stop();
  }

  /** A refusal in the user's words: Dynamips prints why a start failed, and only answers that it did. */
  private whyNotStarted(error: Error, hypervisor: DynamipsHypervisor, spec: DynamipsSpec): string {
    if (!(error instanceof HypervisorRefusal)) return error.message;
    const printed = hypervisor
      .output()
      .split(/\r?\n/)
      .filter((line) => /image|ELF|memory|unable|failed|error/i.test(line))
      .slice(-3)
      .join(" | ");
    const image = error.command.startsWith("vm start") ? ` from the image ${spec.image.name}` : "";
    return `Dynamips could not ${error.command.startsWith("vm start") ? "start the router" : "set the router up"}${image}: ${error.text} (${error.code})${printed ? `: ${printed}` : ""}`;
  }
}
