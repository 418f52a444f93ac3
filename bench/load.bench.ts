/**
 * The controller under many clients: 200 keep-alive connections mixing reads and writes (see
 * controller/testing/load-clients.ts for a client's round) for 60 s against the server
 * started by the README's command, with autocannon in this process as the client. The same
 * load runs in `npm test`, which fails on any error; this prints the figures only.
 * Run: npm run bench -- load   (BENCH_DURATION_S, BENCH_CLIENTS to change the run)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverMemoryMiB, startControllerProcess } from "../controller/testing/controller-process";
import { describeLoad, runLoad } from "../controller/testing/load-clients";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 60);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);

const dataDir = mkdtempSync(join(tmpdir(), "bench-load-"));
const controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir]);
try {
  const report = await runLoad(controller.url, CLIENTS, DURATION_S);
  const memory = serverMemoryMiB(controller);
  console.log(describeLoad(report));
  console.log(`status codes: ${JSON.stringify(report.statusCodes)}`);
  console.log(`controller memory: ${memory.rss.toFixed(0)} MiB resident now, ${memory.peak.toFixed(0)} MiB peak`);
  if (report.connectionErrors + report.unexpected > 0) {
    console.error(`errors: ${report.connectionErrors} without an answer, ${report.unexpected} unexpected: ${report.unexpectedSamples.join("; ")}`);
    process.exitCode = 1;
  }
} finally {
  await controller.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
