import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { VpcsConsole, parsePing, type PingResult } from "../nodes/console";

/** A running `npm start` with two VPCS nodes linked through the /v2 API: what a user builds first. */
export interface VpcsLab {
  controller: ControllerProcess;
  projectId: string;
  linkId: string;
  nodes: Array<{ node_id: string; console: number; name: string }>;
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  /**
   * Waits until the local daemon has applied a revision newer than `after` (the controller
   * debounces changes, so a revision is not always there the moment the API answers).
   */
  settled(after?: number): Promise<void>;
  /** The revision the controller has decided for the local host so far. */
  revision(): Promise<number>;
  ping(from: 0 | 1, count: number, extra?: string): Promise<PingResult>;
  close(): Promise<void>;
}

export async function startVpcsLab(dataDir: string, extraArgs: string[] = []): Promise<VpcsLab> {
  const controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir, ...extraArgs]);
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${controller.url}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const { body: project } = await api("POST", "/v2/projects", { name: "e2e" });
  const base = `/v2/projects/${project.project_id}`;
  const nodes = [];
  for (const name of ["PC1", "PC2"]) nodes.push((await api("POST", `${base}/nodes`, { name, node_type: "vpcs", compute_id: "local" })).body);
  const { body: link } = await api("POST", `${base}/links`, {
    nodes: nodes.map((node) => ({ node_id: node.node_id, adapter_number: 0, port_number: 0 })),
  });
  const revision = async () => Number((await api("GET", "/v2/computes/local")).body.dataplane?.revision ?? 0);
  const settled = async (after = -1) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { body } = await api("GET", "/v2/computes/local");
      const dataplane = body.dataplane;
      if (dataplane?.connected && dataplane.revision > after && dataplane.applied_revision === dataplane.revision) {
        if (dataplane.errors.length > 0) throw new Error(`dataplane errors: ${JSON.stringify(dataplane.errors)}`);
        return;
      }
      if (Date.now() > deadline) throw new Error(`dataplane did not settle: ${JSON.stringify(dataplane)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  for (const node of nodes) await api("POST", `${base}/nodes/${node.node_id}/start`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  await settled();
  const consoles: VpcsConsole[] = [];
  for (const [index, node] of nodes.entries()) {
    const console = await VpcsConsole.connect(node.console);
    await console.command(`ip 10.0.0.${index + 1}/24`, 15_000);
    consoles.push(console);
  }
  return {
    controller,
    projectId: project.project_id,
    linkId: link.link_id,
    nodes,
    api,
    settled,
    revision,
    ping: async (from, count, extra = "") => {
      const target = `10.0.0.${from === 0 ? 2 : 1}`;
      return parsePing(await consoles[from]!.command(`ping ${target} -c ${count}${extra ? ` ${extra}` : ""}`, 60_000));
    },
    close: async () => {
      for (const console of consoles) console.close();
      await controller.stop();
    },
  };
}

/** The median round trip of the answered pings: robust to the odd slow reply of a busy machine. */
export function medianRtt(result: PingResult): number {
  const times = result.replies.flatMap((reply) => ("timeMs" in reply ? [reply.timeMs] : [])).sort((a, b) => a - b);
  return times.length === 0 ? Number.NaN : times[Math.floor(times.length / 2)]!;
}
