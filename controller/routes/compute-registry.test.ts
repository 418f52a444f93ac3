import { afterEach, expect, it } from "vitest";
import { describeApi, type ApiClient } from "../testing/api-targets";
import { readHttpStream, type NotificationClient } from "../testing/notification-clients";

/** The Qt GUI's body for a remote server (gns3/compute.py `__json__`), authentication ticked. */
const guiBody = (computeId: string, name: string) => ({ compute_id: computeId, host: "192.0.2.10", name, password: "s3cret", port: 3080, protocol: "http", user: "admin" });

async function controllerEvents(api: ApiClient, clients: NotificationClient[]): Promise<NotificationClient> {
  const abort = new AbortController();
  const client = readHttpStream(await api.fetch("/v2/notifications", { signal: abort.signal }), abort);
  clients.push(client);
  await client.frames.next();
  return client;
}

async function nextComputeEvent(client: NotificationClient): Promise<{ action: string; event: Record<string, unknown> }> {
  for (;;) {
    const frame = JSON.parse(await client.frames.nextEvent());
    if (String(frame.action).startsWith("compute.")) return frame;
  }
}

describeApi("computes registered through the API (GNS3's remote servers)", (api) => {
  const clients: NotificationClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  it("registers a host before its daemon exists: not connected, no password shown, announced", async () => {
    const events = await controllerEvents(api, clients);
    const created = await api.post("/v2/computes", guiBody("rack-1", "Rack one"));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ compute_id: "rack-1", name: "Rack one", host: "192.0.2.10", port: 3080, protocol: "http", user: "admin", connected: false, last_error: null });
    expect(created.body).not.toHaveProperty("password");
    // The password is the daemon's token: nothing new to show.
    expect(created.body).not.toHaveProperty("dataplane_token");
    expect(await nextComputeEvent(events)).toEqual({ action: "compute.created", event: created.body });
    expect((await api.get("/v2/computes/rack-1")).body).toMatchObject({ compute_id: "rack-1", connected: false });
    expect((await api.get("/v2/computes")).body.map((compute: { compute_id: string }) => compute.compute_id)).toContain("rack-1");
    expect(JSON.stringify((await api.get("/v2/computes")).body)).not.toContain("s3cret");
  });

  it("makes an id and a token when the client gives none, and names the compute as GNS3 does", async () => {
    const created = await api.post("/v2/computes", { protocol: "http", host: "192.0.2.11", port: 3080 });
    expect(created.status).toBe(201);
    expect(created.body.compute_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.body.name).toBe("http://192.0.2.11:3080");
    expect(created.body.dataplane_token).toMatch(/^[0-9a-f]{64}$/);
    // Shown once: never again.
    expect((await api.get(`/v2/computes/${created.body.compute_id}`)).body).not.toHaveProperty("dataplane_token");
    const withUser = await api.post("/v2/computes", { protocol: "https", host: "192.0.2.12", port: 443, user: "a-very-long-user-name" });
    expect(withUser.body.name).toBe("https://a-very-long...@192.0.2.12:443");
  });

  it("answers a known id with the compute as it is, as GNS3 does, and refuses a name taken", async () => {
    const first = await api.post("/v2/computes", guiBody("rack-2", "Rack two"));
    const again = await api.post("/v2/computes", { ...guiBody("rack-2", "Renamed?"), port: 4000 });
    expect(again.status).toBe(201);
    // The same record; the host's load figures are read live at each answer.
    const live = { cpu_usage_percent: expect.any(Number), memory_usage_percent: expect.any(Number) };
    expect(again.body).toEqual({ ...first.body, ...live });
    const clash = await api.post("/v2/computes", guiBody("rack-3", "Rack two"));
    expect(clash.body).toEqual({ message: 'Compute name "Rack two" already exists', status: 409 });
    expect((await api.get("/v2/computes/rack-3")).status).toBe(404);
  });

  it("changes a compute with PUT (the GUI sends its whole body, compute_id included)", async () => {
    await api.post("/v2/computes", guiBody("rack-4", "Rack four"));
    const events = await controllerEvents(api, clients);
    const updated = await api.put("/v2/computes/rack-4", { ...guiBody("rack-4", "Rack 4"), protocol: "https", port: 3443, user: " " });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ compute_id: "rack-4", name: "Rack 4", protocol: "https", port: 3443, user: null });
    expect(await nextComputeEvent(events)).toEqual({ action: "compute.updated", event: updated.body });
    expect((await api.get("/v2/computes/rack-4")).body).toMatchObject({ name: "Rack 4", protocol: "https" });
    expect((await api.put("/v2/computes/nowhere", { name: "x" })).body).toEqual({ message: "Compute ID nowhere doesn't exist", status: 404 });
  });

  it("deletes a compute: announced, gone, its projects closed; an unknown id is no error", async () => {
    await api.post("/v2/computes", guiBody("rack-5", "Rack five"));
    const project = (await api.post("/v2/projects", { name: "on-rack-5" })).body.project_id;
    expect((await api.post(`/v2/projects/${project}/nodes`, { name: "SW1", node_type: "ethernet_switch", compute_id: "rack-5" })).status).toBe(201);
    const events = await controllerEvents(api, clients);
    const deleted = await api.delete("/v2/computes/rack-5");
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect(await nextComputeEvent(events)).toMatchObject({ action: "compute.deleted", event: { compute_id: "rack-5", name: "Rack five" } });
    expect((await api.get("/v2/computes/rack-5")).status).toBe(404);
    expect((await api.get(`/v2/projects/${project}`)).body.status).toBe("closed");
    expect((await api.delete("/v2/computes/rack-5")).status).toBe(204);
  });

  it("keeps the local compute: not deleted, not changed, and 'vm' is not a name to register", async () => {
    expect((await api.delete("/v2/computes/local")).body).toEqual({ message: "The local compute is this controller's own host and cannot be deleted", status: 409 });
    expect((await api.put("/v2/computes/local", { name: "mine" })).body).toEqual({ message: "The local compute is this controller's own host and cannot be changed", status: 409 });
    expect((await api.get("/v2/computes/local")).body).toMatchObject({ compute_id: "local", connected: true });
    expect((await api.post("/v2/computes", { compute_id: "vm", protocol: "http", host: "h", port: 1 })).status).toBe(409);
  });

  it.each([
    ["no host", { protocol: "http", port: 3080 }, /host/],
    ["an unknown protocol", { protocol: "ftp", host: "h", port: 3080 }, /protocol/],
    ["a port out of range", { protocol: "http", host: "h", port: 70000 }, /port/],
    ["an unknown field", { protocol: "http", host: "h", port: 3080, colour: "red" }, /colour/],
    ["an id a daemon cannot dial in as", { compute_id: "a/b", protocol: "http", host: "h", port: 3080 }, /compute_id must be 1 to 64 letters/],
  ])("refuses a registration with %s", async (_what, body, message) => {
    const reply = await api.post("/v2/computes", body);
    expect(reply.status).toBe(400);
    expect(reply.body.status).toBe(400);
    expect(reply.body.message).toMatch(message);
  });
}, { workerd: true });
