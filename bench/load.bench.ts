/**
 * The controller under many clients: 200 keep-alive connections mixing reads and writes (see
 * controller/testing/load-clients.ts for a client's round) for 60 s against the server
 * started by the README's command, with autocannon in this process as the client. The same
 * load runs in `npm test`, which fails on any error; this prints the figures only.
 * BENCH_REFERENCE=/path/to/another/checkout (its dependencies installed) runs the same load
 * against that checkout's server too, before and after this one's, and prints the ratios:
 * on a shared machine only figures of one run compare.
 * Run: npm run bench -- load   (BENCH_DURATION_S, BENCH_CLIENTS to change the run)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverMemoryMiB, startControllerProcess } from "../controller/testing/controller-process";
import { describeLoad, describeSteps, runLoad, type LoadReport } from "../controller/testing/load-clients";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 60);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const reference = process.env.BENCH_REFERENCE;

interface Run {
  report: LoadReport;
  memory: { rss: number; peak: number };
}

async function loadRun(title: string, checkout?: string): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-load-"));
  const controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir], {}, "start", checkout ? { checkout } : {});
  try {
    const report = await runLoad(controller.url, CLIENTS, DURATION_S);
    const memory = serverMemoryMiB(controller);
    console.log(`${title}: ${describeLoad(report)}`);
    console.log(`  status codes: ${JSON.stringify(report.statusCodes)}`);
    console.log(`  latency of each request of a round, as its client saw it:\n${describeSteps(report)}`);
    console.log(`  controller memory: ${memory.rss.toFixed(0)} MiB resident now, ${memory.peak.toFixed(0)} MiB peak`);
    if (report.connectionErrors + report.unexpected > 0) {
      console.error(`  errors: ${report.connectionErrors} without an answer, ${report.unexpected} unexpected: ${report.unexpectedSamples.join("; ")}`);
      process.exitCode = 1;
    }
    return { report, memory };
  } finally {
    await controller.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!reference) {
  await loadRun("this checkout");
} else {
  const before = await loadRun(`reference ${reference}`, reference);
  const ours = await loadRun("this checkout");
  const after = await loadRun(`reference ${reference}, again`, reference);
  const mean = (pick: (run: Run) => number) => (pick(before) + pick(after)) / 2;
  const rate = (run: Run) => run.report.requests / run.report.seconds;
  console.log(
    `this checkout against the reference's mean of two runs: ${(rate(ours) / mean(rate)).toFixed(2)}× its requests/s, ` +
      `${(ours.report.latency.p99 / mean((run) => run.report.latency.p99)).toFixed(2)}× its p99, ` +
      `${(ours.memory.peak / mean((run) => run.memory.peak)).toFixed(2)}× its peak memory`,
  );
}
