/**
 * What gns3-web-ui 2.2.58 (the UI GNS3 2.2 serves at /static/web-ui/) sends, in the order it
 * sends it, as recorded with the real UI in Chromium against this server and as its code builds
 * the requests: start-up and opening a project, dragging a template onto the map, drawing a
 * link between the new nodes, editing the link's filters, the console of a stopped node, and
 * exporting then importing a project through its form upload. Each answer must carry what the
 * UI reads from it.
 */
import { expect, it } from "vitest";
import { describeApi } from "../testing/api-targets";

const VPCS_TEMPLATE = "19021f99-e36f-394d-b4a1-8aaa902ab9cc";
const SWITCH_TEMPLATE = "1966b864-93e7-32d5-965f-001384eec461";
const NEW_PROJECT = "5f0c2a9e-4c8b-4d3e-9a61-7f2b1c0d9e11";
const IMPORTED_PROJECT = "6a1d3b0f-5d9c-4e4f-8b72-802c2d1e0f22";

describeApi("the GNS3 web UI's requests", (api) => {
  it("starts, opens a project, drags templates, links them, filters the link and reads the console's state", async () => {
    expect((await api.get("/v2/projects")).status).toBe(200);
    const created = await api.post("/v2/projects", { name: "web-ui lab", project_id: NEW_PROJECT });
    expect(created.status).toBe(201);
    const base = `/v2/projects/${NEW_PROJECT}`;

    expect((await api.get(base)).body).toMatchObject({ project_id: NEW_PROJECT, name: "web-ui lab" });
    expect((await api.post(`${base}/open`)).body).toMatchObject({ status: "opened" });
    const templates = (await api.get("/v2/templates")).body as Array<{ template_id: string; symbol: string }>;
    expect(templates.map((template) => template.template_id)).toEqual(expect.arrayContaining([VPCS_TEMPLATE, SWITCH_TEMPLATE]));
    // The map draws each template's icon with an <img> whose URL holds the symbol id unencoded.
    for (const { symbol } of templates) {
      const icon = await api.fetch(`/v2/symbols/${symbol}/raw`);
      expect(icon.status, symbol).toBe(200);
      expect(icon.headers.get("content-type"), symbol).toMatch(/^image\//);
      await icon.arrayBuffer();
    }
    for (const list of ["nodes", "links", "drawings"]) expect((await api.get(`${base}/${list}`)).body).toEqual([]);
    expect((await api.get(`${base}/stats`)).body).toEqual({ drawings: 0, links: 0, nodes: 0, snapshots: 0 });
    expect((await api.get("/v2/computes")).body[0]).toMatchObject({ compute_id: "local", connected: true });

    // A template dropped on the map: x and y rounded, the compute chosen (local by default).
    const pc = await api.post(`${base}/templates/${VPCS_TEMPLATE}`, { x: -120, y: 35, compute_id: "local" });
    expect(pc.status).toBe(201);
    expect(pc.body).toMatchObject({ name: "PC1", node_type: "vpcs", x: -120, y: 35, status: "stopped", console_type: "telnet" });
    const sw = await api.post(`${base}/templates/${SWITCH_TEMPLATE}`, { x: 80, y: 35, compute_id: "local" });
    expect(sw.body).toMatchObject({ name: "Switch1", node_type: "ethernet_switch", status: "started" });
    expect((await api.fetch(`/v2/symbols/${pc.body.symbol}/raw`)).status).toBe(200);

    // A link drawn between two ports, with the labels the UI places.
    const end = (node: any, x: number) => ({
      node_id: node.node_id,
      port_number: node.ports[0].port_number,
      adapter_number: node.ports[0].adapter_number,
      label: { rotation: 0, style: "font-size: 10; font-style: Verdana", text: node.ports[0].short_name, x, y: -4 },
    });
    const link = await api.post(`${base}/links`, { nodes: [end(pc.body, 60), end(sw.body, -10)] });
    expect(link.status).toBe(201);
    expect(link.body.nodes.map((node: any) => node.label.text)).toEqual(["e0", "e0"]);
    const filters = await api.get(`${base}/links/${link.body.link_id}/available_filters`);
    expect(filters.body.map((filter: any) => filter.type)).toEqual(["frequency_drop", "packet_loss", "delay", "corrupt", "bpf"]);

    // The filter dialog sends the whole link back with its filters changed.
    const updated = await api.put(`${base}/links/${link.body.link_id}`, { ...link.body, filters: { delay: [50, 5], packet_loss: [2] } });
    expect(updated.status).toBe(201);
    expect(updated.body.filters).toEqual({ delay: [50, 5], packet_loss: [2] });

    // Asked without an upgrade, the terminal of a node that is not started says why as a 409.
    const console = await api.get(`${base}/nodes/${pc.body.node_id}/console/ws`);
    expect(console.status).toBe(409);
    expect(console.body).toEqual({ message: "Node PC1 is not started", status: 409 });
  });

  it("answers the server pages: version, statistics, images and QEMU binaries", async () => {
    expect((await api.get("/v2/version")).body).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+$/), local: expect.any(Boolean) });
    expect(Array.isArray((await api.get("/v2/statistics")).body)).toBe(true);
    for (const path of ["/v2/compute/qemu/images", "/v2/compute/iou/images", "/v2/compute/dynamips/images", "/v2/compute/docker/images", "/v2/computes/local/qemu/binaries"]) {
      const reply = await api.get(path);
      expect(reply.status, path).toBe(200);
      expect(Array.isArray(reply.body), path).toBe(true);
    }
  });

  it("exports a project and imports it through the UI's form upload", async () => {
    const source = (await api.post("/v2/projects", { name: "to export" })).body;
    await api.post(`/v2/projects/${source.project_id}/templates/${VPCS_TEMPLATE}`, { x: 0, y: 0, compute_id: "local" });
    await api.post(`/v2/projects/${source.project_id}/close`);
    const exported = await api.fetch(`/v2/projects/${source.project_id}/export`);
    expect(exported.status).toBe(200);
    const archive = await exported.blob();

    // ng2-file-upload's default: multipart/form-data, the file in the part named "file".
    const form = new FormData();
    form.append("file", archive, "to export.gns3project");
    const response = await api.fetch(`/v2/projects/${IMPORTED_PROJECT}/import?name=imported%20lab`, { method: "POST", body: form });
    const imported = await response.json();
    expect(response.status, JSON.stringify(imported)).toBe(201);
    expect(imported).toMatchObject({ project_id: IMPORTED_PROJECT, name: "imported lab" });
    await api.post(`/v2/projects/${IMPORTED_PROJECT}/open`);
    expect((await api.get(`/v2/projects/${IMPORTED_PROJECT}/nodes`)).body.map((node: any) => node.name)).toEqual(["PC1"]);
  });
}, { workerd: true });
