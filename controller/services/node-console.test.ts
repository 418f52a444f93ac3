import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { DataplaneHostRecord } from "../dataplane/host-records";
import type { ComputeRecord } from "../domain/computes";
import { asApiError } from "../http/api-error";
import { keys } from "../store/keys";
import { inProcessDeps } from "../testing/in-process-deps";
import { consoleTarget, dialConsole } from "./node-console";
import { actOnNode, createNode } from "./nodes";
import { createProject } from "./projects";

const dataDir = mkdtempSync(join(tmpdir(), "node-console-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const deps = inProcessDeps(dataDir);

function hostRecord(hostId: string, tunnelAddress: string): DataplaneHostRecord {
  return { host_id: hostId, name: hostId, tunnel_address: tunnelAddress, udp_port_min: 20000, udp_port_max: 30000, daemon_version: "test", connected: true };
}

async function startedPc(computeId: string, console: number) {
  const project = await createProject(deps, { name: `console-${crypto.randomUUID()}` });
  const node = await createNode(deps, project.project_id, { name: "PC1", node_type: "vpcs", compute_id: computeId, console });
  return actOnNode(deps, project.project_id, node.node_id, "start");
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const thrown = await promise.then(() => undefined, (error: unknown) => error);
  const error = asApiError(thrown);
  if (!error) throw new Error(`expected a refusal, got ${String(thrown)}`);
  return { status: error.status, message: error.message };
}

describe("consoleTarget", () => {
  it("reaches a node on the controller's own host on this machine until its daemon announces an address", async () => {
    const pc = await startedPc("local", 5100);
    expect(await consoleTarget(deps, pc.project_id, pc.node_id)).toMatchObject({ host: "127.0.0.1", port: 5100 });
    await deps.store.commit([{ key: keys.dataplaneHost("local"), value: hostRecord("local", "10.0.0.1") }]);
    expect(await consoleTarget(deps, pc.project_id, pc.node_id)).toMatchObject({ host: "10.0.0.1", port: 5100 });
  });

  it("reaches a node on another dataplane host at the tunnel address the host announced, and refuses one whose host never connected", async () => {
    const compute: ComputeRecord = { compute_id: "h2", name: "h2", protocol: "http", host: "192.0.2.7", port: 0, user: null, connected: false, last_error: null };
    await deps.store.commit([{ key: keys.compute("h2"), value: compute }]);
    const pc = await startedPc("h2", 5200);
    expect(await refusal(consoleTarget(deps, pc.project_id, pc.node_id))).toEqual({
      status: 409,
      message: "Cannot connect to node PC1 telnet server: dataplane host h2 has never connected",
    });
    await deps.store.commit([{ key: keys.dataplaneHost("h2"), value: hostRecord("h2", "192.0.2.7") }]);
    expect(await consoleTarget(deps, pc.project_id, pc.node_id)).toMatchObject({ host: "192.0.2.7", port: 5200 });
  });
});

describe("dialConsole", () => {
  it("says why the console could not be reached, as GNS3 does", async () => {
    const pc = await startedPc("local", 5300);
    const target = await consoleTarget(deps, pc.project_id, pc.node_id);
    const failing = () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5300"));
    expect(await refusal(dialConsole(failing, target))).toEqual({
      status: 409,
      message: "Cannot connect to node PC1 telnet server: connect ECONNREFUSED 127.0.0.1:5300",
    });
  });
});
