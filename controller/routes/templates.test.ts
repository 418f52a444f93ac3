import { afterEach, expect, it } from "vitest";
import { describeApi, type ApiClient } from "../testing/api-targets";
import { readHttpStream, type NotificationClient } from "../testing/notification-clients";

const VPCS = "19021f99-e36f-394d-b4a1-8aaa902ab9cc";
const SWITCH = "1966b864-93e7-32d5-965f-001384eec461";
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

let counter = 0;
const unique = (stem: string) => `${stem}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

async function newProject(api: ApiClient): Promise<string> {
  return (await api.post("/v2/projects", { name: unique("templates") })).body.project_id;
}

describeApi("templates", (api) => {
  const streams: NotificationClient[] = [];
  afterEach(async () => {
    await Promise.all(streams.splice(0).map((stream) => stream.close()));
  });

  it("lists GNS3's built-ins first, each as GNS3 answers it", async () => {
    const reply = await api.get("/v2/templates");
    expect(reply.status).toBe(200);
    expect(reply.body.slice(0, 7).map((t: { name: string }) => t.name)).toEqual(["Cloud", "NAT", "VPCS", "Ethernet switch", "Ethernet hub", "Frame Relay switch", "ATM switch"]);
    expect(reply.body.find((t: { template_id: string }) => t.template_id === VPCS)).toEqual({
      builtin: true, category: "guest", compute_id: null, default_name_format: "PC{0}", name: "VPCS",
      properties: { base_script_file: "vpcs_base_config.txt" }, symbol: ":/symbols/vpcs_guest.svg", template_id: VPCS, template_type: "vpcs",
    });
    expect((await api.get(`/v2/templates/${SWITCH}`)).body).toMatchObject({ console_type: "none", default_name_format: "Switch{0}", builtin: true });
  });

  it("creates a template with the type's defaults, gets, lists, updates and deletes it", async () => {
    const created = await api.post("/v2/templates", { name: unique("alpine"), template_type: "docker", compute_id: "local", image: "alpine:latest", adapters: 2 });
    expect(created.status).toBe(201);
    const id = created.body.template_id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.body).toMatchObject({
      adapters: 2, builtin: false, category: "guest", compute_id: "local", console_type: "telnet", console_resolution: "1024x768",
      default_name_format: "{name}-{0}", image: "alpine:latest", symbol: ":/symbols/docker_guest.svg", template_type: "docker",
    });
    expect(Object.keys(created.body)).toEqual([...Object.keys(created.body)].sort());
    expect((await api.get(`/v2/templates/${id}`)).body).toEqual(created.body);
    expect((await api.get("/v2/templates")).body.at(-1)).toEqual(created.body);

    const updated = await api.put(`/v2/templates/${id}`, { ...created.body, adapters: 3, template_type: "qemu", compute_id: "elsewhere" });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...created.body, adapters: 3 });

    const deleted = await api.delete(`/v2/templates/${id}`);
    expect([deleted.status, deleted.text]).toEqual([204, ""]);
    expect((await api.get(`/v2/templates/${id}`)).body).toEqual({ message: `Template ID ${id} doesn't exist`, status: 404 });
    expect((await api.delete(`/v2/templates/${id}`)).status).toBe(404);
  });

  it("keeps the id a client gives and refuses one that exists", async () => {
    const id = crypto.randomUUID();
    const body = { template_id: id, name: unique("pc"), template_type: "vpcs", compute_id: null, builtin: false };
    const created = await api.post("/v2/templates", body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ template_id: id, base_script_file: "vpcs_base_config.txt", compute_id: null, builtin: false });
    expect((await api.post("/v2/templates", body)).body).toEqual({ message: `Template ID '${id}' already exists`, status: 409 });
    expect((await api.post("/v2/templates", { ...body, template_id: VPCS })).body).toEqual({ message: `Template ID '${VPCS}' already exists`, status: 409 });
  });

  it.each([
    [{ template_type: "vpcs", compute_id: "local" }, "'name' is a required property"],
    [{ name: "x", compute_id: "local" }, "'template_type' is a required property"],
    [{ name: "x", template_type: "vpcs" }, "'compute_id' is a required property"],
    [{ name: "x", template_type: "frame_relay_switch", compute_id: "local" }, "'frame_relay_switch' is not one of"],
    [{ name: "x", template_type: "docker", compute_id: "local" }, "'image' is a required property"],
    [{ name: "x", template_type: "vpcs", compute_id: "local", hda_disk_image: "a" }, "('hda_disk_image' was unexpected)"],
    [{ name: "x", template_type: "qemu", compute_id: "local", ram: "lots" }, "'lots' is not of type"],
    [{ name: "x", template_type: "qemu", compute_id: "local", template_id: "nope" }, "'nope' does not match"],
    ["[1,", "Invalid JSON"],
  ])("refuses the template %j with 400", async (body, message) => {
    const reply = await api.post("/v2/templates", body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(message);
  });

  it("refuses to change, delete or copy a built-in, as GNS3 words it", async () => {
    expect((await api.put(`/v2/templates/${VPCS}`, { name: "PC" })).body).toEqual({ message: `Template ID ${VPCS} cannot be updated because it is a builtin`, status: 409 });
    expect((await api.delete(`/v2/templates/${VPCS}`)).body).toEqual({ message: `Template ID ${VPCS} cannot be deleted because it is a builtin`, status: 409 });
    expect((await api.post(`/v2/templates/${VPCS}/duplicate`)).body).toEqual({ message: `Template ID ${VPCS} cannot be duplicated because it is a builtin`, status: 409 });
    expect((await api.get(`/v2/templates/${VPCS}`)).body.name).toBe("VPCS");
  });

  it("refuses an update that no longer fits the type and keeps the template as it was", async () => {
    const created = await api.post("/v2/templates", { name: unique("vm"), template_type: "qemu", compute_id: "local" });
    const reply = await api.put(`/v2/templates/${created.body.template_id}`, { adapters: 300 });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe("JSON schema error updating template: 300 is greater than the maximum of 275 (at adapters)");
    expect((await api.get(`/v2/templates/${created.body.template_id}`)).body).toEqual(created.body);
    expect((await api.put(`/v2/templates/${UNKNOWN}`, { name: "x" })).body).toEqual({ message: `Template ID ${UNKNOWN} doesn't exist`, status: 404 });
  });

  it("duplicates a template under a new id with the same name", async () => {
    const created = await api.post("/v2/templates", { name: unique("router"), template_type: "qemu", compute_id: "local", ram: 1024 });
    const copy = await api.post(`/v2/templates/${created.body.template_id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.template_id).not.toBe(created.body.template_id);
    expect(copy.body).toEqual({ ...created.body, template_id: copy.body.template_id });
    expect((await api.post(`/v2/templates/${UNKNOWN}/duplicate`)).status).toBe(404);
  });

  it("announces created, updated and deleted templates on the controller stream", async () => {
    const abort = new AbortController();
    const stream = readHttpStream(await api.fetch("/v2/notifications", { signal: abort.signal }), abort);
    streams.push(stream);
    await stream.frames.next();
    const created = await api.post("/v2/templates", { name: unique("hub"), template_type: "ethernet_hub", compute_id: "local" });
    expect(JSON.parse(await stream.frames.nextEvent())).toEqual({ action: "template.created", event: created.body });
    const updated = await api.put(`/v2/templates/${created.body.template_id}`, { symbol: ":/symbols/hub.svg" });
    expect(JSON.parse(await stream.frames.nextEvent())).toEqual({ action: "template.updated", event: updated.body });
    await api.delete(`/v2/templates/${created.body.template_id}`);
    expect(JSON.parse(await stream.frames.nextEvent())).toEqual({ action: "template.deleted", event: updated.body });
  });

  it("creates nodes from a built-in with numbered names", async () => {
    const projectId = await newProject(api);
    const path = `/v2/projects/${projectId}/templates/${SWITCH}`;
    const first = await api.post(path, { x: 10, y: 20 });
    const second = await api.post(path, { x: 30, y: 40, compute_id: "local" });
    expect(first.status).toBe(201);
    expect([first.body.name, second.body.name]).toEqual(["Switch1", "Switch2"]);
    expect(first.body).toMatchObject({ node_type: "ethernet_switch", template_id: SWITCH, x: 10, y: 20, symbol: ":/symbols/ethernet_switch.svg", console_type: "none" });
    expect((await api.post(path, { x: 1 })).body.message).toContain("'y' is a required property");
    const unknown = await api.post(`/v2/projects/${projectId}/templates/${UNKNOWN}`, { x: 1, y: 1 });
    expect(unknown.body).toEqual({ message: `Template ${UNKNOWN} doesn't exist`, status: 404 });
  });

  it("makes a node from a custom template: its name format, symbol, properties and compute", async () => {
    const projectId = await newProject(api);
    const template = await api.post("/v2/templates", {
      name: "Core VM", template_type: "qemu", compute_id: "local", adapters: 3, ram: 768, first_port_name: "mgmt0",
      port_name_format: "Gi0/{0}", symbol: ":/symbols/router.svg", console_type: "vnc",
    });
    const first = await api.post(`/v2/projects/${projectId}/templates/${template.body.template_id}`, { x: 0, y: 0 });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      name: "CoreVM-1", node_type: "qemu", compute_id: "local", template_id: template.body.template_id, symbol: ":/symbols/router.svg",
      console_type: "vnc", first_port_name: "mgmt0", port_name_format: "Gi0/{0}",
    });
    expect(first.body.properties).toMatchObject({ adapters: 3, ram: 768, linked_clone: true });
    expect(first.body.properties).not.toHaveProperty("platform");
    expect(first.body.ports.map((port: { name: string }) => port.name)).toEqual(["mgmt0", "Gi0/0", "Gi0/1"]);
    const named = await api.post(`/v2/projects/${projectId}/templates/${template.body.template_id}`, { x: 0, y: 0, name: "edge" });
    expect(named.body.name).toBe("edge");
    expect((await api.post(`/v2/projects/${projectId}/templates/${template.body.template_id}`, { x: 0, y: 0 })).body.name).toBe("CoreVM-2");
  });

  it("makes a Dynamips router from a template as the web UI's c7200 one: its slots, ports and instance id", async () => {
    const projectId = await newProject(api);
    const template = await api.post("/v2/templates", { name: unique("c7200"), template_type: "dynamips", compute_id: "local", platform: "c7200", image: "c7200.bin", slot1: "PA-2FE-TX" });
    expect(template.status).toBe(201);
    const reply = await api.post(`/v2/projects/${projectId}/templates/${template.body.template_id}`, { x: 0, y: 0 });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({ node_type: "dynamips", name: "R1", console_type: "telnet", status: "stopped" });
    expect(reply.body.properties).toMatchObject({ platform: "c7200", image: "c7200.bin", dynamips_id: 1, ram: 512, nvram: 512, npe: "npe-400", midplane: "vxr", slot0: "C7200-IO-FE", slot1: "PA-2FE-TX", slot2: null });
    expect(reply.body.ports.map((port: { short_name: string }) => port.short_name)).toEqual(["f0/0", "f1/0", "f1/1"]);
    const second = await api.post(`/v2/projects/${projectId}/templates/${template.body.template_id}`, { x: 0, y: 0 });
    expect(second.body).toMatchObject({ name: "R2", properties: { dynamips_id: 2 } });
  });
}, { workerd: true });
