/**
 * Controller throughput on this machine: GET links of a 1,000-link project, GET
 * available_filters, and 1,000 link creations, against the real server started by the
 * README's command (LMDB store), with autocannon in this process as the client.
 * Run: npm run bench -- controller
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { serverMemoryMiB, startControllerProcess } from "../controller/testing/controller-process";
import { inParallel } from "../controller/testing/in-parallel";

const LINKS = 1000;
const PORTS_PER_SWITCH = 100;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 10;

async function call(url: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${url}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

/** Switches with 100 ports each give 2,000 free ports for 1,000 links. */
async function buildProject(url: string, name: string): Promise<{ projectId: string; ends: Array<[string, number]> }> {
  const { project_id: projectId } = await call(url, "POST", "/v2/projects", { name });
  const ports_mapping = Array.from({ length: PORTS_PER_SWITCH }, (_, i) => ({ name: `Ethernet${i}`, port_number: i, type: "access", vlan: 1 }));
  const switches = await inParallel(Math.ceil((2 * LINKS) / PORTS_PER_SWITCH), 4, (i) =>
    call(url, "POST", `/v2/projects/${projectId}/nodes`, { name: `SW${i}`, node_type: "ethernet_switch", compute_id: "local", properties: { ports_mapping } }),
  );
  const ends: Array<[string, number]> = [];
  for (const node of switches) for (let port = 0; port < PORTS_PER_SWITCH; port++) ends.push([node.node_id, port]);
  return { projectId, ends };
}

function linkBody(ends: Array<[string, number]>, index: number) {
  const [a, portA] = ends[index]!;
  const [b, portB] = ends[LINKS + index]!;
  return { nodes: [{ node_id: a, adapter_number: 0, port_number: portA }, { node_id: b, adapter_number: 0, port_number: portB }] };
}

async function load(title: string, url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  const errors = result.errors + result.non2xx;
  console.log(
    `${title}: ${Math.round(result.requests.average)} requests/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `${(result.throughput.average / 1024 / 1024).toFixed(1)} MiB/s, ${errors} errors (${CONNECTIONS} connections, ${DURATION_S} s)`,
  );
}

const dataDir = mkdtempSync(join(tmpdir(), "bench-controller-"));
const controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir]);
try {
  const { url } = controller;
  const creation = await buildProject(url, "bench-create");
  const linksPath = `/v2/projects/${creation.projectId}/links`;
  let nextLink = 0;
  const started = performance.now();
  const createdRun = await autocannon({
    url: `${url}${linksPath}`,
    connections: CONNECTIONS,
    amount: LINKS,
    requests: [{ method: "POST", setupRequest: (request) => ({ ...request, body: JSON.stringify(linkBody(creation.ends, nextLink++)) }) }],
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `link creation: ${LINKS} links in ${seconds.toFixed(2)} s (${Math.round(LINKS / seconds)} links/s, ` +
      `p99 ${createdRun.latency.p99} ms, ${createdRun.non2xx + createdRun.errors} errors, ${CONNECTIONS} in flight)`,
  );

  const listed = await call(url, "GET", linksPath);
  if (listed.length !== LINKS) throw new Error(`expected ${LINKS} links, listed ${listed.length}`);
  const body = JSON.stringify(listed).length;
  await load(`GET links (${LINKS} links, ${Math.round(body / 1024)} KiB body)`, `${url}${linksPath}`);

  const filtersPath = `/v2/projects/${creation.projectId}/links/${listed[0].link_id}/available_filters`;
  await load("GET available_filters", `${url}${filtersPath}`);

  const memory = serverMemoryMiB(controller);
  console.log(`controller memory: ${memory.rss.toFixed(0)} MiB resident now, ${memory.peak.toFixed(0)} MiB peak`);
} finally {
  await controller.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
