/**
 * Controller throughput on this machine: GET links of a 1,000-link project, GET
 * available_filters, and 1,000 link creations, against the real server started by the
 * README's command (LMDB store), with autocannon in this process as the client.
 * BENCH_REFERENCE=/path/to/another/checkout (its dependencies installed) times the link
 * creations against that checkout's server too, one after the other in this run.
 * Run: npm run bench -- controller
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { serverMemoryMiB, startControllerProcess } from "../controller/testing/controller-process";
import { call, createLinks, switchProject } from "./switch-project";

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

/** 1,000 links made 10 at a time on a fresh server of `checkout`: seconds until the last answer, and the answers' p99. */
async function linkCreation(checkout?: string): Promise<{ seconds: number; p99: number; errors: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-controller-"));
  const controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir], {}, "start", checkout ? { checkout } : {});
  try {
    const project = await switchProject(controller.url, "bench-create", LINKS);
    let nextLink = 0;
    let lastAnswer = 0;
    const started = performance.now();
    const run = await autocannon({
      url: `${controller.url}/v2/projects/${project.projectId}/links`,
      connections: CONNECTIONS,
      amount: LINKS,
      requests: [
        {
          method: "POST",
          setupRequest: (request) => ({ ...request, body: JSON.stringify(project.linkBody(nextLink++)) }),
          onResponse: () => void (lastAnswer = performance.now()),
        },
      ],
    });
    // Until the last answer: autocannon itself ends on its next one-second tick.
    return { seconds: (lastAnswer - started) / 1000, p99: run.latency.p99, errors: run.non2xx + run.errors };
  } finally {
    await controller.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const describeCreation = ({ seconds, p99, errors }: { seconds: number; p99: number; errors: number }) =>
  `${LINKS} links in ${seconds.toFixed(2)} s (${Math.round(LINKS / seconds)} links/s, p99 ${p99} ms, ${errors} errors, ${CONNECTIONS} in flight)`;
const created = await linkCreation();
console.log(`link creation: ${describeCreation(created)}`);
const reference = process.env.BENCH_REFERENCE;
if (reference) {
  const before = await linkCreation(reference);
  console.log(`link creation, reference ${reference}: ${describeCreation(before)}; this checkout takes ${(created.seconds / before.seconds).toFixed(2)}× its time`);
}

const dataDir = mkdtempSync(join(tmpdir(), "bench-controller-"));
const controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir]);
try {
  const { url } = controller;
  const creation = await switchProject(url, "bench-lists", LINKS);
  await createLinks(url, creation, LINKS);
  const linksPath = `/v2/projects/${creation.projectId}/links`;
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
