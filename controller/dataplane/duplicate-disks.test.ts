import { describe, expect, it } from "vitest";
import { decodeDesiredHostState, encodeDesiredHostState, type NodeSpec } from "@shared/proto";
import { cleanupAfterEach } from "@shared/testing/cleanups";
import { createApp } from "../app";
import { inProcessDeps } from "../testing/in-process-deps";
import { desiredHostState } from "./desired-state";
import { loadProjectRecords } from "./host-records";

const { tempDir } = cleanupAfterEach();

/** The controller in process, and the QEMU settings its desired state gives each node of `local`, as the daemon decodes them. */
function controller() {
  const deps = inProcessDeps(tempDir("duplicate-disks-"));
  const app = createApp(deps, { dataplaneChannel: false });
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await app.request(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, text };
  };
  const specs = async (): Promise<Map<string, NodeSpec>> => {
    const state = desiredHostState({ hostId: "local", projects: await loadProjectRecords(deps), tunnelPort: () => undefined, tunnelAddress: () => undefined });
    const decoded = decodeDesiredHostState(encodeDesiredHostState({ revision: 1, nodes: state.nodes, links: state.links }));
    return new Map(decoded.nodes.map((node) => [node.nodeId, node]));
  };
  return { app, api, specs };
}

async function projectWithVm(api: ReturnType<typeof controller>["api"]) {
  const project = (await api("POST", "/v2/projects", { name: `p-${crypto.randomUUID()}` })).body;
  const base = `/v2/projects/${project.project_id}`;
  const vm = (await api("POST", `${base}/nodes`, { name: "VM1", node_type: "qemu", compute_id: "local", properties: { hda_disk_image: "linux.qcow2" } })).body;
  return { projectId: project.project_id as string, base, vm };
}

describe("a duplicated QEMU node's disks", () => {
  it("are named for its host to copy from the original, in the duplicate's spec only and never on the wire", async () => {
    const { app, api, specs } = controller();
    const { projectId, base, vm } = await projectWithVm(api);
    const pc = (await api("POST", `${base}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" })).body;
    const copy = await api("POST", `${base}/nodes/${vm.node_id}/duplicate`, { x: 10, y: 20 });
    expect(copy.status).toBe(201);
    expect(copy.text).not.toContain("overlay_source");
    expect((await api("POST", `${base}/nodes/${pc.node_id}/duplicate`, { x: 0, y: 0 })).status).toBe(201);

    const byId = await specs();
    expect(byId.get(copy.body.node_id)!.qemu).toMatchObject({ overlaySourceNodeId: vm.node_id, overlaySourceProjectId: projectId });
    expect(byId.get(vm.node_id)!.qemu).toMatchObject({ overlaySourceNodeId: "", overlaySourceProjectId: "" });
    for (const path of [`${base}/nodes/${copy.body.node_id}`, `${base}/nodes`]) expect((await api("GET", path)).text).not.toContain("overlay_source");
    // The topology file (exports, snapshots) carries no VM disks, so nothing names them there either.
    const exported = await app.request(`${base}/export?compression=none`);
    expect(exported.status).toBe(200);
    const archive = Buffer.from(await exported.arrayBuffer());
    expect(archive.includes(`"node_id": "${copy.body.node_id}"`)).toBe(true);
    expect(archive.includes("overlay_source")).toBe(false);
  });

  it("name the node it copies when the duplicate is itself duplicated", async () => {
    const { api, specs } = controller();
    const { base, vm } = await projectWithVm(api);
    const first = (await api("POST", `${base}/nodes/${vm.node_id}/duplicate`, { x: 0, y: 0 })).body;
    const second = (await api("POST", `${base}/nodes/${first.node_id}/duplicate`, { x: 0, y: 0 })).body;
    expect((await specs()).get(second.node_id)!.qemu?.overlaySourceNodeId).toBe(first.node_id);
  });

  it("are named in a duplicated project too: each VM copies its original in the source project", async () => {
    const { api, specs } = controller();
    const { projectId, vm } = await projectWithVm(api);
    const duplicated = await api("POST", `/v2/projects/${projectId}/duplicate`, { name: `copy-${crypto.randomUUID()}` });
    expect(duplicated.status).toBe(201);
    const copyBase = `/v2/projects/${duplicated.body.project_id}`;
    expect((await api("POST", `${copyBase}/open`)).status).toBe(201);
    const [copiedVm] = (await api("GET", `${copyBase}/nodes`)).body;
    expect(copiedVm.node_id).not.toBe(vm.node_id);
    expect((await specs()).get(copiedVm.node_id)!.qemu).toMatchObject({ overlaySourceNodeId: vm.node_id, overlaySourceProjectId: projectId });
  });
});

