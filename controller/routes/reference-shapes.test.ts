import { expect, it } from "vitest";
import { describeApi } from "../testing/api-targets";

/**
 * Field names and JSON types of each object, in tables transcribed by hand from GNS3 2.2's API
 * documentation (project, node, link and drawing objects), independently of our schemas.
 */
type JsonType = "string" | "integer" | "boolean" | "object" | "array" | "null";
const REFERENCE: Record<string, Record<string, JsonType[]>> = {
  project: {
    auto_close: ["boolean"], auto_open: ["boolean"], auto_start: ["boolean"], drawing_grid_size: ["integer"],
    filename: ["string"], grid_size: ["integer"], name: ["string"], path: ["string"], project_id: ["string"],
    scene_height: ["integer"], scene_width: ["integer"], show_grid: ["boolean"], show_interface_labels: ["boolean"],
    show_layers: ["boolean"], snap_to_grid: ["boolean"], status: ["string"], supplier: ["object", "null"],
    variables: ["array", "null"], zoom: ["integer"],
  },
  node: {
    command_line: ["string", "null"], compute_id: ["string"], console: ["integer", "null"], console_auto_start: ["boolean"],
    console_host: ["string"], console_type: ["string", "null"], custom_adapters: ["array"], first_port_name: ["string", "null"],
    height: ["integer"], label: ["object"], locked: ["boolean"], name: ["string"], node_directory: ["string", "null"],
    node_id: ["string"], node_type: ["string"], port_name_format: ["string"], port_segment_size: ["integer"], ports: ["array"],
    project_id: ["string"], properties: ["object"], status: ["string"], symbol: ["string"], template_id: ["string", "null"],
    width: ["integer"], x: ["integer"], y: ["integer"], z: ["integer"],
  },
  nodeLabel: { rotation: ["integer"], style: ["string", "null"], text: ["string"], x: ["integer", "null"], y: ["integer"] },
  port: {
    adapter_number: ["integer"], data_link_types: ["object"], link_type: ["string"], name: ["string"], port_number: ["integer"],
    short_name: ["string"],
  },
  link: {
    capture_compute_id: ["string", "null"], capture_file_name: ["string", "null"], capture_file_path: ["string", "null"],
    capturing: ["boolean"], filters: ["object"], link_id: ["string"], link_style: ["object"], link_type: ["string"],
    nodes: ["array"], project_id: ["string"], suspend: ["boolean"],
  },
  linkEnd: { adapter_number: ["integer"], label: ["object"], node_id: ["string"], port_number: ["integer"] },
  drawing: {
    drawing_id: ["string"], locked: ["boolean"], project_id: ["string"], rotation: ["integer"], svg: ["string"],
    x: ["integer"], y: ["integer"], z: ["integer"],
  },
};

function jsonType(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : ("number" as JsonType);
  return typeof value as JsonType;
}

/** Fields the reference says appear only when known. */
const OPTIONAL: Record<string, Record<string, JsonType[]>> = {
  port: { adapter_type: ["string"], mac_address: ["string"] },
};

/** Same field names as the reference, in sorted order (as GNS3 sends them), each of a listed type. */
function expectShape(kind: keyof typeof REFERENCE, value: Record<string, unknown>): void {
  const optional = Object.fromEntries(Object.entries(OPTIONAL[kind] ?? {}).filter(([field]) => field in value));
  const fields = { ...REFERENCE[kind]!, ...optional };
  expect(Object.keys(value), `${kind} fields`).toEqual(Object.keys(fields).sort());
  for (const [field, types] of Object.entries(fields)) {
    expect(types, `${kind}.${field} is ${jsonType(value[field])}`).toContain(jsonType(value[field]));
  }
}

function expectNode(node: any): void {
  expectShape("node", node);
  expectShape("nodeLabel", node.label);
  for (const port of node.ports) expectShape("port", port);
}

function expectLink(link: any): void {
  expectShape("link", link);
  for (const end of link.nodes) expectShape("linkEnd", end);
}

describeApi("wire shapes against the reference", (api) => {
  it("holds through the create/list/get/update/delete cycle of every resource", async () => {
    const created = await api.post("/v2/projects", { name: "reference-cycle", supplier: { logo: "l.png", url: "http://x" }, variables: [{ name: "A", value: "1" }] });
    expect(created.status).toBe(201);
    expectShape("project", created.body);
    const projectId = created.body.project_id;
    const base = `/v2/projects/${projectId}`;
    for (const project of (await api.get("/v2/projects")).body) expectShape("project", project);
    expectShape("project", (await api.get(base)).body);
    const updated = await api.put(base, { name: "reference-cycle-2", zoom: 80 });
    expect(updated.status).toBe(200);
    expectShape("project", updated.body);

    const nodes = [];
    for (const [name, node_type] of [["PC1", "vpcs"], ["SW1", "ethernet_switch"], ["HUB1", "ethernet_hub"], ["CLOUD1", "cloud"], ["VM1", "qemu"]]) {
      const reply = await api.post(`${base}/nodes`, { name, node_type, compute_id: "local" });
      expect(reply.status).toBe(201);
      expectNode(reply.body);
      nodes.push(reply.body);
    }
    for (const node of (await api.get(`${base}/nodes`)).body) expectNode(node);
    expectNode((await api.get(`${base}/nodes/${nodes[0].node_id}`)).body);
    const nodeUpdate = await api.put(`${base}/nodes/${nodes[0].node_id}`, { x: 5, name: "PC9" });
    expect(nodeUpdate.status).toBe(200);
    expectNode(nodeUpdate.body);
    expectNode((await api.post(`${base}/nodes/${nodes[0].node_id}/start`)).body);

    const link = await api.post(`${base}/links`, {
      nodes: [{ node_id: nodes[0].node_id, adapter_number: 0, port_number: 0 }, { node_id: nodes[1].node_id, adapter_number: 0, port_number: 2 }],
      filters: { delay: [20, 5] },
    });
    expect(link.status).toBe(201);
    expectLink(link.body);
    for (const each of (await api.get(`${base}/links`)).body) expectLink(each);
    expectLink((await api.get(`${base}/links/${link.body.link_id}`)).body);
    const linkUpdate = await api.put(`${base}/links/${link.body.link_id}`, { filters: { frequency_drop: [3] }, suspend: true });
    expect(linkUpdate.status).toBe(201);
    expectLink(linkUpdate.body);
    expectLink((await api.post(`${base}/links/${link.body.link_id}/start_capture`, {})).body);
    expectLink((await api.post(`${base}/links/${link.body.link_id}/stop_capture`)).body);

    const drawing = await api.post(`${base}/drawings`, { svg: "<svg><rect/></svg>", x: 1, y: 2 });
    expect(drawing.status).toBe(201);
    expectShape("drawing", drawing.body);
    for (const each of (await api.get(`${base}/drawings`)).body) expectShape("drawing", each);
    expectShape("drawing", (await api.get(`${base}/drawings/${drawing.body.drawing_id}`)).body);
    const drawingUpdate = await api.put(`${base}/drawings/${drawing.body.drawing_id}`, { rotation: 90 });
    expect(drawingUpdate.status).toBe(201);
    expectShape("drawing", drawingUpdate.body);

    expect((await api.delete(`${base}/drawings/${drawing.body.drawing_id}`)).status).toBe(204);
    expect((await api.delete(`${base}/links/${link.body.link_id}`)).status).toBe(204);
    expect((await api.delete(`${base}/nodes/${nodes[1].node_id}`)).status).toBe(204);
    expect((await api.delete(base)).status).toBe(204);
  });
}, { workerd: true });
