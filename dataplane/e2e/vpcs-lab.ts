import { expect } from "vitest";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { VpcsConsole, parsePing, type PingResult } from "../nodes/console";
import { endLeftoverVpcs, startDaemonProcess, type DaemonProcess } from "./daemon-process";

export interface LabOptions {
  /** The controller: `start` (Node, the default) or `start:worker` (the Worker in workerd); both run a local daemon. */
  script?: "start" | "start:worker";
  /** Extra arguments to the controller's script. */
  args?: string[];
  /** Compute and console port of PC1 and PC2; by default both on `local`, ports the controller picks. */
  pcs?: [PcPlacement, PcPlacement];
  /** Daemons started by hand before the nodes are created, as on other hosts (same machine, own data dir). */
  hosts?: Array<{ hostId: string; udpPorts: string }>;
  /** PC1 — SW1 — SW2 — PC2 instead of a direct link; the lab's `linkId` is then SW1—SW2. */
  throughSwitches?: boolean;
}

export interface PcPlacement {
  computeId: string;
  console?: number;
}

/** Revision decided per host, to wait for the next one. */
export type Revisions = Record<string, number>;

/** A running `npm start` with two VPCS nodes linked through the /v2 API: what a user builds first. */
export interface VpcsLab {
  controller: ControllerProcess;
  projectId: string;
  linkId: string;
  nodes: Array<{ node_id: string; console: number; name: string }>;
  /** The daemons started by hand, by host id. */
  daemons: Map<string, DaemonProcess>;
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  /**
   * Waits until every host of the lab has applied a revision newer than in `after` (the
   * controller debounces changes, so a revision is not always there the moment the API answers).
   * Only for changes that reach every host, such as the link's.
   */
  settled(after?: Revisions): Promise<void>;
  /** The revisions the controller has decided for the lab's hosts so far. */
  revision(): Promise<Revisions>;
  ping(from: 0 | 1, count: number, extra?: string): Promise<PingResult>;
  /** Opens the consoles again (after their VPCS was restarted), retrying until they answer. */
  reconnect(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startVpcsLab(dataDir: string, options: LabOptions = {}): Promise<VpcsLab> {
  const token = randomBytes(16).toString("hex");
  const controller = await startControllerProcess(
    ["--port", "0", "--data-dir", dataDir, "--dataplane-token", token, ...(options.args ?? [])],
    {},
    options.script ?? "start",
    { captureOutput: true },
  );
  const daemons = new Map<string, DaemonProcess>();
  const daemonDirs: string[] = [];
  const consoles: VpcsConsole[] = [];
  const close = async () => {
    consoles.forEach((console) => console.close());
    await Promise.all([...daemons.values()].map((daemon) => daemon.stop()));
    await controller.stop();
    for (const dir of [dataDir, ...daemonDirs]) await endLeftoverVpcs(dir);
  };
  try {
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${controller.url}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    };
    for (const host of options.hosts ?? []) {
      const hostDir = join(dataDir, `daemon-${host.hostId}`);
      mkdirSync(hostDir, { recursive: true });
      daemonDirs.push(hostDir);
      daemons.set(host.hostId, await startDaemonProcess({ controllerUrl: controller.url, hostId: host.hostId, token, dataDir: hostDir, udpPorts: host.udpPorts }));
    }
    const placements = options.pcs ?? [{ computeId: "local" }, { computeId: "local" }];
    const hostIds = [...new Set(placements.map((pc) => pc.computeId))];
    const revision = async () => {
      const revisions: Revisions = {};
      for (const hostId of hostIds) revisions[hostId] = Number((await api("GET", `/v2/computes/${hostId}`)).body?.dataplane?.revision ?? 0);
      return revisions;
    };
    const settled = async (after: Revisions = {}) => {
      const deadline = Date.now() + 15_000;
      for (const hostId of hostIds) {
        for (;;) {
          const { body } = await api("GET", `/v2/computes/${hostId}`);
          const dataplane = body?.dataplane;
          if (dataplane?.connected && dataplane.revision > (after[hostId] ?? -1) && dataplane.applied_revision === dataplane.revision) {
            if (dataplane.errors.length > 0) throw new Error(`dataplane errors on ${hostId}: ${JSON.stringify(dataplane.errors)}`);
            break;
          }
          if (Date.now() > deadline) throw new Error(`dataplane of ${hostId} did not settle: ${JSON.stringify(dataplane)}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    // A host that has just connected may not be a compute yet.
    await settled();

    const { body: project } = await api("POST", "/v2/projects", { name: "e2e" });
    const base = `/v2/projects/${project.project_id}`;
    const nodes: VpcsLab["nodes"] = [];
    for (const [index, pc] of placements.entries()) {
      const body = { name: `PC${index + 1}`, node_type: "vpcs", compute_id: pc.computeId, ...(pc.console === undefined ? {} : { console: pc.console }) };
      const created = await api("POST", `${base}/nodes`, body);
      if (created.status !== 201) throw new Error(`cannot create ${body.name}: ${JSON.stringify(created.body)}`);
      nodes.push(created.body);
    }
    const linkOf = async (ends: Array<[{ node_id: string }, number]>) =>
      (await api("POST", `${base}/links`, { nodes: ends.map(([node, port]) => ({ node_id: node.node_id, adapter_number: 0, port_number: port })) })).body;
    let link: { link_id: string };
    if (options.throughSwitches) {
      const switches = [];
      for (const name of ["SW1", "SW2"]) switches.push((await api("POST", `${base}/nodes`, { name, node_type: "ethernet_switch", compute_id: "local" })).body);
      await linkOf([[nodes[0]!, 0], [switches[0], 0]]);
      link = await linkOf([[switches[0], 1], [switches[1], 1]]);
      await linkOf([[switches[1], 0], [nodes[1]!, 0]]);
    } else {
      link = await linkOf(nodes.map((node) => [node, 0] as [{ node_id: string }, number]));
    }
    const before = await revision();
    for (const node of nodes) await api("POST", `${base}/nodes/${node.node_id}/start`);
    await settled(before);
    for (const [index, node] of nodes.entries()) consoles.push(await configureConsole(node.console, `10.0.0.${index + 1}/24`));
    return {
      controller,
      projectId: project.project_id,
      linkId: link.link_id,
      nodes,
      daemons,
      api,
      settled,
      revision,
      ping: async (from, count, extra = "") => {
        const target = `10.0.0.${from === 0 ? 2 : 1}`;
        return parsePing(await consoles[from]!.command(`ping ${target} -c ${count}${extra ? ` ${extra}` : ""}`, 60_000));
      },
      reconnect: async (timeoutMs = 15_000) => {
        const deadline = Date.now() + timeoutMs;
        for (const [index, node] of nodes.entries()) {
          consoles[index]?.close();
          for (;;) {
            try {
              consoles[index] = await VpcsConsole.connect(node.console);
              break;
            } catch (error) {
              if (Date.now() > deadline) throw error;
              await new Promise((resolve) => setTimeout(resolve, 100));
            }
          }
        }
      },
      close,
    };
  } catch (error) {
    await close();
    // What the server said while the lab would not come up (workerd's errors among it) goes with the failure.
    throw new Error(`${(error as Error).message}\nlast lines of the controller:\n  ${controller.output.slice(-30).join("\n  ")}`, { cause: error });
  }
}

/**
 * The shortest round trip of the answered pings. A busy machine only ever adds to a round
 * trip, and a link's delay adds to every one, so the floor shows the delay where a median
 * (8.6 ms over five unfiltered pings in a loaded CI run, against 1-2 ms idle) blurs it.
 */
export function floorRtt(result: PingResult): number {
  const times = roundTrips(result);
  return times.length === 0 ? Number.NaN : Math.min(...times);
}

/** The round trips of the answered pings, in milliseconds. */
export function roundTrips(result: PingResult): number[] {
  return result.replies.flatMap((reply) => ("timeMs" in reply ? [reply.timeMs] : []));
}

export interface AddedDelay {
  /** The floor round trip without the delay. */
  baseMs: number;
  /** What the link's delay adds to a round trip. */
  addedMs: number;
  /** How far the floor may be from `baseMs + addedMs`. */
  toleranceMs: number;
  /** The pings of one round, each of which must be answered. */
  pings: number;
}

/** At most this many rounds of pings are sent while the floor stays above the tolerance. */
const DELAY_ROUNDS = 4;

/**
 * Checks that a link's delay adds `addedMs` to the round trip: the floor of a round of pings
 * shows it (see floorRtt). A loaded machine can hold back every ping of a round, but never
 * brings one back early; so while the floor is above the tolerance another round is sent, and
 * the floor of the pings so far only falls toward the delay. A delay too short fails at once.
 */
export async function expectAddedDelay(pingRound: () => Promise<number[]>, expected: AddedDelay): Promise<void> {
  const rtts: number[] = [];
  for (let round = 1; ; round++) {
    const replies = await pingRound();
    expect(replies, "every ping of the round answered").toHaveLength(expected.pings);
    rtts.push(...replies);
    if (Math.min(...rtts) - expected.baseMs - expected.addedMs < expected.toleranceMs || round === DELAY_ROUNDS) break;
  }
  const floor = Math.min(...rtts);
  const detail = `floor ${floor} ms over ${rtts.length} pings, ${expected.baseMs} ms without the delay`;
  expect(floor, detail).toBeGreaterThan(expected.addedMs - expected.toleranceMs);
  expect(floor - expected.baseMs - expected.addedMs, detail).toBeLessThan(expected.toleranceMs);
}

/**
 * Gives a PC its address through its console. VPCS greets only its first client, so a later
 * one is silent until Enter is pressed (`VpcsConsole.connect` presses it); a console still
 * silent after a command (seen a few times in loaded CI runs) is dropped and dialled again, at
 * most three times.
 */
export async function configureConsole(port: number, address: string, host?: string): Promise<VpcsConsole> {
  for (let attempt = 1; ; attempt++) {
    let console: VpcsConsole | undefined;
    try {
      console = await VpcsConsole.connect(port, host === undefined ? {} : { host });
      await console.command(`ip ${address}`, 10_000);
      // Into startup.vpc in the node's work dir: a VPCS started again configures itself.
      await console.command("save", 10_000);
      return console;
    } catch (error) {
      console?.close();
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
