import { expect, it } from "vitest";
import { describeApi, type ApiClient } from "../testing/api-targets";

async function project(api: ApiClient): Promise<string> {
  return (await api.post("/v2/projects", { name: `node-tools-${crypto.randomUUID().slice(0, 8)}` })).body.project_id;
}

describeApi("node tools GNS3's computes serve for some node types: Idle-PC and disk resize", (api) => {
  it("answers GNS3's 404 for a node type its compute does not serve them for", async () => {
    const projectId = await project(api);
    const pc = (await api.post(`/v2/projects/${projectId}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" })).body;
    const base = `/v2/projects/${projectId}/nodes/${pc.node_id}`;
    for (const tool of ["auto_idlepc", "idlepc_proposals"]) {
      expect((await api.get(`${base}/dynamips/${tool}`)).body).toEqual({ message: `GET /projects/${projectId}/vpcs/nodes/${pc.node_id}/${tool} not found`, status: 404 });
    }
    expect((await api.post(`${base}/resize_disk`, { drive_name: "hda", extend: 10 })).body).toEqual({
      message: `POST /projects/${projectId}/vpcs/nodes/${pc.node_id}/resize_disk not found`,
      status: 404,
    });
    expect((await api.post(`/v2/projects/${projectId}/nodes/${crypto.randomUUID()}/resize_disk`, { drive_name: "hda", extend: 10 })).status).toBe(404);
  });

  it("grows a stopped QEMU linked clone's disk, and refuses what GNS3 refuses and what would touch a shared image", async () => {
    const projectId = await project(api);
    const vm = (
      await api.post(`/v2/projects/${projectId}/nodes`, { name: "VM1", node_type: "qemu", compute_id: "local", properties: { hda_disk_image: "linux.qcow2" } })
    ).body;
    const resize = (body: unknown) => api.post(`/v2/projects/${projectId}/nodes/${vm.node_id}/resize_disk`, body);
    const grown = await resize({ drive_name: "hda", extend: 1024 });
    expect(grown.status).toBe(201);
    expect(grown.text).toBe("");
    expect((await resize({ drive_name: "hda", extend: 512 })).status).toBe(201);

    expect((await resize({ drive_name: "hdb", extend: 10 })).body).toEqual({ message: "VM1 has no hdb disk to resize", status: 409 });
    expect((await resize({ drive_name: "hda", extend: -10 })).body).toEqual({ message: "A disk only grows: extend must be a positive number of MB, not -10", status: 409 });
    for (const bad of [{ drive_name: "hde", extend: 1 }, { drive_name: "hda" }, { drive_name: "hda", extend: 1.5 }, { drive_name: "hda", extend: 1, more: true }]) {
      expect((await resize(bad)).status).toBe(400);
    }
    expect((await api.put(`/v2/projects/${projectId}/nodes/${vm.node_id}`, { properties: { linked_clone: false } })).status).toBe(200);
    expect((await resize({ drive_name: "hda", extend: 10 })).body).toEqual({
      message: "VM1's hda is the image linux.qcow2 itself (linked_clone is false): growing it would grow it for every node that uses it",
      status: 409,
    });
  });
}, { workerd: true });
