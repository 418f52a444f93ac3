import { describe, expect, it } from "vitest";
import { workerInNode } from "../../testing/worker-in-node";

const basic = (user: string, password: string) => ({ authorization: `Basic ${btoa(`${user}:${password}`)}` });

describe("the deployed Worker's configuration", () => {
  it("serves nobody without credentials unless told so in so many words", async () => {
    const closed = workerInNode({ CONTROLLER_LOCAL: "false" });
    const refused = await closed.api("GET", "/v2/version");
    expect(refused.status).toBe(503);
    expect(refused.body.message).toContain("CONTROLLER_USER and CONTROLLER_PASSWORD");
    const open = workerInNode({ CONTROLLER_LOCAL: "false", CONTROLLER_ALLOW_UNAUTHENTICATED: "true" });
    expect((await open.api("GET", "/v2/version")).status).toBe(200);
  });

  it("asks every route for the credentials in its secrets, as GNS3's server auth does", async () => {
    const { api } = workerInNode({ CONTROLLER_LOCAL: "false", CONTROLLER_USER: "admin", CONTROLLER_PASSWORD: "s3cret" });
    for (const path of ["/v2/version", "/v2/projects", "/v2/projects/5e7a6d0e-3f5c-4a0e-9f4c-1d2b3c4d5e6f/nodes"]) {
      const refused = await api("GET", path);
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toBe('Basic realm="GNS3 server"');
      expect((await api("GET", path, undefined, basic("admin", "wrong"))).status).toBe(401);
    }
    expect((await api("GET", "/v2/version", undefined, basic("admin", "s3cret"))).body).toEqual({ local: false, version: "2.2.59" });
  });

  it("applies the limits set in its vars, and names a wrong one", async () => {
    const { api } = workerInNode({ CONTROLLER_MAX_NODES: "1" });
    const { body: project } = await api("POST", "/v2/projects", { name: "limited" });
    const node = { node_type: "ethernet_hub", compute_id: "local" };
    expect((await api("POST", `/v2/projects/${project.project_id}/nodes`, { ...node, name: "H1" })).status).toBe(201);
    const refused = await api("POST", `/v2/projects/${project.project_id}/nodes`, { ...node, name: "H2" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Cannot add a node: the project holds 1 nodes and may hold at most 1 /);

    const wrong = await workerInNode({ CONTROLLER_MAX_NODES: "many" }).api("GET", "/v2/version");
    expect(wrong).toMatchObject({ status: 503, body: { status: 503 } });
    expect(wrong.body.message).toContain("CONTROLLER_MAX_NODES: 'many' must be a whole number");
  });
});
