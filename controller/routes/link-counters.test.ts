import { expect, it } from "vitest";
import { linkCountersWire } from "@shared/schemas/link-counters";
import { describeApi, type ApiClient } from "../testing/api-targets";

const MISSING = "00000000-0000-4000-8000-000000000000";
const ZEROS = {
  bytes_in: 0, bytes_out: 0, corrupted: 0, delay_queued: 0, duplicated: 0, rate_queued: 0, reordered: 0,
  dropped: { bpf: 0, delay_queue_full: 0, frequency: 0, loss: 0, loss_burst: 0, rate_queue_full: 0, suspended: 0 }, frames_in: 0, frames_out: 0,
};

/** A project with two VPCS nodes linked PC2 0/0 → PC1 0/0, so that end A is the second node created. */
async function linkedPair(api: ApiClient) {
  const { body: project } = await api.post("/v2/projects", { name: `counters-${Math.random().toString(36).slice(2)}` });
  const projectId = project.project_id as string;
  const node = async (name: string) => (await api.post(`/v2/projects/${projectId}/nodes`, { name, node_type: "vpcs", compute_id: "local" })).body;
  const pc1 = await node("PC1");
  const pc2 = await node("PC2");
  const { body: link } = await api.post(`/v2/projects/${projectId}/links`, {
    nodes: [
      { node_id: pc2.node_id, adapter_number: 0, port_number: 0 },
      { node_id: pc1.node_id, adapter_number: 0, port_number: 0 },
    ],
  });
  return { projectId, pc1, pc2, link, counters: `/v2/projects/${projectId}/links/${link.link_id}/counters` };
}

describeApi("link counters", (api) => {
  it("answers zeros and no time for a link no host reported, A→B first as the link lists its ends", async () => {
    const { projectId, pc1, pc2, link, counters } = await linkedPair(api);
    const reply = await api.get(counters);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toContain("application/json");
    const a = { adapter_number: 0, node_id: pc2.node_id, port_number: 0 };
    const b = { adapter_number: 0, node_id: pc1.node_id, port_number: 0 };
    expect(reply.body).toEqual({
      directions: [{ ...ZEROS, from: a, to: b }, { ...ZEROS, from: b, to: a }],
      link_id: link.link_id,
      project_id: projectId,
      sampled_at: null,
    });
    expect(reply.text).toBe(JSON.stringify(reply.body));
    expect(linkCountersWire.parse(reply.body)).toEqual(reply.body);
  });

  it("answers 404 for an unknown or malformed project", async () => {
    for (const projectId of [MISSING, "nope"]) {
      const reply = await api.get(`/v2/projects/${projectId}/links/${MISSING}/counters`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: `Project ID ${projectId} doesn't exist`, status: 404 });
    }
  });

  it("answers 404 for an unknown, malformed, deleted or other project's link", async () => {
    const { projectId, link } = await linkedPair(api);
    const other = await linkedPair(api);
    await api.delete(`/v2/projects/${other.projectId}/links/${other.link.link_id}`);
    for (const linkId of [MISSING, "nope", other.link.link_id]) {
      const reply = await api.get(`/v2/projects/${projectId}/links/${linkId}/counters`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: `Link ID ${linkId} doesn't exist`, status: 404 });
    }
    const elsewhere = await api.get(`/v2/projects/${other.projectId}/links/${link.link_id}/counters`);
    expect(elsewhere.body).toEqual({ message: `Link ID ${link.link_id} doesn't exist`, status: 404 });
  });

  it("refuses a closed project as the other link endpoints do", async () => {
    const { projectId, counters } = await linkedPair(api);
    await api.post(`/v2/projects/${projectId}/close`);
    const reply = await api.get(counters);
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ message: "The project is not opened", status: 403 });
    await api.post(`/v2/projects/${projectId}/open`);
    expect((await api.get(counters)).status).toBe(200);
  });

  it("serves GET only", async () => {
    const { counters } = await linkedPair(api);
    for (const method of ["POST", "PUT", "DELETE"]) expect((await api.request(method, counters)).status).toBe(404);
  });
}, { workerd: true });
