import { expect, it } from "vitest";
import { describeApi, type ApiClient } from "../testing/api-targets";

/** Bugs the API fuzzer (controller/fuzz/) found, each pinned by the smallest request that showed it. */

async function linkedPair(api: ApiClient) {
  const { body: project } = await api.post("/v2/projects", { name: `findings-${Math.random().toString(36).slice(2)}` });
  const base = `/v2/projects/${project.project_id}`;
  const pc1 = (await api.post(`${base}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" })).body;
  const pc2 = (await api.post(`${base}/nodes`, { name: "PC2", node_type: "vpcs", compute_id: "local" })).body;
  const end = (node: { node_id: string }) => ({ node_id: node.node_id, adapter_number: 0, port_number: 0 });
  const link = (await api.post(`${base}/links`, { nodes: [end(pc1), end(pc2)] })).body;
  return { project, base, pc1, link };
}

describeApi("requests the fuzzer found", (api) => {
  it("a project id with an encoded '/' names no project, so it cannot reach the records below it", async () => {
    const { project, base, pc1, link } = await linkedPair(api);
    const disguised = `/v2/projects/${project.project_id}%2Fnodes%2F${pc1.node_id}`;
    const missing = { message: `Project ID ${project.project_id}/nodes/${pc1.node_id} doesn't exist`, status: 404 };
    for (const [method, path, body] of [
      ["GET", disguised, undefined],
      ["PUT", disguised, { name: "renamed" }],
      ["POST", `${disguised}/open`, undefined],
      ["GET", `${disguised}/stats`, undefined],
      ["DELETE", disguised, undefined],
    ] as const) {
      const reply = await api.request(method, path, body);
      expect({ method, status: reply.status, body: reply.body }).toEqual({ method, status: 404, body: missing });
    }
    // Before the fix the PUT renamed the node behind its name index and the DELETE removed it
    // while its link stayed.
    expect((await api.get(`${base}/nodes/${pc1.node_id}`)).body.name).toBe("PC1");
    expect((await api.get(`${base}/links/${link.link_id}`)).status).toBe(200);
  });

  it("refuses JSON nested deeper than 64 levels with a 400 instead of overflowing the stack", async () => {
    const { base, link } = await linkedPair(api);
    const deepArray = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const reply = await api.post(`${base}/drawings`, deepArray);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: "Invalid JSON: nested deeper than 64 levels", status: 400 });
    const deepStyle = `{"link_style":${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}}`;
    expect((await api.put(`${base}/links/${link.link_id}`, deepStyle)).status).toBe(400);
    const nested = (depth: number): unknown => (depth === 0 ? 1 : { a: nested(depth - 1) });
    const accepted = await api.put(`${base}/links/${link.link_id}`, { link_style: nested(60) });
    expect(accepted.status).toBe(201);
  });

  it("answers with a stored '__proto__' key instead of dropping it (and pollutes nothing)", async () => {
    const { base, link } = await linkedPair(api);
    const reply = await api.put(`${base}/links/${link.link_id}`, '{"link_style": {"a": {"__proto__": {"polluted": "yes"}}, "width": 2}}');
    expect(reply.status).toBe(201);
    expect(reply.text).toContain('"link_style":{"a":{"__proto__":{"polluted":"yes"}},"width":2}');
    expect((await api.get(`${base}/links/${link.link_id}`)).text).toContain('"a":{"__proto__":{"polluted":"yes"}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses a topology nested deeper than 64 levels on import with a 409, as other bad topology files", async () => {
    const reply = await api.post("/v2/projects/6c3e9a0e-0d3f-4b5e-9b0a-5f6d7e8f9a0b/import?name=deep", `${"[".repeat(10_000)}${"]".repeat(10_000)}`);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ message: "Invalid data in topology file: nested deeper than 64 levels", status: 409 });
  });
}, { workerd: true });
