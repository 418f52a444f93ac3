/**
 * A hundred VPCS started and stopped at once on a host whose two cores are busy (two spinning
 * processes beside the server): how long the bulk start and stop take to answer, what they
 * answer (with an ack timeout of 3 s, as the e2e test of it), and the dataplane daemon's
 * longest event-loop stall meanwhile (a stall is time in which it could not answer the
 * controller). `npm run bench -- bulk-start`;
 * BENCH_REFERENCE=/path/to/another/checkout (its dependencies installed) runs it there too, after.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startControllerProcess } from "../controller/testing/controller-process";
import { labVpcs } from "../dataplane/e2e/daemon-process";

const NODES = 100;
const ACK_TIMEOUT_S = "3";
/** Each spinner stops by itself after this long, whatever happens to the bench. */
const SPIN_LIMIT_S = 600;
const WATCH = join(import.meta.dirname, "daemon-loop-watch.mjs");

/** One request, read whole; no time limit (undici's would end a start longer than 300 s). */
function call(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const sent = request(`${base}${path}`, { method, headers: body === undefined ? {} : { "content-type": "application/json" } }, (response) => {
      let text = "";
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, body: text ? JSON.parse(text) : null }));
    });
    sent.on("error", reject);
    sent.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Run {
  checkout: string;
  start: { status: number; answeredS: number; allRunningS: number };
  stop: { status: number; answeredS: number };
  longestStallMs: number;
}

async function benchCheckout(checkout: string): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-bulk-"));
  const watchFile = join(dataDir, "loop-watch.json");
  const controller = await startControllerProcess(
    ["--port", "0", "--data-dir", dataDir, "--dataplane-ack-timeout", ACK_TIMEOUT_S],
    { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${WATCH}`, LOOP_WATCH_FILE: watchFile },
    "start",
    { checkout, captureOutput: true },
  );
  const spinners: ChildProcess[] = [];
  try {
    const base = controller.url;
    const project = (await call(base, "POST", "/v2/projects", { name: "bulk", auto_close: false })).body.project_id as string;
    for (let index = 1; index <= NODES; index++) {
      const created = await call(base, "POST", `/v2/projects/${project}/nodes`, { name: `PC${index}`, node_type: "vpcs", compute_id: "local" });
      if (created.status !== 201) throw new Error(`node ${index}: ${created.status} ${JSON.stringify(created.body)}`);
    }
    for (let core = 0; core < 2; core++) {
      spinners.push(spawn(process.execPath, ["-e", `const end = Date.now() + ${SPIN_LIMIT_S * 1000}; while (Date.now() < end) {}`], { stdio: "ignore" }));
    }
    await sleep(2_000);
    const began = Date.now();
    const started = await call(base, "POST", `/v2/projects/${project}/nodes/start`);
    const answeredS = (Date.now() - began) / 1000;
    if (started.status !== 204) console.log(`${checkout}: the start answered ${started.status} ${JSON.stringify(started.body).slice(0, 600)}`);
    while (labVpcs(dataDir).length < NODES) await sleep(200);
    const allRunningS = (Date.now() - began) / 1000;
    await sleep(2_500);
    const ended = Date.now();
    const seconds = existsSync(watchFile) ? (JSON.parse(readFileSync(watchFile, "utf8")) as Array<{ at: number; stallMs: number }>) : [];
    const longestStallMs = Math.max(0, ...seconds.filter((second) => second.at >= began && second.at <= ended).map((second) => second.stallMs));
    const stopBegan = Date.now();
    const stopped = await call(base, "POST", `/v2/projects/${project}/nodes/stop`);
    const stopS = (Date.now() - stopBegan) / 1000;
    if (stopped.status !== 204) console.log(`${checkout}: the stop answered ${stopped.status} ${JSON.stringify(stopped.body).slice(0, 600)}`);
    return { checkout, start: { status: started.status, answeredS, allRunningS }, stop: { status: stopped.status, answeredS: stopS }, longestStallMs };
  } catch (error) {
    console.error(controller.output.slice(-40).join("\n"));
    throw error;
  } finally {
    for (const spinner of spinners) spinner.kill("SIGKILL");
    await controller.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const checkouts = [join(import.meta.dirname, ".."), ...(process.env.BENCH_REFERENCE ? [process.env.BENCH_REFERENCE] : [])];
const runs: Run[] = [];
for (const checkout of checkouts) runs.push(await benchCheckout(checkout));
console.log(`${NODES} VPCS, two spinning processes beside the server, ack timeout ${ACK_TIMEOUT_S} s`);
console.log("| checkout | start answered | after | all running after | daemon's longest loop stall | stop answered | after |");
console.log("|---|---|---|---|---|---|---|");
for (const run of runs) {
  console.log(
    `| ${run.checkout} | ${run.start.status} | ${run.start.answeredS.toFixed(1)} s | ${run.start.allRunningS.toFixed(1)} s | ${(run.longestStallMs / 1000).toFixed(2)} s | ${run.stop.status} | ${run.stop.answeredS.toFixed(1)} s |`,
  );
}
