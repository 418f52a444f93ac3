import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { vpcsAvailable } from "../nodes/vpcs";
import { apiAt } from "./cloud-lab";
import { endLeftoverVpcs, labVpcs } from "./daemon-process";

const NODES = 100;
/**
 * Shorter than the host takes to start them all (tens of seconds on two busy cores): an answer
 * that waited only this long would be a 409. The controller pings the host while it waits, and
 * bears its silence for this long or for four of its slowest recent round trips, whichever is
 * longer; the host answers pings between spawns. So this bound is the product's own rule, not
 * a guess about the machine: a 409 here means the host went deaf, which is the bug.
 */
const ACK_TIMEOUT_S = "3";
/** Each spinner keeps a core busy for at most this long, whatever happens to the test. */
const SPIN_LIMIT_S = 600;

/**
 * A hundred VPCS started and stopped at once on a host whose two cores are already busy (two
 * spinning processes, and then the VPCS themselves: an idle one polls at about 2 % of a core):
 * the bulk start answers 2xx once every VPCS runs, though it takes the host longer than the
 * ack timeout, since the host reports its progress meanwhile; the bulk stop answers once every
 * one has exited.
 */
describe.runIf(await vpcsAvailable())(`bulk start and stop of ${NODES} VPCS on a busy host`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-busy-"));
  let controller: ControllerProcess;
  const spinners: ChildProcess[] = [];
  const api = apiAt(() => controller.url);
  let projectId: string;

  beforeAll(async () => {
    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--dataplane-ack-timeout", ACK_TIMEOUT_S]);
    projectId = (await api("POST", "/v2/projects", { name: "busy", auto_close: false })).body.project_id;
    for (let index = 1; index <= NODES; index++) {
      const created = await api("POST", `/v2/projects/${projectId}/nodes`, { name: `PC${index}`, node_type: "vpcs", compute_id: "local" });
      expect(created.status).toBe(201);
    }
    for (let core = 0; core < 2; core++) {
      const spinner = spawn(process.execPath, ["-e", `const end = Date.now() + ${SPIN_LIMIT_S * 1000}; while (Date.now() < end) {}`], { stdio: "ignore" });
      spinners.push(spinner);
    }
  }, 120_000);

  afterAll(async () => {
    for (const spinner of spinners) spinner.kill("SIGKILL");
    await controller?.stop();
    await endLeftoverVpcs(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("starts them all: 204 once every one runs", async () => {
    const started = await api("POST", `/v2/projects/${projectId}/nodes/start`);
    expect(started.status, JSON.stringify(started.body)).toBe(204);
    expect(labVpcs(dataDir)).toHaveLength(NODES);
    const nodes = (await api("GET", `/v2/projects/${projectId}/nodes`)).body as Array<{ status: string }>;
    expect(nodes.filter((node) => node.status !== "started")).toEqual([]);
  }, 600_000);

  it("stops them all: 204 once every one has exited", async () => {
    const stopped = await api("POST", `/v2/projects/${projectId}/nodes/stop`);
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(204);
    expect(labVpcs(dataDir)).toEqual([]);
  }, 600_000);
});
