/**
 * A Frame Relay or ATM switch that Dynamips switches: a hypervisor of its own, one UDP NIO per
 * port its circuits use, and the circuits. Each port is a stable endpoint (a link relay stays
 * attached while the hypervisor is restarted or the circuits change). When the hypervisor dies
 * the switch says so and starts it again, after 1 s and then up to every 30 s, until it serves.
 * Frames reaching a port while its hypervisor is being replaced are lost, as on a wire unplugged.
 */
import type { VirtualCircuit } from "@shared/proto";
import type { Endpoint } from "../forwarding/endpoint";
import type { UdpEndpoint } from "../forwarding/udp-endpoint";
import { SwitchablePort } from "../nodes/switchable-port";
import { DynamipsHypervisor, type HypervisorOptions } from "./hypervisor-process";
import { circuitCommands, type CircuitModule } from "./switch-circuits";
import { openUdpNio } from "./udp-nio";
import { circuitPorts } from "@shared/dynamips/virtual-circuits";

export interface CircuitSwitchOptions extends HypervisorOptions {
  readonly module: CircuitModule;
  /** Told when the switch stops switching (its hypervisor died; the message says why) and when it switches again (null). */
  readonly onProblem: (problem: string | null) => void;
}

interface Run {
  readonly hypervisor: DynamipsHypervisor;
  readonly tunnels: Map<number, UdpEndpoint>;
  /** The circuits the hypervisor switches now, as JSON; "" until they are all set. */
  applied: string;
}

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;
/** The switch's name inside its hypervisor, which holds nothing else. */
const SWITCH_NAME = "switch";

export class CircuitSwitch {
  private readonly ports = new Map<number, SwitchablePort>();
  private circuits: VirtualCircuit[] = [];
  private run: Run | undefined;
  private queue: Promise<void> = Promise.resolve();
  private retry: NodeJS.Timeout | undefined;
  private retryMs = FIRST_RETRY_MS;
  /** A problem was told and not yet cleared. */
  private troubled = false;
  private closed = false;

  constructor(private readonly options: CircuitSwitchOptions) {}

  /** Port `n` of the switch, for as long as a circuit uses it. */
  port(portNumber: number): Endpoint | undefined {
    return this.ports.get(portNumber);
  }

  /** The hypervisor's pid while one runs (tests end it to see the switch come back). */
  get pid(): number | undefined {
    return this.run?.hypervisor.pid;
  }

  /** Switches `circuits` from now on; rejects with why it cannot (the hypervisor would not start, or refused a circuit). */
  configure(circuits: readonly VirtualCircuit[]): Promise<void> {
    this.circuits = [...circuits];
    for (const port of circuitPorts(circuits)) if (!this.ports.has(port)) this.ports.set(port, new SwitchablePort());
    return this.serialise(() => this.apply());
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    await this.serialise(async () => {
      if (this.run) await this.end(this.run, true);
    });
  }

  private serialise(step: () => Promise<void>): Promise<void> {
    const next = this.queue.then(step);
    this.queue = next.catch(() => {});
    return next;
  }

  private async apply(): Promise<void> {
    if (this.closed) return;
    const wanted = JSON.stringify(this.circuits);
    if (this.run?.applied === wanted) return;
    // Circuits change in a fresh hypervisor: Dynamips 0.2.14 loses track of a switch made again
    // (or of its circuits deleted) on NIOs the old one used, as its NIO listeners are released
    // behind the new ones' backs. A change costs the frames in flight, as GNS3's would.
    if (this.run) await this.end(this.run, true);
    const run = await this.start();
    const { client } = run.hypervisor;
    for (const port of [...this.ports.keys()]) if (!circuitPorts(this.circuits).includes(port)) this.ports.delete(port);
    for (const port of circuitPorts(this.circuits)) {
      const tunnel = await openUdpNio(client, nioName(port));
      run.tunnels.set(port, tunnel);
      this.ports.get(port)!.attach(tunnel);
    }
    await client.send(this.options.module, "create", SWITCH_NAME);
    for (const command of circuitCommands(this.options.module, SWITCH_NAME, this.circuits, nioName)) await client.send(...command);
    run.applied = wanted;
    clearTimeout(this.retry);
    this.retryMs = FIRST_RETRY_MS;
    this.tell(null);
  }

  private tell(problem: string | null): void {
    if (problem === null && !this.troubled) return;
    this.troubled = problem !== null;
    this.options.onProblem(problem);
  }

  private async start(): Promise<Run> {
    const hypervisor = await DynamipsHypervisor.start(this.options);
    const run: Run = { hypervisor, tunnels: new Map(), applied: "" };
    hypervisor.onExit((message) => void this.serialise(() => this.crashed(run, message)));
    this.run = run;
    return run;
  }

  private async crashed(run: Run, message: string): Promise<void> {
    if (this.run !== run || this.closed) return;
    this.options.log.warn("the switch's Dynamips hypervisor exited; starting it again", { node_id: this.options.nodeId, detail: message });
    await this.end(run, false);
    this.tell(`${message}; starting it again`);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      void this.serialise(async () => {
        try {
          await this.apply();
        } catch (error) {
          if (this.run) await this.end(this.run, true);
          this.tell(`Dynamips would not switch again: ${(error as Error).message}; trying again`);
          this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
          if (!this.closed) this.scheduleRetry();
        }
      });
    }, this.retryMs);
  }

  /** Lets the run go: its ports detached (frames to them are lost meanwhile), its sockets closed, the process ended when `stop`. */
  private async end(run: Run, stop: boolean): Promise<void> {
    if (this.run === run) this.run = undefined;
    for (const port of run.tunnels.keys()) this.ports.get(port)?.detach();
    await Promise.all([...run.tunnels.values()].map((tunnel) => tunnel.close()));
    run.tunnels.clear();
    if (stop) await run.hypervisor.stop();
  }
}

function nioName(port: number): string {
  return `udp-${port}`;
}
