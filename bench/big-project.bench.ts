/**
 * A big project's open and start-all, on Node and on Workers: one project of 1,000 nodes and
 * 2,000 links on compute `local` (30 VPCS, 40 clouds with two UDP tunnel ports each, 470
 * switches, 460 hubs), built through the /v2 API against the real server started as `npm start`
 * and then as `npm run start:worker`, each on a fresh data dir with its local dataplane daemon.
 * Then, a few times over: `POST …/close`, `POST …/open` until it answers (the issue's "opens in
 * < 2 s"), `POST …/nodes/start` until its 204 (the issue's "start-all answers within 5 s") and
 * `POST …/nodes/stop`; median and range of each, and the controller's memory after. The build
 * (≤ 10 requests in flight) is timed and printed too, but is not the figure.
 *
 * What it checks, cheaply, that the figures are real: after each start-all every VPCS is
 * "started" in GET …/nodes, the daemon acked the newest revision without errors or left-out
 * items (GET /v2/computes/local), and, once per runtime, the daemon's Prometheus /metrics lists
 * every one of the project's 2,000 links.
 *
 * Frames: the VPCS and clouds hang off a loop-free chain of edge switches; the 1,881 other links
 * make a meshed core of switches and hubs only, which no frame ever enters (nothing there
 * originates one), so the core's loops cannot become a broadcast storm. The daemon's
 * forwarded-frame total is printed to show that.
 *
 * Run: npm run bench -- big-project
 *   BENCH_RUNTIMES=node,worker (the default; either alone), BENCH_REPEATS=3,
 *   BENCH_REFERENCE=/path/to/another/checkout (its dependencies installed: each runtime runs there too, after this one),
 *   BENCH_CLOUD_UDP_BASE=40000 (the clouds' local UDP ports, 80 from there, probed free first)
 */
import { createSocket } from "node:dgram";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { processGroupMemory, serverMemoryMiB, startControllerProcess, type ControllerProcess } from "../controller/testing/controller-process";
import { inParallel } from "../controller/testing/in-parallel";
import { waitForApplied as waitForHostApplied, type DataplaneStatus } from "../dataplane/e2e/cloud-lab";
import { endLeftoverVpcs, processesWorkingIn } from "../dataplane/e2e/daemon-process";
import { freeTcpPort } from "../dataplane/nodes/testing/qemu-spec";
import { commandLine } from "../dataplane/nodes/processes";

const RUNTIMES = (process.env.BENCH_RUNTIMES ?? "node,worker").split(",").map((name) => name.trim()).filter(Boolean);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const CLOUD_UDP_BASE = Number(process.env.BENCH_CLOUD_UDP_BASE ?? 40_000);
const SCRIPTS: Record<string, string> = { node: "start", worker: "start:worker" };

const NODES = 1000;
const LINKS = 2000;
const VPCS = 30;
const CLOUDS = 40;
const PORTS_PER_CLOUD = 2;
/** Each edge switch takes 11 VPCS or cloud ports and at most two chain links. */
const EDGE_SWITCHES = 10;
const EDGE_PORTS = 16;
const CORE_PORTS = 8;
const IN_FLIGHT = 10;
/** No single request may hang the run: the slowest expected (a 2,000-link open on Workers) takes seconds. */
const REQUEST_TIMEOUT_MS = 120_000;
const APPLIED_TIMEOUT_MS = 60_000;

interface Answer {
  status: number;
  body: any;
  ms: number;
}

function apiOf(url: string) {
  return async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const began = performance.now();
    const response = await fetch(`${url}${path}`, {
      method,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const ms = performance.now() - began;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (an error page): kept as text.
    }
    return { status: response.status, body: parsed, ms };
  };
}
type Api = ReturnType<typeof apiOf>;

async function expectStatus(api: Api, method: string, path: string, status: number, body?: unknown): Promise<Answer> {
  const answer = await api(method, path, body);
  if (answer.status !== status) throw new Error(`${method} ${path} answered ${answer.status} (wanted ${status}): ${JSON.stringify(answer.body).slice(0, 500)}`);
  return answer;
}

/** Waits until the local daemon acked the newest revision; throws on item errors, items left out, or after the timeout. */
async function waitForApplied(api: Api): Promise<DataplaneStatus> {
  const dataplane = await waitForHostApplied(api, "local", -1, APPLIED_TIMEOUT_MS);
  if (dataplane.left_out.length > 0) throw new Error(`dataplane left out ${dataplane.left_out.length} items: ${JSON.stringify(dataplane.left_out.slice(0, 3))}`);
  return dataplane;
}

async function udpPortFree(port: number): Promise<boolean> {
  const socket = createSocket("udp4");
  const bound = await new Promise<boolean>((resolve) => {
    socket.once("error", () => resolve(false));
    socket.bind(port, "127.0.0.1", () => resolve(true));
  });
  socket.close();
  return bound;
}

/** The first of `count` consecutive free UDP ports from `base`, trying ten blocks of 100 at most. */
async function freeUdpBlock(base: number, count: number): Promise<number> {
  for (let block = 0; block < 10; block++) {
    const first = base + block * 100;
    let free = true;
    for (let port = first; port < first + count && free; port++) free = await udpPortFree(port);
    if (free) return first;
  }
  throw new Error(`no ${count} free UDP ports in a row from ${base}`);
}

interface NodeSpec {
  name: string;
  body: Record<string, unknown>;
  ports: number;
}

/** The nodes and the links between them, as indexes into the node list and port numbers. */
function topology(cloudUdpBase: number): { nodes: NodeSpec[]; links: Array<[[number, number], [number, number]]> } {
  const nodes: NodeSpec[] = [];
  const switchNode = (name: string, ports: number): NodeSpec => ({
    name,
    ports,
    body: {
      name,
      node_type: "ethernet_switch",
      compute_id: "local",
      properties: { ports_mapping: Array.from({ length: ports }, (_, i) => ({ name: `Ethernet${i}`, port_number: i, type: "access", vlan: 1 })) },
    },
  });
  const hubNode = (name: string, ports: number): NodeSpec => ({
    name,
    ports,
    body: { name, node_type: "ethernet_hub", compute_id: "local", properties: { ports_mapping: Array.from({ length: ports }, (_, i) => ({ name: `Ethernet${i}`, port_number: i })) } },
  });
  for (let i = 0; i < VPCS; i++) nodes.push({ name: `PC${i + 1}`, ports: 1, body: { name: `PC${i + 1}`, node_type: "vpcs", compute_id: "local" } });
  for (let i = 0; i < CLOUDS; i++) {
    const ports_mapping = Array.from({ length: PORTS_PER_CLOUD }, (_, port) => {
      const lport = cloudUdpBase + i * PORTS_PER_CLOUD + port;
      // Nothing listens at rport: an idle lab sends nothing there.
      return { name: `UDP tunnel ${port + 1}`, port_number: port, type: "udp", lport, rhost: "127.0.0.1", rport: lport + 1000 };
    });
    nodes.push({ name: `Cloud${i + 1}`, ports: PORTS_PER_CLOUD, body: { name: `Cloud${i + 1}`, node_type: "cloud", compute_id: "local", properties: { ports_mapping } } });
  }
  const firstEdge = nodes.length;
  for (let i = 0; i < EDGE_SWITCHES; i++) nodes.push(switchNode(`Edge${i + 1}`, EDGE_PORTS));
  const firstCore = nodes.length;
  const core = NODES - firstCore;
  for (let i = 0; i < core; i++) nodes.push(i % 2 === 0 ? switchNode(`Core${i + 1}`, CORE_PORTS) : hubNode(`Hub${i + 1}`, CORE_PORTS));

  const used = new Array<number>(nodes.length).fill(0);
  const nextPort = (node: number): [number, number] => {
    if (used[node]! >= nodes[node]!.ports) throw new Error(`${nodes[node]!.name} has no free port left`);
    return [node, used[node]!++];
  };
  const links: Array<[[number, number], [number, number]]> = [];
  const link = (a: number, b: number) => links.push([nextPort(a), nextPort(b)]);
  // Edge: every VPCS and cloud port on an edge switch, 11 a switch; the edge switches in a chain (no loop).
  let leaf = 0;
  for (let node = 0; node < firstEdge; node++) {
    for (let port = 0; port < nodes[node]!.ports; port++) link(node, firstEdge + Math.floor(leaf++ / 11));
  }
  for (let i = 1; i < EDGE_SWITCHES; i++) link(firstEdge + i - 1, firstEdge + i);
  // Core: a ring, a ring of chords 7 apart, and as many chords 100 apart as make 2,000 links.
  const coreNode = (i: number) => firstCore + (i % core);
  for (let i = 0; i < core; i++) link(coreNode(i), coreNode(i + 1));
  for (let i = 0; i < core; i++) link(coreNode(i), coreNode(i + 7));
  for (let i = 0; links.length < LINKS; i++) link(coreNode(i), coreNode(i + 100));
  if (nodes.length !== NODES || links.length !== LINKS) throw new Error(`topology has ${nodes.length} nodes and ${links.length} links`);
  return { nodes, links };
}

interface Stats {
  median: number;
  min: number;
  max: number;
}

function stats(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)! };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const describe = (samples: readonly number[]) => {
  if (samples.length === 0) return "no sample";
  const { median, min, max } = stats(samples);
  return `median ${seconds(median)} (range ${seconds(min)}–${seconds(max)}, ${samples.length} runs)`;
};

/** Resident memory of each process of the controller's group, largest first, named by what it runs. */
function memoryByProcess(controller: ControllerProcess): string {
  const rows = processGroupMemory(controller).flatMap(({ pid, rss }) => {
    const command = (commandLine(pid) ?? []).join(" ");
    const program = (command.split(" ")[0] ?? "?").split("/").at(-1)!;
    const name = program === "sh"
      ? "sh"
      : /dataplane-cli/.test(command)
      ? "daemon"
      : /workerd/.test(command)
        ? "workerd"
        : /worker-cli/.test(command)
          ? "worker-cli"
          : /runtime\/cli\.ts|runtime-cli/.test(command)
            ? "controller"
            : program;
    return rss > 0 ? [{ name, rss }] : [];
  });
  return rows
    .sort((a, b) => b.rss - a.rss)
    .map((row) => `${row.name} ${row.rss.toFixed(0)}`)
    .join(", ");
}

/** Links of the project the daemon's Prometheus /metrics lists (one capture-failures sample a link). */
async function linksInMetrics(metricsPort: number, projectId: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await response.text();
  const ids = new Set<string>();
  for (const line of text.split("\n")) {
    if (!line.startsWith("gns3_link_capture_failures_total{") || !line.includes(`project_id="${projectId}"`)) continue;
    const id = /link_id="([^"]+)"/.exec(line)?.[1];
    if (id) ids.add(id);
  }
  return ids.size;
}

/** VPCS still running from this data dir after the server stopped: ended, and counted as a failure. */
async function leftoverVpcs(dataDir: string): Promise<number> {
  const strays = processesWorkingIn(dataDir).filter((pid) => commandLine(pid)?.[0]?.endsWith("vpcs") === true);
  if (strays.length > 0) {
    await endLeftoverVpcs(dataDir);
    await endLeftoverVpcs(join(dataDir, "dataplane"));
  }
  return strays.length;
}

let current: ControllerProcess | undefined;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    // Interrupted: the server's group goes too (the daemon then stops its VPCS).
    if (current) {
      try {
        process.kill(-current.child.pid!, "SIGTERM");
      } catch {
        // Already gone.
      }
    }
    process.exit(130);
  });
}

async function benchRuntime(runtime: string, checkout?: string): Promise<boolean> {
  const script = SCRIPTS[runtime];
  if (!script) throw new Error(`unknown runtime ${runtime}: node or worker`);
  console.log(`\n# ${runtime} (npm run ${script})${checkout ? `, reference ${checkout}` : ""}`);
  const problems: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), `bench-big-project-${runtime}-`));
  const metricsPort = await freeTcpPort();
  const cloudUdpBase = await freeUdpBlock(CLOUD_UDP_BASE, CLOUDS * PORTS_PER_CLOUD);
  let controller: ControllerProcess | undefined;
  try {
    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--dataplane-metrics-port", String(metricsPort)], {}, script, checkout ? { checkout } : {});
    current = controller;
    const api = apiOf(controller.url);
    // The local daemon dials in just after start-up: until then `local` is no compute.
    await waitForApplied(api);
    const { nodes, links } = topology(cloudUdpBase);

    const { project_id: projectId } = (await expectStatus(api, "POST", "/v2/projects", 201, { name: `big-project-${runtime}` })).body;
    const base = `/v2/projects/${projectId}`;
    const buildStarted = performance.now();
    const created = await inParallel(nodes.length, IN_FLIGHT, async (index) => (await expectStatus(api, "POST", `${base}/nodes`, 201, nodes[index]!.body)).body.node_id as string);
    const nodesMs = performance.now() - buildStarted;
    // When each link was answered, to see whether creation slows down as the project grows.
    const answeredAt: number[] = [];
    const linkIds = await inParallel(links.length, IN_FLIGHT, async (index) => {
      const ends = links[index]!.map(([node, port]) => ({ node_id: created[node]!, adapter_number: 0, port_number: port }));
      const linkId = (await expectStatus(api, "POST", `${base}/links`, 201, { nodes: ends })).body.link_id as string;
      answeredAt.push(performance.now());
      return linkId;
    });
    const buildMs = performance.now() - buildStarted;
    const linksMs = buildMs - nodesMs;
    const quarter = LINKS / 4;
    const quarterRates = [0, 1, 2, 3].map((q) => {
      const from = q === 0 ? buildStarted + nodesMs : answeredAt[q * quarter - 1]!;
      return Math.round(quarter / ((answeredAt[(q + 1) * quarter - 1]! - from) / 1000));
    });
    console.log(
      `build: ${NODES} nodes in ${seconds(nodesMs)} (${Math.round(NODES / (nodesMs / 1000))}/s), ${LINKS} links in ${seconds(linksMs)} ` +
        `(${Math.round(LINKS / (linksMs / 1000))}/s; by quarter ${quarterRates.join(", ")} links/s), ${seconds(buildMs)} in all, ${IN_FLIGHT} requests in flight`,
    );
    const listedNodes = (await expectStatus(api, "GET", `${base}/nodes`, 200)).body as unknown[];
    const listedLinks = (await expectStatus(api, "GET", `${base}/links`, 200)).body as unknown[];
    if (listedNodes.length !== NODES || listedLinks.length !== LINKS || new Set(linkIds).size !== LINKS) {
      throw new Error(`the project lists ${listedNodes.length} nodes and ${listedLinks.length} links, wanted ${NODES} and ${LINKS}`);
    }
    const built = await waitForApplied(api);

    const samples = { close: [] as number[], open: [] as number[], openApplied: [] as number[], start: [] as number[], stop: [] as number[] };
    const failedActions: string[] = [];
    let framesBefore = built.forwarded_frames;
    for (let round = 1; round <= REPEATS; round++) {
      samples.close.push((await expectStatus(api, "POST", `${base}/close`, 204)).ms);
      await waitForApplied(api);
      const opened = await api("POST", `${base}/open`);
      if (opened.status !== 201) failedActions.push(`round ${round}: open answered ${opened.status} after ${seconds(opened.ms)}: ${JSON.stringify(opened.body).slice(0, 300)}`);
      samples.open.push(opened.ms);
      const appliedStarted = performance.now();
      await waitForApplied(api);
      samples.openApplied.push(opened.ms + performance.now() - appliedStarted);

      const started = await api("POST", `${base}/nodes/start`);
      if (started.status !== 204) failedActions.push(`round ${round}: start-all answered ${started.status} after ${seconds(started.ms)}: ${JSON.stringify(started.body).slice(0, 300)}`);
      samples.start.push(started.ms);
      const afterStart = await waitForApplied(api);
      const listed = (await expectStatus(api, "GET", `${base}/nodes`, 200)).body as Array<{ node_type: string; status: string; name: string }>;
      const vpcs = listed.filter((node) => node.node_type === "vpcs");
      const notStarted = vpcs.filter((node) => node.status !== "started");
      if (vpcs.length !== VPCS || notStarted.length > 0) {
        problems.push(`round ${round}: ${vpcs.length} VPCS listed, not started: ${notStarted.map((node) => `${node.name} ${node.status}`).join(", ") || "none"}`);
      }
      const others = listed.filter((node) => node.node_type !== "vpcs" && node.status !== "started");
      if (others.length > 0) problems.push(`round ${round}: ${others.length} built-in nodes not started, e.g. ${others[0]!.name} ${others[0]!.status}`);
      if (round === REPEATS) {
        const inMetrics = await linksInMetrics(metricsPort, projectId);
        console.log(`check: ${vpcs.length - notStarted.length}/${VPCS} VPCS started; the daemon's /metrics lists ${inMetrics}/${LINKS} links of the project; revision ${afterStart.applied_revision} acked without errors`);
        if (inMetrics !== LINKS) problems.push(`the daemon's /metrics lists ${inMetrics} of the project's ${LINKS} links`);
      }

      const stopped = await api("POST", `${base}/nodes/stop`);
      if (stopped.status !== 204) failedActions.push(`round ${round}: stop-all answered ${stopped.status} after ${seconds(stopped.ms)}: ${JSON.stringify(stopped.body).slice(0, 300)}`);
      samples.stop.push(stopped.ms);
      const afterStop = await waitForApplied(api);
      console.log(
        `round ${round}: close ${seconds(samples.close.at(-1)!)}, open ${seconds(opened.ms)} (applied ${seconds(samples.openApplied.at(-1)!)}), ` +
          `start-all ${seconds(started.ms)}, stop-all ${seconds(stopped.ms)}; frames forwarded meanwhile ${afterStop.forwarded_frames - framesBefore}`,
      );
      framesBefore = afterStop.forwarded_frames;
    }

    console.log(`close:     ${describe(samples.close)}`);
    console.log(`open:      ${describe(samples.open)}   (target < 2 s: ${stats(samples.open).max < 2000 ? "met" : "NOT met"})`);
    console.log(`  until the daemon's ack seen in GET /v2/computes/local: ${describe(samples.openApplied)}`);
    console.log(`start-all: ${describe(samples.start)}   (target < 5 s: ${stats(samples.start).max < 5000 ? "met" : "NOT met"})`);
    console.log(`stop-all:  ${describe(samples.stop)}`);
    const memory = serverMemoryMiB(controller);
    console.log(`controller memory: ${memory.rss.toFixed(0)} MiB resident now, ${memory.peak.toFixed(0)} MiB peak (largest process); by process, MiB: ${memoryByProcess(controller)}`);
    problems.push(...failedActions);
  } catch (error) {
    problems.push(`${(error as Error).message}`);
  } finally {
    await controller?.stop();
    current = undefined;
    const left = await leftoverVpcs(dataDir);
    if (left > 0) problems.push(`${left} VPCS processes were left running after the server stopped (ended now)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const problem of problems) console.error(`${runtime}: FAILED: ${problem}`);
  return problems.length === 0;
}

let ok = true;
for (const runtime of RUNTIMES) {
  ok = (await benchRuntime(runtime)) && ok;
  if (process.env.BENCH_REFERENCE) ok = (await benchRuntime(runtime, process.env.BENCH_REFERENCE)) && ok;
}
process.exitCode = ok ? 0 : 1;
