import { describe, expect, it } from "vitest";
import { cleanupAfterEach, waitFor } from "@shared/testing/cleanups";
import { createApp } from "../app";
import type { DataplaneEffect } from "../domain/dataplane-effects";
import type { NodeRecord } from "../domain/nodes";
import { keys } from "../store/keys";
import { AckingDaemon } from "../testing/daemon-messages";
import { inProcessDeps } from "../testing/in-process-deps";
import type { ControllerDeps, HostAnswer } from "../deps";
import { DataplaneHub } from "./hub";

const TOKEN = "unrunnable-token";
const { tempDir } = cleanupAfterEach();

/**
 * A hub under which another change's push always runs between a write's commit and its wait
 * for the host: that push, not the write's own, finds the started node the host cannot run.
 */
class HubWithAnEarlierPush extends DataplaneHub {
  projectId = "";

  constructor(private readonly store: ControllerDeps["store"], deps: ControllerDeps) {
    super(deps);
  }

  override async apply(effect: DataplaneEffect): Promise<HostAnswer[]> {
    this.wake({ hostIds: effect.hostIds, nodeIds: [], linkIds: [] });
    await waitFor("the earlier push stopped the IOU nodes", async () => {
      const records = await Promise.all((effect.runningNodeIds ?? []).map((nodeId) => this.store.get<NodeRecord>(keys.node(this.projectId, nodeId))));
      return records.every((record) => record?.node_type !== "iou" || record.status === "stopped");
    });
    return super.apply(effect);
  }
}

async function startLab() {
  const base = inProcessDeps(tempDir("unrunnable-"));
  const deps = { ...base, config: { ...base.config, dataplaneToken: TOKEN } };
  const hub = new HubWithAnEarlierPush(deps.store, deps);
  deps.dataplane = hub;
  const app = createApp(deps, { dataplaneChannel: false });
  new AckingDaemon().connect(hub, "local", TOKEN);
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await app.request(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const project = await api("POST", "/v2/projects", { name: "unrunnable" });
  hub.projectId = project.body.project_id;
  const node = async (name: string, node_type: string) => {
    const created = await api("POST", `/v2/projects/${hub.projectId}/nodes`, { name, node_type, compute_id: "local" });
    expect(created.status).toBe(201);
    return `/v2/projects/${hub.projectId}/nodes/${created.body.node_id}`;
  };
  return { api, node, projectPath: `/v2/projects/${hub.projectId}` };
}

describe("a start of a node its host cannot run", () => {
  it("answers 409 with the reason even when another change's push stopped the node first", async () => {
    const lab = await startLab();
    const vm = await lab.node("VM1", "iou");
    const started = await lab.api("POST", `${vm}/start`);
    expect(started.status).toBe(409);
    expect(started.body.message).toMatch(/^VM1 is a iou node, which the dataplane does not run/);
    expect((await lab.api("GET", vm)).body.status).toBe("stopped");
  });

  it("answers a rename of the stopped node, which asks nothing to run, as usual", async () => {
    const lab = await startLab();
    const vm = await lab.node("VM1", "iou");
    expect((await lab.api("POST", `${vm}/start`)).status).toBe(409);
    const renamed = await lab.api("PUT", vm, { name: "VM2" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "VM2", status: "stopped" });
  });

  it("fails a bulk start for the node the host cannot run, and runs the others", async () => {
    const lab = await startLab();
    await lab.node("VM1", "iou");
    const pc1 = await lab.node("PC1", "vpcs");
    const started = await lab.api("POST", `${lab.projectPath}/nodes/start`);
    expect(started.status).toBe(409);
    expect(started.body.message).toMatch(/VM1 is a iou node/);
    expect((await lab.api("GET", pc1)).body.status).toBe("started");
  });
});
