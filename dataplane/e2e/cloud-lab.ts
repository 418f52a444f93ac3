import { randomBytes } from "node:crypto";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { freeUdpPort, UdpPeer } from "./udp-traffic";

export interface ApiAnswer {
  status: number;
  body: any;
}

export type Api = (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;

/** The /v2 API of a controller at `url`, answers parsed; `headers` go with every request (a Basic authorization). */
export function apiAt(url: string | (() => string), headers: Record<string, string> = {}): Api {
  return async (method, path, body) => {
    const base = typeof url === "string" ? url : url();
    const response = await fetch(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}

export interface DataplaneStatus {
  connected: boolean;
  revision: number;
  applied_revision: number;
  errors: unknown[];
  left_out: unknown[];
  forwarded_frames: number;
}

/**
 * Waits until `hostId` is connected and has acked, without item errors, a revision newer than
 * `after`; answers its dataplane status.
 */
export async function waitForApplied(api: Api, hostId: string, after = -1, timeoutMs = 15_000): Promise<DataplaneStatus> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const dataplane = await api("GET", `/v2/computes/${hostId}`).then(
      ({ body }) => body?.dataplane as DataplaneStatus | undefined,
      () => undefined,
    );
    if (dataplane?.connected && dataplane.revision > after && dataplane.applied_revision === dataplane.revision) {
      if (dataplane.errors.length > 0) throw new Error(`dataplane errors on ${hostId}: ${JSON.stringify(dataplane.errors)}`);
      return dataplane;
    }
    if (performance.now() > deadline) throw new Error(`dataplane of ${hostId} did not apply a revision after ${after}: ${JSON.stringify(dataplane)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The revision the controller last decided for `hostId` (0 before any). */
export async function revisionOf(api: Api, hostId: string): Promise<number> {
  return Number((await api("GET", `/v2/computes/${hostId}`)).body?.dataplane?.revision ?? 0);
}

/**
 * Makes `change` (a request that must answer `status`), then waits until `hostId` applied a
 * revision decided after it, without item errors; resolves with the answer.
 */
export async function changeApplied(api: Api, hostId: string, change: () => Promise<ApiAnswer>, status: number): Promise<ApiAnswer> {
  const before = await revisionOf(api, hostId);
  const answer = await change();
  // Thrown rather than asserted: benchmarks build their labs with these helpers outside vitest.
  if (answer.status !== status) throw new Error(`expected ${status}, answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  await waitForApplied(api, hostId, before);
  return answer;
}

export interface CloudEnd {
  computeId: string;
  /** The emulator stand-in the cloud port sends to. */
  peer: UdpPeer;
}

export interface CloudPath {
  projectId: string;
  /** Cloud 1 ↔ hub (the one with the filters), hub ↔ cloud 2. */
  linkIds: [string, string];
  /** The daemon's UDP port of each cloud: where that end's emulator sends. */
  ports: [number, number];
}

/**
 * A project where two emulators talk through cloud nodes, one UDP tunnel port each (the daemon
 * listens on a free port and sends to the peer's). Two clouds may not be linked (GNS3's rule),
 * so a two-port hub on the second end's host joins them: cloud 1 ↔ hub carries `filters`
 * (and crosses hosts when the ends are on two), hub ↔ cloud 2 is plain. Resolves once every
 * host involved has acked a newer revision; that may still be the nodes' one, so callers wait
 * for frames (`waitForArrivals`) before relying on the path. Built in a new project, or in
 * `projectId`'s when given (someone is already watching it).
 */
export async function createCloudPath(api: Api, ends: [CloudEnd, CloudEnd], filters: Record<string, number[] | string[]> = {}, projectId?: string): Promise<CloudPath> {
  const hostIds = [...new Set(ends.map((end) => end.computeId))];
  const befores = await Promise.all(hostIds.map((hostId) => revisionOf(api, hostId)));
  projectId ??= await newProject(api);
  const base = `/v2/projects/${projectId}`;
  const create = async (body: Record<string, unknown>): Promise<string> => {
    const created = await api("POST", `${base}/nodes`, body);
    if (created.status !== 201) throw new Error(`cannot create ${String(body.name)}: ${JSON.stringify(created.body)}`);
    return created.body.node_id;
  };
  const ports: number[] = [];
  const clouds: string[] = [];
  for (const [index, end] of ends.entries()) {
    const port = await freeUdpPort();
    ports.push(port);
    clouds.push(
      await create({
        name: `Cloud${index + 1}`,
        node_type: "cloud",
        compute_id: end.computeId,
        properties: { ports_mapping: [{ name: "UDP tunnel 1", port_number: 0, type: "udp", lport: port, rhost: "127.0.0.1", rport: end.peer.port }] },
      }),
    );
  }
  const hub = await create({
    name: "Hub",
    node_type: "ethernet_hub",
    compute_id: ends[1].computeId,
    properties: { ports_mapping: [{ name: "e0", port_number: 0 }, { name: "e1", port_number: 1 }] },
  });
  const linkIds: string[] = [];
  for (const [cloud, hubPort, linkFilters] of [[clouds[0]!, 0, filters], [clouds[1]!, 1, {}]] as const) {
    const link = await api("POST", `${base}/links`, {
      nodes: [
        { node_id: cloud, adapter_number: 0, port_number: 0 },
        { node_id: hub, adapter_number: 0, port_number: hubPort },
      ],
      filters: linkFilters,
    });
    if (link.status !== 201) throw new Error(`cannot create a link: ${JSON.stringify(link.body)}`);
    linkIds.push(link.body.link_id);
  }
  for (const [index, hostId] of hostIds.entries()) await waitForApplied(api, hostId, befores[index]);
  return { projectId, linkIds: [linkIds[0]!, linkIds[1]!], ports: [ports[0]!, ports[1]!] };
}

async function newProject(api: Api): Promise<string> {
  const project = await api("POST", "/v2/projects", { name: `faults-${Math.random().toString(36).slice(2)}` });
  if (project.status !== 201) throw new Error(`cannot create the project: ${JSON.stringify(project.body)}`);
  return project.body.project_id;
}

/** `npm start` with a cloud path between two emulator stand-ins on its local daemon. */
export interface LocalCloudLab {
  controller: ControllerProcess;
  api: Api;
  path: CloudPath;
  /** The emulators at the two ends: `peers[0]` sends into `path.ports[0]`, and so on. */
  peers: [UdpPeer, UdpPeer];
  close(): Promise<void>;
}

/**
 * Starts `npm start` (controller and its local daemon) on `dataDir` and builds a cloud path
 * whose first link carries `filters`, once the daemon has applied its first state.
 */
export async function startLocalCloudLab(dataDir: string, filters: Record<string, number[] | string[]>): Promise<LocalCloudLab> {
  const controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--dataplane-token", randomBytes(16).toString("hex")]);
  const peers: UdpPeer[] = [];
  const close = async () => {
    await Promise.all(peers.map((peer) => peer.close()));
    await controller.stop();
  };
  try {
    const api = apiAt(controller.url);
    await waitForApplied(api, "local");
    peers.push(await UdpPeer.open(), await UdpPeer.open());
    const path = await createCloudPath(api, [{ computeId: "local", peer: peers[0]! }, { computeId: "local", peer: peers[1]! }], filters);
    return { controller, api, path, peers: peers as [UdpPeer, UdpPeer], close };
  } catch (error) {
    await close();
    throw error;
  }
}
