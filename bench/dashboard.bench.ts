/**
 * The link dashboard on a 200-node project: a chain of 200 Ethernet switches (199 links) built
 * through the API of the server the README's command starts (no dataplane daemon: the nodes are
 * never started), opened in Debian's Chromium. Reports the median of 5 loads from navigation to
 * every node and link drawn, and of 5 `node.updated` from the PUT that moves a node to the page
 * showing it there, with the machine's load.
 * Run: npm run bench -- dashboard
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chromiumMissing, launchChromium } from "../controller/testing/browser";
import { startControllerProcess } from "../controller/testing/controller-process";
import { inParallel } from "../controller/testing/in-parallel";

const NODES = 200;
const COLUMNS = 20;
const SPACING = 120;
const RUNS = 5;
const SHOWN_WITHIN_MS = 60_000;

async function call(url: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${url}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

/** Switches laid out on a grid, row by row, each linked to the next: every node has a link, as in a lab. */
async function buildProject(url: string): Promise<{ projectId: string; nodeIds: string[] }> {
  const { project_id: projectId } = await call(url, "POST", "/v2/projects", { name: "bench-dashboard" });
  const nodes = await inParallel(NODES, 4, (i) =>
    call(url, "POST", `/v2/projects/${projectId}/nodes`, {
      name: `SW${i + 1}`,
      node_type: "ethernet_switch",
      compute_id: "local",
      x: (i % COLUMNS) * SPACING,
      y: Math.floor(i / COLUMNS) * SPACING,
    }),
  );
  const nodeIds = nodes.map((node: { node_id: string }) => node.node_id);
  await inParallel(NODES - 1, 4, (i) =>
    call(url, "POST", `/v2/projects/${projectId}/links`, {
      nodes: [
        { node_id: nodeIds[i], adapter_number: 0, port_number: 1 },
        { node_id: nodeIds[i + 1], adapter_number: 0, port_number: 0 },
      ],
    }),
  );
  return { projectId, nodeIds };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const load = () => loadavg().map((value) => value.toFixed(2)).join(" ");

const missing = chromiumMissing();
if (missing) {
  console.log(`skipped: ${missing}`);
  process.exit(0);
}
const dataDir = mkdtempSync(join(tmpdir(), "bench-dashboard-"));
const controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--no-local-dataplane"]);
const browser = await launchChromium();
try {
  const { url } = controller;
  const { projectId, nodeIds } = await buildProject(url);
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1400, height: 900 });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  const shown = (selector: string) => page.locator(selector).waitFor({ state: "attached", timeout: SHOWN_WITHIN_MS });
  console.log(`machine: ${availableParallelism()} cores, load average ${load()} before`);

  const loads: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await page.goto("about:blank");
    const started = performance.now();
    await page.goto(`${url}/dashboard/#/projects/${projectId}`);
    await Promise.all([shown(`#topology .nodes .node:nth-child(${NODES})`), shown(`#topology .links .link:nth-child(${NODES - 1})`)]);
    loads.push(performance.now() - started);
  }
  await shown('body[data-notifications="open"]');

  const updates: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const nodeId = nodeIds[run * 37]!;
    const x = -500 - run * 10;
    const started = performance.now();
    await call(url, "PUT", `/v2/projects/${projectId}/nodes/${nodeId}`, { x });
    await shown(`#topology [data-id="${nodeId}"] image[x="${x}"]`);
    updates.push(performance.now() - started);
  }

  const ms = (values: number[]) => `median ${median(values).toFixed(0)} ms (runs: ${values.map((value) => value.toFixed(0)).join(", ")})`;
  console.log(`${NODES} nodes and ${NODES - 1} links drawn, from navigation: ${ms(loads)}`);
  console.log(`one node.updated shown, from its PUT: ${ms(updates)}`);
  console.log(`load average ${load()} after; page errors: ${errors.length === 0 ? "none" : errors.join("; ")}`);
} finally {
  await browser.close();
  await controller.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
