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
import { call, switchProject } from "./switch-project";

const LINKS = 1000;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 10;

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
  const creation = await switchProject(url, "bench-create", LINKS);
  const linksPath = `/v2/projects/${creation.projectId}/links`;
  let nextLink = 0;
  let lastAnswer = 0;
  const started = performance.now();
  const createdRun = await autocannon({
    url: `${url}${linksPath}`,
    connections: CONNECTIONS,
    amount: LINKS,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => ({ ...request, body: JSON.stringify(creation.linkBody(nextLink++)) }),
        onResponse: () => void (lastAnswer = performance.now()),
      },
    ],
  });
  // Until the last answer: autocannon itself ends on its next one-second tick.
  const seconds = (lastAnswer - started) / 1000;
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
