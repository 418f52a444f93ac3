/**
 * What the GNS3 Qt GUI (gns3-gui, branch 2.2) sends, as its code builds the requests: the
 * connection check, the start-up listings, a new project, nodes from templates, a link, a
 * snapshot, and closing. The GUI refuses a server whose version's x.y.z differs from its own
 * and reads `version` and `local` to decide; it quotes symbol ids (`%3A/symbols/…`).
 */
import { expect, it } from "vitest";
import { describeApi } from "../testing/api-targets";

const VPCS_TEMPLATE = "19021f99-e36f-394d-b4a1-8aaa902ab9cc";
const HUB_TEMPLATE = "b4503ea9-d6b6-3695-9fe4-1db3b39290b0";

describeApi("the GNS3 Qt GUI's requests", (api) => {
  it("connects and lists what its docks and dialogs show", async () => {
    const version = await api.get("/v2/version");
    expect(version.body).toEqual({ local: expect.any(Boolean), version: "2.2.60" });
    expect((await api.post("/v2/version", { version: "2.2.60" })).status).toBe(200);
    expect((await api.post("/v2/version", { version: "2.2.59" })).body).toEqual({
      message: "Client version 2.2.59 is not the same as server version 2.2.60",
      status: 409,
    });

    expect((await api.get("/v2/projects")).status).toBe(200);
    expect((await api.get("/v2/computes")).body[0]).toMatchObject({ compute_id: "local", capabilities: { version: "2.2.60" } });
    expect((await api.get("/v2/templates")).body.length).toBeGreaterThanOrEqual(7);
    expect((await api.get("/v2/appliances?symbol_theme=Classic")).body).toEqual([]);
    expect((await api.get("/v2/gns3vm")).body).toMatchObject({ enable: false });
    expect(Array.isArray((await api.get("/v2/gns3vm/engines")).body)).toBe(true);
    expect((await api.get("/v2/iou_license")).body).toMatchObject({ iourc_content: expect.any(String) });

    const symbols = (await api.get("/v2/symbols")).body as Array<{ symbol_id: string }>;
    expect(symbols.length).toBeGreaterThan(0);
    // Python's quote("/symbols/" + id + "/raw") keeps "/" and encodes ":".
    const raw = await api.fetch(`/v2/symbols/${encodeURIComponent(symbols[0]!.symbol_id).replaceAll("%2F", "/")}/raw`);
    expect(raw.status).toBe(200);
    expect(raw.headers.get("content-type")).toMatch(/^image\//);
  });

  it("creates a project, builds a small lab, takes a snapshot and closes it", async () => {
    const created = await api.post("/v2/projects", {
      name: "gui lab",
      path: "/home/user/GNS3/projects/gui lab",
      grid_size: 75,
      drawing_grid_size: 25,
      show_grid: false,
      snap_to_grid: false,
      show_interface_labels: false,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "gui lab", status: "opened", grid_size: 75 });
    const base = `/v2/projects/${created.body.project_id}`;

    // Nodes dropped from the template dock: integer x and y, the compute the user picked.
    const pc = await api.post(`${base}/templates/${VPCS_TEMPLATE}`, { x: -200, y: 0, compute_id: "local" });
    const hub = await api.post(`${base}/templates/${HUB_TEMPLATE}`, { x: 0, y: 0, compute_id: "local" });
    expect([pc.status, hub.status]).toEqual([201, 201]);

    const link = await api.post(`${base}/links`, {
      nodes: [
        { node_id: pc.body.node_id, adapter_number: 0, port_number: 0 },
        { node_id: hub.body.node_id, adapter_number: 0, port_number: 0 },
      ],
      link_style: { color: "#000000", width: 2, type: 1 },
    });
    expect(link.status).toBe(201);
    expect(link.body.link_style).toEqual({ color: "#000000", width: 2, type: 1 });

    for (const list of ["nodes", "links", "drawings"]) expect((await api.get(`${base}/${list}`)).status).toBe(200);
    const snapshot = await api.post(`${base}/snapshots`, { name: "before changes" });
    expect(snapshot.status).toBe(201);
    expect((await api.get(`${base}/snapshots`)).body).toEqual([expect.objectContaining({ name: "before changes", snapshot_id: snapshot.body.snapshot_id })]);
    expect((await api.post(`${base}/nodes/console/reset`)).status).toBe(204);
    expect((await api.post(`${base}/close`)).status).toBe(204);
  });
}, { workerd: true, gns3Version: "2.2.60" });
