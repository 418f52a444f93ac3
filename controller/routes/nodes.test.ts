import { expect, it } from "vitest";
import { describeApi, type ApiClient } from "../testing/api-targets";

const NODE_KEYS = [
  "command_line", "compute_id", "console", "console_auto_start", "console_host", "console_type", "custom_adapters",
  "first_port_name", "height", "label", "locked", "name", "node_directory", "node_id", "node_type",
  "port_name_format", "port_segment_size", "ports", "project_id", "properties", "status", "symbol",
  "template_id", "width", "x", "y", "z",
];

let counter = 0;
async function newProject(api: ApiClient): Promise<string> {
  const reply = await api.post("/v2/projects", { name: `nodes-${++counter}-${Math.random().toString(36).slice(2)}` });
  return reply.body.project_id;
}

describeApi("nodes", (api) => {
  it("creates a VPCS node shaped like GNS3's", async () => {
    const projectId = await newProject(api);
    const reply = await api.post(`/v2/projects/${projectId}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" });
    expect(reply.status).toBe(201);
    expect(Object.keys(reply.body)).toEqual(NODE_KEYS);
    expect(reply.body).toMatchObject({
      command_line: "", compute_id: "local", console_auto_start: false, console_host: "127.0.0.1", console_type: "telnet",
      custom_adapters: [], first_port_name: null, height: 59, width: 65, locked: false, name: "PC1", node_type: "vpcs",
      port_name_format: "Ethernet{0}", port_segment_size: 0, project_id: projectId, properties: {}, status: "stopped",
      symbol: ":/symbols/vpcs_guest.svg", template_id: null, x: 0, y: 0, z: 1,
      label: { rotation: 0, style: null, text: "PC1", x: null, y: -40 },
      ports: [{ adapter_number: 0, data_link_types: { Ethernet: "DLT_EN10MB" }, link_type: "ethernet", name: "Ethernet0", port_number: 0, short_name: "e0" }],
    });
    expect(reply.body.console).toBeGreaterThanOrEqual(5000);
    const fetched = await api.get(`/v2/projects/${projectId}/nodes/${reply.body.node_id}`);
    expect(fetched.body).toEqual(reply.body);
    const listed = await api.get(`/v2/projects/${projectId}/nodes`);
    expect(listed.body).toEqual([reply.body]);
  });

  it("gives every VPCS its own console port and a unique name", async () => {
    const projectId = await newProject(api);
    const first = await api.post(`/v2/projects/${projectId}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" });
    const second = await api.post(`/v2/projects/${projectId}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" });
    const third = await api.post(`/v2/projects/${projectId}/nodes`, { name: "PC 1", node_type: "vpcs", compute_id: "local" });
    expect([first.body.name, second.body.name, third.body.name]).toEqual(["PC1", "PC2", "PC3"]);
    expect(new Set([first.body.console, second.body.console, third.body.console]).size).toBe(3);
    const templated = await api.post(`/v2/projects/${projectId}/nodes`, { name: "R{0}", node_type: "vpcs", compute_id: "local" });
    expect(templated.body.name).toBe("R1");
    const bad = await api.post(`/v2/projects/${projectId}/nodes`, { name: "R{0}{nope}", node_type: "vpcs", compute_id: "local" });
    expect(bad.status).toBe(409);
    expect(bad.body.message).toBe("{nope} is not a valid replacement string in the node name");
  });

  it("lets 20 clients create 150 VPCS at once, each with its own console port: no request loses the race for one", async () => {
    const projectId = await newProject(api);
    const statuses: number[] = [];
    const consoles = new Set<number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < 150) {
          const reply = await api.post(`/v2/projects/${projectId}/nodes`, { name: `PC${++next}`, node_type: "vpcs", compute_id: "local" });
          statuses.push(reply.status);
          consoles.add(reply.body.console);
        }
      }),
    );
    expect(statuses).toEqual(statuses.map(() => 201));
    expect(consoles.size).toBe(150);
  });

  it("lists the ports of switches, hubs and clouds from their ports_mapping", async () => {
    const projectId = await newProject(api);
    const sw = await api.post(`/v2/projects/${projectId}/nodes`, { name: "SW", node_type: "ethernet_switch", compute_id: "local" });
    expect(sw.body.status).toBe("started");
    expect(sw.body.console).toBeNull();
    expect(sw.body.ports).toHaveLength(8);
    expect(sw.body.ports[3]).toEqual({ adapter_number: 0, data_link_types: { Ethernet: "DLT_EN10MB" }, link_type: "ethernet", name: "Ethernet3", port_number: 3, short_name: "e3" });
    expect(sw.body.properties.ports_mapping[0]).toEqual({ ethertype: "", name: "Ethernet0", port_number: 0, type: "access", vlan: 1 });
    const hub = await api.post(`/v2/projects/${projectId}/nodes`, { name: "HUB", node_type: "ethernet_hub", compute_id: "local", properties: { ports_mapping: [{ name: "A", port_number: 0 }, { name: "B", port_number: 1 }] } });
    expect(hub.body.ports.map((p: { name: string; short_name: string }) => [p.name, p.short_name])).toEqual([["A", "e0"], ["B", "e1"]]);
    const cloud = await api.post(`/v2/projects/${projectId}/nodes`, {
      name: "Cloud", node_type: "cloud", compute_id: "local",
      properties: { ports_mapping: [{ name: "UDP tunnel 1", port_number: 0, type: "udp", lport: 20000, rhost: "127.0.0.1", rport: 30000 }] },
    });
    expect(cloud.status).toBe(201);
    expect(cloud.body.ports).toEqual([{ adapter_number: 0, data_link_types: { Ethernet: "DLT_EN10MB" }, link_type: "ethernet", name: "UDP tunnel 1", port_number: 0, short_name: "UDP tunnel 1" }]);
  });

  it.each([
    [{ node_type: "vpcs", compute_id: "local" }, 400, "'name' is a required property"],
    [{ name: "x", compute_id: "local" }, 400, "'node_type' is a required property"],
    [{ name: "x", node_type: "vpcs" }, 400, "'compute_id' is a required property"],
    [{ name: "x", node_type: "toaster", compute_id: "local" }, 400, "'toaster' is not one of"],
    [{ name: "x", node_type: "vpcs", compute_id: "local", colour: 1 }, 400, "Additional properties are not allowed ('colour' was unexpected)"],
    [{ name: "x", node_type: "vpcs", compute_id: "local", x: 1.5 }, 400, "1.5 is not of type 'integer'"],
    [{ name: "x", node_type: "vpcs", compute_id: "nowhere" }, 404, "Compute ID nowhere doesn't exist"],
    [{ name: "x", node_type: "cloud", compute_id: "local", properties: { ports_mapping: [{ name: "u", port_number: 0, type: "udp", lport: 0, rhost: "h", rport: 1 }] } }, 400, "Invalid properties.ports_mapping"],
    [{ name: "x", node_type: "ethernet_switch", compute_id: "local", properties: { ports_mapping: [{ name: "a", port_number: 0, type: "access", vlan: 1 }, { name: "b", port_number: 0, type: "access", vlan: 1 }] } }, 400, "port_number 0 appears twice"],
    [{ name: "x", node_type: "dynamips", compute_id: "local" }, 400, "properties.platform must be one of c7200"],
  ])("rejects %j with %i", async (body, status, message) => {
    const projectId = await newProject(api);
    const reply = await api.post(`/v2/projects/${projectId}/nodes`, body);
    expect(reply.status).toBe(status);
    expect(reply.body.status).toBe(status);
    expect(reply.body.message).toContain(message);
  });

  it("answers 404 for an unknown project and 403 when it is closed", async () => {
    const unknown = await api.post("/v2/projects/00000000-0000-4000-8000-000000000000/nodes", { name: "x", node_type: "vpcs", compute_id: "local" });
    expect(unknown.status).toBe(404);
    const projectId = await newProject(api);
    const node = await api.post(`/v2/projects/${projectId}/nodes`, { name: "PC", node_type: "vpcs", compute_id: "local" });
    await api.post(`/v2/projects/${projectId}/close`);
    const closed = await api.post(`/v2/projects/${projectId}/nodes`, { name: "x", node_type: "vpcs", compute_id: "local" });
    expect(closed.body).toEqual({ message: "The project is not opened", status: 403 });
    expect((await api.get(`/v2/projects/${projectId}/nodes/${node.body.node_id}`)).status).toBe(403);
    const stored = await api.get(`/v2/projects/${projectId}/nodes`);
    expect(stored.status).toBe(200);
    expect(stored.body[0]).not.toHaveProperty("ports");
    expect(stored.body[0].name).toBe("PC");
  });

  it("updates position, label and name, and keeps the label text equal to the name", async () => {
    const projectId = await newProject(api);
    const { body: node } = await api.post(`/v2/projects/${projectId}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" });
    const reply = await api.put(`/v2/projects/${projectId}/nodes/${node.node_id}`, {
      name: "Client", x: 10, y: -20, z: 3, label: { text: "ignored", x: 5, y: -30, rotation: 90, style: "font-size: 9" },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ name: "Client", x: 10, y: -20, z: 3, label: { text: "Client", x: 5, y: -30, rotation: 90, style: "font-size: 9" } });
    const bad = await api.put(`/v2/projects/${projectId}/nodes/${node.node_id}`, { node_type: "qemu" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("node_type cannot be changed");
    const missing = await api.put(`/v2/projects/${projectId}/nodes/00000000-0000-4000-8000-000000000000`, { x: 1 });
    expect(missing.body).toEqual({ message: "Node ID 00000000-0000-4000-8000-000000000000 doesn't exist", status: 404 });
  });

  it("starts, suspends and stops a node, and answers with the new status", async () => {
    const projectId = await newProject(api);
    const { body: node } = await api.post(`/v2/projects/${projectId}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" });
    const path = `/v2/projects/${projectId}/nodes/${node.node_id}`;
    expect((await api.post(`${path}/start`)).body.status).toBe("started");
    expect((await api.post(`${path}/suspend`)).body.status).toBe("suspended");
    expect((await api.post(`${path}/reload`)).body.status).toBe("started");
    const stopped = await api.post(`${path}/stop`);
    expect(stopped.status).toBe(200);
    expect(stopped.body.status).toBe("stopped");
    expect((await api.post(`${path}/start`, "{bad")).status).toBe(400);
    expect((await api.post(`/v2/projects/${projectId}/nodes/start`)).status).toBe(204);
    expect((await api.get(path)).body.status).toBe("started");
    expect((await api.post(`/v2/projects/${projectId}/nodes/stop`)).status).toBe(204);
    expect((await api.get(path)).body.status).toBe("stopped");
  });

  it("refuses to delete a locked node and deletes it with its links once unlocked", async () => {
    const projectId = await newProject(api);
    const { body: a } = await api.post(`/v2/projects/${projectId}/nodes`, { name: "A", node_type: "vpcs", compute_id: "local", locked: true });
    const { body: b } = await api.post(`/v2/projects/${projectId}/nodes`, { name: "B", node_type: "vpcs", compute_id: "local" });
    const link = await api.post(`/v2/projects/${projectId}/links`, {
      nodes: [{ node_id: a.node_id, adapter_number: 0, port_number: 0 }, { node_id: b.node_id, adapter_number: 0, port_number: 0 }],
    });
    expect(link.status).toBe(201);
    expect((await api.get(`/v2/projects/${projectId}/nodes/${a.node_id}/links`)).body).toEqual([link.body]);
    const locked = await api.delete(`/v2/projects/${projectId}/nodes/${a.node_id}`);
    expect(locked.body).toEqual({ message: "Node A cannot be deleted because it is locked", status: 409 });
    await api.put(`/v2/projects/${projectId}/nodes/${a.node_id}`, { locked: false });
    expect((await api.delete(`/v2/projects/${projectId}/nodes/${a.node_id}`)).status).toBe(204);
    expect((await api.get(`/v2/projects/${projectId}/links`)).body).toEqual([]);
    expect((await api.get(`/v2/projects/${projectId}/nodes/${a.node_id}`)).status).toBe(404);
    const again = await api.post(`/v2/projects/${projectId}/nodes`, { name: "A", node_type: "vpcs", compute_id: "local" });
    expect(again.body.name).toBe("A");
  });

  it("duplicates a stopped node next to the original", async () => {
    const projectId = await newProject(api);
    const { body: node } = await api.post(`/v2/projects/${projectId}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" });
    const copy = await api.post(`/v2/projects/${projectId}/nodes/${node.node_id}/duplicate`, { x: 100, y: 50 });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: "PC2", x: 100, y: 50, node_type: "vpcs" });
    expect(copy.body.node_id).not.toBe(node.node_id);
    expect((await api.post(`/v2/projects/${projectId}/nodes/${node.node_id}/duplicate`, { x: 1 })).status).toBe(400);
  });

  it("names QEMU ports from the port name format and custom adapters", async () => {
    const projectId = await newProject(api);
    const reply = await api.post(`/v2/projects/${projectId}/nodes`, {
      name: "VM", node_type: "qemu", compute_id: "local", first_port_name: "mgmt0", port_name_format: "Gi0/{0}",
      properties: { adapters: 3 }, custom_adapters: [{ adapter_number: 2, port_name: "uplink" }],
    });
    expect(reply.status).toBe(201);
    expect(reply.body.ports.map((p: { name: string }) => p.name)).toEqual(["mgmt0", "Gi0/0", "uplink"]);
    expect(reply.body.ports[0].adapter_type).toBe("e1000");
  });
}, { workerd: true });
