import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fileLayout } from "../files/layout";
import { describeApi, itOnDisk, type ApiClient } from "../testing/api-targets";
import { gns3v200Lab, LEGACY_IDS } from "../testing/legacy-topologies";
import { readHttpStream } from "../testing/notification-clients";

interface Lab {
  projectId: string;
  name: string;
  base: string;
  pc: any;
  vm: any;
}

/** A VPCS and a QEMU node linked, a drawing, a file of the VPCS, a snapshot. */
async function buildLab(api: ApiClient): Promise<Lab> {
  const name = `dup-${crypto.randomUUID()}`;
  const { body: project } = await api.post("/v2/projects", { name, grid_size: 50 });
  const base = `/v2/projects/${project.project_id}`;
  const pc = (await api.post(`${base}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" })).body;
  const vm = (await api.post(`${base}/nodes`, { name: "VM1", node_type: "qemu", compute_id: "local" })).body;
  const link = await api.post(`${base}/links`, {
    nodes: [{ node_id: pc.node_id, adapter_number: 0, port_number: 0 }, { node_id: vm.node_id, adapter_number: 0, port_number: 0 }],
    filters: { corrupt: [3] },
  });
  expect(link.status).toBe(201);
  expect((await api.post(`${base}/drawings`, { svg: "<svg/>" })).status).toBe(201);
  const file = await api.fetch(`${base}/files/project-files/vpcs/${pc.node_id}/notes.txt`, { method: "POST", body: "pc notes" });
  expect(file.status).toBe(201);
  expect((await api.post(`${base}/snapshots`, { name: "kept" })).status).toBe(201);
  return { projectId: project.project_id, name, base, pc, vm };
}

/** Nodes by name, links by their ends' names: what a copy under new ids must hold the same. */
async function shapeOf(api: ApiClient, base: string) {
  const nodes = (await api.get(`${base}/nodes`)).body as any[];
  const names = new Map(nodes.map((node) => [node.node_id, node.name]));
  const links = (await api.get(`${base}/links`)).body as any[];
  return {
    nodes: nodes.map((node) => [node.name, node.node_type, node.x, node.y]).sort(),
    links: links.map((link) => [link.nodes.map((end: any) => names.get(end.node_id)), link.filters]),
    drawings: ((await api.get(`${base}/drawings`)).body as any[]).map((drawing) => drawing.svg),
  };
}

describeApi("project duplication", (api) => {
  let lab: Lab;
  beforeAll(async () => {
    lab = await buildLab(api);
  });

  it("copies the project under new ids, closed and never opening or starting by itself, as GNS3 does", async () => {
    const stream = readHttpStream(await api.fetch("/v2/notifications"));
    await stream.frames.next();
    const name = `copy-${crypto.randomUUID()}`;
    const duplicated = await api.post(`${lab.base}/duplicate`, { name });
    expect(duplicated.status).toBe(201);
    const copy = duplicated.body;
    expect(copy).toMatchObject({ name, filename: `${name}.gns3`, status: "closed", auto_close: false, auto_open: false, auto_start: false, grid_size: 50 });
    expect(copy.project_id).not.toBe(lab.projectId);
    expect(JSON.parse(await stream.frames.nextEvent())).toEqual({ action: "project.created", event: copy });
    await stream.close();

    const copyBase = `/v2/projects/${copy.project_id}`;
    expect((await api.post(`${copyBase}/open`)).status).toBe(201);
    expect(await shapeOf(api, copyBase)).toEqual(await shapeOf(api, lab.base));
    const nodes = (await api.get(`${copyBase}/nodes`)).body as any[];
    for (const node of nodes) expect([lab.pc.node_id, lab.vm.node_id]).not.toContain(node.node_id);
    const pc = nodes.find((node) => node.name === "PC1");
    expect(await (await api.fetch(`${copyBase}/files/project-files/vpcs/${pc.node_id}/notes.txt`)).text()).toBe("pc notes");
    expect((await api.get(`${copyBase}/snapshots`)).body.map((snapshot: any) => snapshot.name)).toEqual(["kept"]);
    // The source is left as it was.
    expect((await api.get(lab.base)).body).toMatchObject({ name: lab.name, status: "opened" });
  });

  it("gives a taken name the first free suffix, and the source's own name when none is given", async () => {
    const first = await api.post(`${lab.base}/duplicate`, { name: lab.name });
    expect(first.body).toMatchObject({ name: `${lab.name}-1`, filename: `${lab.name}-1.gns3` });
    const second = await api.post(`${lab.base}/duplicate`, { name: null });
    expect(second.body).toMatchObject({ name: `${lab.name}-2` });
  });

  it("clears MAC addresses on request only, reports the path asked for, and copies a closed project", async () => {
    const vmMac = async (projectId: string) => ((await api.get(`/v2/projects/${projectId}/nodes`)).body as any[]).find((node) => node.name === "VM1").properties.mac_address;
    const kept = await api.post(`${lab.base}/duplicate`, { name: `macs-${crypto.randomUUID()}`, path: "/labs/kept" });
    expect(kept.body.path).toBe("/labs/kept");
    expect(await vmMac(kept.body.project_id)).toMatch(/^0c(:[0-9a-f]{2}){5}$/);
    const reset = await api.post(`${lab.base}/duplicate`, { name: `reset-${crypto.randomUUID()}`, reset_mac_addresses: true });
    expect(await vmMac(reset.body.project_id)).toBeNull();

    const closed = await buildLab(api);
    expect((await api.post(`${closed.base}/close`)).status).toBe(204);
    const copy = await api.post(`${closed.base}/duplicate`, { name: `closed-${crypto.randomUUID()}` });
    expect(copy.status).toBe(201);
    expect((await api.get(closed.base)).body.status).toBe("closed");
    expect((await api.get(`/v2/projects/${copy.body.project_id}/nodes`)).body).toHaveLength(2);
  });

  it("answers 404 for an unknown project and 400 for a body GNS3's schema refuses", async () => {
    const unknown = crypto.randomUUID();
    expect(await api.post(`/v2/projects/${unknown}/duplicate`, { name: "x" })).toMatchObject({ status: 404, body: { message: `Project ID ${unknown} doesn't exist`, status: 404 } });
    const missing = await api.post(`${lab.base}/duplicate`, {});
    expect(missing).toMatchObject({ status: 400, body: { message: `JSON schema error with API request '${lab.base}/duplicate': 'name' is a required property` } });
    expect((await api.post(`${lab.base}/duplicate`, { name: "x", unknown: true })).status).toBe(400);
    expect((await api.post(`${lab.base}/duplicate`, { name: "x", reset_mac_addresses: "yes" })).status).toBe(400);
  });
}, { workerd: true });

describeApi("loading a project from the server's disk", (api) => {
  const outside = mkdtempSync(join(tmpdir(), "gns3-outside-"));
  afterAll(() => rmSync(outside, { recursive: true, force: true }));

  /** Where the server sees a file of its store: on disk, or as the `/projects/…` path Workers give R2 keys. */
  const serverPath = (path: string) => (api.fileBackend === "r2" ? `/${path}` : api.files.onDisk(path));

  /** A GNS3 2.0.0 project folder under the data dir's projects folder; returns the .gns3 file's path on disk. */
  async function placeLegacyProject(name: string, projectId = crypto.randomUUID()): Promise<{ path: string; projectId: string }> {
    const folder = `${fileLayout.projectFolder(`legacy-${crypto.randomUUID()}`)}`;
    await api.files.write(`${folder}/${name}.gns3`, JSON.stringify({ ...gns3v200Lab(name), project_id: projectId }));
    await api.files.write(`${folder}/project-files/vpcs/${LEGACY_IDS.pc1}/startup.vpc`, "ip 10.1.1.1/24");
    await api.files.write(`${folder}/README.txt`, "not copied");
    return { path: serverPath(`${folder}/${name}.gns3`), projectId };
  }

  it("opens a GNS3 2.0.0 project in place: its id, its name, its nodes and files, upgraded", async () => {
    const name = `legacy-${crypto.randomUUID()}`;
    const { path, projectId } = await placeLegacyProject(name);
    const loaded = await api.post("/v2/projects/load", { path });
    expect(loaded.status).toBe(201);
    expect(loaded.body).toMatchObject({ project_id: projectId, name, status: "opened", filename: `${name}.gns3`, path: dirname(path), auto_close: true });
    const base = `/v2/projects/${projectId}`;
    const nodes = (await api.get(`${base}/nodes`)).body as any[];
    expect(nodes.map((node) => [node.node_id, node.name, node.status])).toEqual(
      expect.arrayContaining([
        [LEGACY_IDS.pc1, "PC1", "stopped"],
        [LEGACY_IDS.switch, "SW1", "started"],
      ]),
    );
    expect((await api.get(`${base}/links`)).body.map((link: any) => link.link_id)).toEqual([LEGACY_IDS.link]);
    expect(await (await api.fetch(`${base}/files/project-files/vpcs/${LEGACY_IDS.pc1}/startup.vpc`)).text()).toBe("ip 10.1.1.1/24");
    expect((await api.get(`${base}/files/README.txt`)).status).toBe(404);

    // Loading it again opens the project it already is.
    expect((await api.post(`${base}/close`)).status).toBe(204);
    const again = await api.post("/v2/projects/load", { path });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ ...loaded.body });
  });

  it("refuses a name another project has, a missing file and a bad body", async () => {
    const name = `clash-${crypto.randomUUID()}`;
    expect((await api.post("/v2/projects", { name })).status).toBe(201);
    const { path } = await placeLegacyProject(name);
    expect(await api.post("/v2/projects/load", { path })).toMatchObject({ status: 409, body: { message: `Project "${name}" already exists`, status: 409 } });
    const missing = serverPath("projects/nothing/here.gns3");
    expect(await api.post("/v2/projects/load", { path: missing })).toMatchObject({ status: 409, body: { message: `Could not load topology ${missing}: no such file`, status: 409 } });
    expect((await api.post("/v2/projects/load", {})).body.message).toBe("JSON schema error with API request '/v2/projects/load': 'path' is a required property");
    expect((await api.post("/v2/projects/load", { path: "" })).status).toBe(400);
  });

  const refusal = (path: string) => ({
    status: 403,
    body: { message: `Cannot load '${path}': projects are loaded only from ${serverPath("projects")} (add a folder with --projects-path)`, status: 403 },
  });

  it("reads only from the allowed folders, whatever the path says", async () => {
    const elsewhere = join(outside, "lab.gns3");
    writeFileSync(elsewhere, JSON.stringify(gns3v200Lab("elsewhere")));
    expect(await api.post("/v2/projects/load", { path: elsewhere })).toMatchObject(refusal(elsewhere));
    const climbing = `${serverPath("projects")}/../../${outside.split("/").pop()}/lab.gns3`;
    expect(await api.post("/v2/projects/load", { path: climbing })).toMatchObject(refusal(climbing));
    expect(await api.post("/v2/projects/load", { path: "/etc/passwd" })).toMatchObject(refusal("/etc/passwd"));
  });

  itOnDisk(api, "R2 has no symlinks")("does not follow a symlink out of an allowed folder", async () => {
    const target = join(outside, "secret.gns3");
    writeFileSync(target, JSON.stringify(gns3v200Lab("secret")));
    await api.files.write("projects/links/placeholder", "x");
    const link = api.files.onDisk("projects/links/lab.gns3");
    symlinkSync(target, link);
    expect(await api.post("/v2/projects/load", { path: link })).toMatchObject(refusal(link));
  });
}, { workerd: true });
