import { strFromU8, unzipSync } from "fflate";
import { afterEach, beforeAll, expect, it } from "vitest";
import { fileLayout } from "../files/layout";
import { describeApi, type ApiClient } from "../testing/api-targets";
import { readHttpStream, type NotificationClient } from "../testing/notification-clients";

const STARTUP = "project-files/vpcs/startup.vpc";

interface Lab {
  projectId: string;
  base: string;
  pc: any;
  sw: any;
  link: any;
}

/** A VPCS on a switch, a filtered link, a drawing and a file. */
async function buildLab(api: ApiClient, name = `snap-${crypto.randomUUID()}`): Promise<Lab> {
  const { body: project } = await api.post("/v2/projects", { name, scene_width: 3000 });
  const base = `/v2/projects/${project.project_id}`;
  const pc = (await api.post(`${base}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" })).body;
  const sw = (await api.post(`${base}/nodes`, { name: "SW1", node_type: "ethernet_switch", compute_id: "local" })).body;
  const link = (
    await api.post(`${base}/links`, {
      nodes: [{ node_id: pc.node_id, adapter_number: 0, port_number: 0 }, { node_id: sw.node_id, adapter_number: 0, port_number: 1 }],
      filters: { delay: [50], packet_loss: [5] },
    })
  ).body;
  expect((await api.post(`${base}/drawings`, { svg: "<svg><rect/></svg>", x: 1, y: 2 })).status).toBe(201);
  expect((await api.fetch(`${base}/files/${STARTUP}`, { method: "POST", body: "ip 10.0.0.1/24" })).status).toBe(201);
  return { projectId: project.project_id, base, pc, sw, link };
}

async function contents(api: ApiClient, base: string) {
  const [nodes, links, drawings] = await Promise.all(["nodes", "links", "drawings"].map(async (kind) => (await api.get(`${base}/${kind}`)).body));
  return { nodes, links, drawings };
}

describeApi("project snapshots", (api) => {
  let lab: Lab;
  const streams: NotificationClient[] = [];
  beforeAll(async () => {
    lab = await buildLab(api);
  });
  afterEach(async () => {
    await Promise.all(streams.splice(0).map((stream) => stream.close()));
  });

  async function listen(path: string): Promise<NotificationClient> {
    const abort = new AbortController();
    const stream = readHttpStream(await api.fetch(path, { signal: abort.signal }), abort);
    streams.push(stream);
    await stream.frames.next();
    return stream;
  }

  async function snapshot(base: string, name: string) {
    const reply = await api.post(`${base}/snapshots`, { name });
    expect(reply.status).toBe(201);
    return reply.body;
  }

  it("takes a snapshot: GNS3's fields, an archive of the project in its snapshots folder, counted by stats", async () => {
    const before = Math.floor(Date.now() / 1000);
    const taken = await snapshot(lab.base, "first");
    expect(taken).toEqual({
      created_at: expect.any(Number),
      description: expect.stringMatching(/^Snapshot 'first' taken on \d{4}-\d\d-\d\d at \d\d:\d\d:\d\d$/),
      filename: `${taken.snapshot_id}.gns3snapshot`,
      name: "first",
      project_id: lab.projectId,
      snapshot_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(Number.isInteger(taken.created_at) && taken.created_at >= before && taken.created_at <= Date.now() / 1000 + 1).toBe(true);
    expect((await api.get(`${lab.base}/snapshots`)).body).toEqual([taken]);
    expect((await api.get(`${lab.base}/stats`)).body).toEqual({ drawings: 1, links: 1, nodes: 2, snapshots: 1 });

    const archive = await api.files.read(`${fileLayout.projectFolder(lab.projectId)}/snapshots/${taken.filename}`);
    const entries = unzipSync(archive!);
    expect(strFromU8(entries[STARTUP]!)).toBe("ip 10.0.0.1/24");
    const topology = JSON.parse(strFromU8(entries["project.gns3"]!));
    expect(topology).toMatchObject({ project_id: lab.projectId, revision: 9 });
    expect(Object.keys(entries).some((name) => name.startsWith("snapshots/"))).toBe(false);
  });

  it("refuses a name already taken, a bad body, and an unknown project as GNS3 does", async () => {
    await snapshot(lab.base, "taken");
    expect(await api.post(`${lab.base}/snapshots`, { name: "taken" })).toMatchObject({ status: 409, body: { message: "The snapshot name taken already exists", status: 409 } });
    const missing = await api.post(`${lab.base}/snapshots`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(`JSON schema error with API request '${lab.base}/snapshots': 'name' is a required property`);
    expect((await api.post(`${lab.base}/snapshots`, { name: "x", other: 1 })).status).toBe(400);
    const unknown = crypto.randomUUID();
    expect(await api.get(`/v2/projects/${unknown}/snapshots`)).toMatchObject({ status: 404, body: { message: `Project ID ${unknown} doesn't exist`, status: 404 } });
  });

  it("lists oldest first; taking, deleting and restoring need the project opened, listing and counting do not", async () => {
    const closing = await buildLab(api);
    const one = await snapshot(closing.base, "one");
    expect((await api.post(`${closing.base}/close`)).status).toBe(204);
    expect((await api.get(`${closing.base}/snapshots`)).body).toEqual([one]);
    expect((await api.get(`${closing.base}/stats`)).body).toEqual({ drawings: 0, links: 0, nodes: 0, snapshots: 1 });
    const forbidden = { status: 403, body: { message: "The project is not opened", status: 403 } };
    expect(await api.post(`${closing.base}/snapshots`, { name: "two" })).toMatchObject(forbidden);
    expect(await api.delete(`${closing.base}/snapshots/${one.snapshot_id}`)).toMatchObject(forbidden);
    expect(await api.post(`${closing.base}/snapshots/${one.snapshot_id}/restore`)).toMatchObject(forbidden);
  });

  it("refuses to snapshot a project whose emulated nodes run, as GNS3's export does", async () => {
    const running = await buildLab(api);
    expect((await api.post(`${running.base}/nodes/${running.pc.node_id}/start`)).status).toBe(200);
    expect(await api.post(`${running.base}/snapshots`, { name: "live" })).toMatchObject({
      status: 409,
      body: { message: "Project must be stopped in order to export it", status: 409 },
    });
    expect((await api.post(`${running.base}/nodes/${running.pc.node_id}/stop`)).status).toBe(200);
    expect((await api.post(`${running.base}/snapshots`, { name: "stopped" })).status).toBe(201);
  });

  it("restores: nodes stopped, links, drawings, files and scene as they were, with their ids, announced as GNS3 does", async () => {
    const restoring = await buildLab(api);
    const { base } = restoring;
    const before = await contents(api, base);
    const taken = await snapshot(base, "baseline");
    const later = await snapshot(base, "later");

    // Change everything the snapshot holds.
    expect((await api.post(`${base}/nodes/${restoring.pc.node_id}/start`)).status).toBe(200);
    const added = (await api.post(`${base}/nodes`, { name: "PC2", node_type: "vpcs", compute_id: "local" })).body;
    expect((await api.delete(`${base}/links/${restoring.link.link_id}`)).status).toBe(204);
    expect((await api.put(`${base}/nodes/${restoring.sw.node_id}`, { x: 500, name: "Core" })).status).toBe(200);
    expect((await api.put(base, { scene_width: 500, name: `renamed-${restoring.projectId}` })).status).toBe(200);
    expect((await api.fetch(`${base}/files/${STARTUP}`, { method: "POST", body: "changed" })).status).toBe(201);
    expect((await api.fetch(`${base}/files/project-files/vpcs/extra.txt`, { method: "POST", body: "new" })).status).toBe(201);
    expect((await api.fetch(`${base}/files/notes.txt`, { method: "POST", body: "outside project-files" })).status).toBe(201);

    const projectEvents = await listen(`${base}/notifications`);
    const controllerEvents = await listen("/v2/notifications");
    const restored = await api.post(`${base}/snapshots/${taken.snapshot_id}/restore`);
    expect(restored.status).toBe(201);
    expect(restored.body).toMatchObject({ project_id: restoring.projectId, status: "opened", scene_width: 3000, name: `renamed-${restoring.projectId}` });
    expect((await api.get(base)).body).toEqual(restored.body);

    const after = await contents(api, base);
    const withoutConsole = (nodes: any[]) => nodes.map(({ console: _console, ...node }) => node);
    expect(withoutConsole(after.nodes)).toEqual(withoutConsole(before.nodes));
    expect(after.nodes.find((node: any) => node.node_id === restoring.pc.node_id).status).toBe("stopped");
    expect(after.links).toEqual(before.links);
    expect(after.drawings).toEqual(before.drawings);
    expect(await (await api.fetch(`${base}/files/${STARTUP}`)).text()).toBe("ip 10.0.0.1/24");
    expect((await api.get(`${base}/files/project-files/vpcs/extra.txt`)).status).toBe(404);
    expect(await (await api.fetch(`${base}/files/notes.txt`)).text()).toBe("outside project-files");
    // The other snapshots stay.
    expect((await api.get(`${base}/snapshots`)).body.map((s: any) => s.name)).toEqual(["baseline", "later"]);
    expect(later.name).toBe("later");

    const actions: string[] = [];
    for (;;) {
      const event = JSON.parse(await projectEvents.frames.nextEvent());
      actions.push(`${event.action} ${event.event.name ?? event.event.link_id ?? event.event.drawing_id ?? ""}`.trim());
      if (event.action === "snapshot.restored") {
        expect(event.event).toEqual(taken);
        break;
      }
    }
    expect(actions[0]).toBe("node.deleted PC2");
    expect(actions.slice(1, 3).sort()).toEqual(["node.created PC1", "node.created SW1"]);
    expect(actions.slice(3)).toEqual([`link.created ${restoring.link.link_id}`, `drawing.created ${before.drawings[0].drawing_id}`, "snapshot.restored baseline"]);
    const opened = JSON.parse(await controllerEvents.frames.nextEvent());
    expect(opened).toEqual({ action: "project.opened", event: restored.body });
    expect(added.name).toBe("PC2");
  });

  it("deletes a snapshot and its archive; unknown snapshots are 404", async () => {
    const deleting = await buildLab(api);
    const doomed = await snapshot(deleting.base, "doomed");
    const archive = `${fileLayout.projectFolder(deleting.projectId)}/snapshots/${doomed.filename}`;
    expect(await api.files.exists(archive)).toBe(true);
    expect((await api.delete(`${deleting.base}/snapshots/${doomed.snapshot_id}`)).status).toBe(204);
    expect((await api.get(`${deleting.base}/snapshots`)).body).toEqual([]);
    expect(await api.files.exists(archive)).toBe(false);
    const gone = { status: 404, body: { message: `Snapshot ID ${doomed.snapshot_id} doesn't exist`, status: 404 } };
    expect(await api.delete(`${deleting.base}/snapshots/${doomed.snapshot_id}`)).toMatchObject(gone);
    expect(await api.post(`${deleting.base}/snapshots/${doomed.snapshot_id}/restore`)).toMatchObject(gone);
    expect((await api.delete(`${deleting.base}/snapshots/not-an-id`)).status).toBe(404);
    // The name is free again.
    expect((await api.post(`${deleting.base}/snapshots`, { name: "doomed" })).status).toBe(201);
  });

  it("travels in an export with include_snapshots=yes, and restores in the imported project", async () => {
    const travelling = await buildLab(api);
    const taken = await snapshot(travelling.base, "portable");
    const without = unzipSync(new Uint8Array(await (await api.fetch(`${travelling.base}/export`)).arrayBuffer()));
    expect(Object.keys(without).some((name) => name.startsWith("snapshots/"))).toBe(false);
    const exported = new Uint8Array(await (await api.fetch(`${travelling.base}/export?include_snapshots=yes`)).arrayBuffer());
    const entries = unzipSync(exported);
    expect(JSON.parse(strFromU8(entries["snapshots/snapshots.conf"]!))).toEqual([taken]);
    expect(entries[`snapshots/${taken.filename}`]).toBeDefined();

    const copyId = crypto.randomUUID();
    const imported = await api.fetch(`/v2/projects/${copyId}/import?name=travelled-${copyId}`, { method: "POST", body: exported });
    expect(imported.status).toBe(201);
    const copyBase = `/v2/projects/${copyId}`;
    expect((await api.get(`${copyBase}/snapshots`)).body).toEqual([{ ...taken, project_id: copyId }]);
    expect((await api.post(`${copyBase}/open`)).status).toBe(201);
    expect((await api.delete(`${copyBase}/nodes/${(await api.get(`${copyBase}/nodes`)).body[0].node_id}`)).status).toBe(204);
    const restored = await api.post(`${copyBase}/snapshots/${taken.snapshot_id}/restore`);
    expect(restored.status).toBe(201);
    expect((await api.get(`${copyBase}/nodes`)).body.map((node: any) => node.name).sort()).toEqual(["PC1", "SW1"]);
    expect(await (await api.fetch(`${copyBase}/files/${STARTUP}`)).text()).toBe("ip 10.0.0.1/24");
  });
}, { workerd: true });
