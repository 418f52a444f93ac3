import { expect, it } from "vitest";
import { describeApi } from "../testing/api-targets";

const PROJECT_KEYS = [
  "auto_close", "auto_open", "auto_start", "drawing_grid_size", "filename", "grid_size", "name", "path",
  "project_id", "scene_height", "scene_width", "show_grid", "show_interface_labels", "show_layers",
  "snap_to_grid", "status", "supplier", "variables", "zoom",
];

describeApi("projects", (api) => {
  it("creates a project with GNS3's defaults and lists it", async () => {
    const created = await api.post("/v2/projects", { name: "lab-defaults" });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(PROJECT_KEYS);
    expect(created.body).toMatchObject({
      name: "lab-defaults", filename: "lab-defaults.gns3", status: "opened", auto_close: true, auto_open: false,
      auto_start: false, scene_height: 1000, scene_width: 2000, zoom: 100, grid_size: 75, drawing_grid_size: 25,
      supplier: null, variables: null,
    });
    const listed = await api.get("/v2/projects");
    expect(listed.status).toBe(200);
    expect(listed.body.map((p: { project_id: string }) => p.project_id)).toContain(created.body.project_id);
    const fetched = await api.get(`/v2/projects/${created.body.project_id}`);
    expect(fetched.body).toEqual(created.body);
  });

  it("returns the existing project when its project_id is sent again", async () => {
    const id = "5b9f1d2c-1111-4222-8333-944455556666";
    const first = await api.post("/v2/projects", { name: "lab-same-id", project_id: id });
    const again = await api.post("/v2/projects", { name: "another-name", project_id: id });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });

  it("refuses a second project with the same name", async () => {
    await api.post("/v2/projects", { name: "lab-dup" });
    const second = await api.post("/v2/projects", { name: "lab-dup" });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: 'Project "lab-dup" already exists', status: 409 });
  });

  it.each([
    [{}, "'name' is a required property"],
    [{ name: "" }, "'' is too short"],
    [{ name: 5 }, "5 is not of type 'string'"],
    [{ name: "x", zoom: "big" }, "'big' is not of type 'number' (at zoom)"],
    [{ name: "x", project_id: "nope" }, "'nope' does not match '^[a-fA-F0-9]{8}-"],
    [{ name: "x", colour: "red" }, "Additional properties are not allowed ('colour' was unexpected)"],
    [[1, 2], "is not of type 'object'"],
  ])("rejects the bad body %j with a 400 naming the problem", async (body, reason) => {
    const reply = await api.post("/v2/projects", body);
    expect(reply.status).toBe(400);
    expect(reply.body.status).toBe(400);
    expect(reply.body.message).toContain(reason);
  });

  it("rejects a body that is not JSON", async () => {
    const reply = await api.post("/v2/projects", "{name:");
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^Invalid JSON /);
  });

  it("updates settings, renames, and answers 200", async () => {
    const { body: project } = await api.post("/v2/projects", { name: "lab-update" });
    const reply = await api.put(`/v2/projects/${project.project_id}`, { name: "lab-renamed", zoom: 150, show_grid: true });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ name: "lab-renamed", zoom: 150, show_grid: true, filename: "lab-update.gns3" });
    const reuse = await api.post("/v2/projects", { name: "lab-update" });
    expect(reuse.status).toBe(201);
    const clash = await api.put(`/v2/projects/${project.project_id}`, { name: "lab-update" });
    expect(clash.status).toBe(409);
  });

  it("rejects updates with unknown fields or a project_id", async () => {
    const { body: project } = await api.post("/v2/projects", { name: "lab-update-bad" });
    const reply = await api.put(`/v2/projects/${project.project_id}`, { project_id: project.project_id });
    expect(reply.status).toBe(400);
  });

  it("closes and reopens a project, with stats", async () => {
    const { body: project } = await api.post("/v2/projects", { name: "lab-open-close" });
    const stats = await api.get(`/v2/projects/${project.project_id}/stats`);
    expect(stats.body).toEqual({ drawings: 0, links: 0, nodes: 0, snapshots: 0 });
    const closed = await api.post(`/v2/projects/${project.project_id}/close`);
    expect(closed.status).toBe(204);
    expect(closed.text).toBe("");
    expect((await api.get(`/v2/projects/${project.project_id}`)).body.status).toBe("closed");
    const opened = await api.post(`/v2/projects/${project.project_id}/open`);
    expect(opened.status).toBe(201);
    expect(opened.body.status).toBe("opened");
  });

  it("stops every node when closing, and runs the built-in devices again when reopening, as GNS3 does", async () => {
    const { body: project } = await api.post("/v2/projects", { name: "lab-devices" });
    const base = `/v2/projects/${project.project_id}`;
    const { body: pc } = await api.post(`${base}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" });
    const { body: sw } = await api.post(`${base}/nodes`, { name: "SW1", node_type: "ethernet_switch", compute_id: "local" });
    await api.post(`${base}/nodes/${pc.node_id}/start`);
    await api.post(`${base}/close`);
    await api.post(`${base}/open`);
    const statuses = Object.fromEntries((await api.get(`${base}/nodes`)).body.map((node: any) => [node.name, node.status]));
    expect(statuses).toEqual({ PC1: "stopped", SW1: "started" });
    expect((await api.get(`${base}/nodes/${sw.node_id}`)).body.status).toBe("started");
  });

  it("deletes a project and then knows nothing of it", async () => {
    const { body: project } = await api.post("/v2/projects", { name: "lab-delete" });
    expect((await api.delete(`/v2/projects/${project.project_id}`)).status).toBe(204);
    const gone = await api.get(`/v2/projects/${project.project_id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: `Project ID ${project.project_id} doesn't exist`, status: 404 });
    expect((await api.delete(`/v2/projects/${project.project_id}`)).status).toBe(404);
    expect((await api.post("/v2/projects", { name: "lab-delete" })).status).toBe(201);
  });

  it.each(["get", "put", "delete"] as const)("answers 404 to %s on an unknown project", async (method) => {
    const reply = await api[method]("/v2/projects/00000000-0000-4000-8000-000000000000");
    expect(reply.status).toBe(404);
  });

  it.each(["open", "close", "stats"])("answers 404 to %s on an unknown project", async (action) => {
    const method = action === "stats" ? "GET" : "POST";
    const reply = await api.request(method, `/v2/projects/not-a-project/${action}`);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: "Project ID not-a-project doesn't exist", status: 404 });
  });
}, { workerd: true });
