import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { beforeAll, expect, it } from "vitest";
import { fileLayout } from "../files/layout";
import { describeApi, type ApiClient } from "../testing/api-targets";
import { gns3v200Lab, LEGACY_IDS } from "../testing/legacy-topologies";

const STARTUP = "project-files/vpcs/startup.vpc";
const BINARY = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 1, 2, 0x50, 0x4b, 0x07, 0x08, 255, 0x50, 0x4b, 0x01, 0x02]);

interface Lab {
  projectId: string;
  name: string;
  nodes: any[];
  links: any[];
  drawings: any[];
}

/** Two VPCS on a switch, filters in a non-alphabetical order, a suspended link, a drawing, files. */
async function buildLab(api: ApiClient): Promise<Lab> {
  const name = `lab-${crypto.randomUUID()}`;
  const { body: project } = await api.post("/v2/projects", { name, scene_width: 3000, grid_size: 50 });
  const base = `/v2/projects/${project.project_id}`;
  const node = async (nodeName: string, node_type: string) =>
    (await api.post(`${base}/nodes`, { name: nodeName, node_type, compute_id: "local", x: 10, y: 20 })).body;
  const pc1 = await node("PC1", "vpcs");
  const pc2 = await node("PC2", "vpcs");
  const sw1 = await node("SW1", "ethernet_switch");
  const end = (n: any, port = 0) => ({ node_id: n.node_id, adapter_number: 0, port_number: port });
  const link1 = await api.post(`${base}/links`, {
    nodes: [end(pc1), end(sw1, 1)],
    filters: { packet_loss: [10], delay: [50, 5], frequency_drop: [3] },
    suspend: true,
    link_style: { width: 2, color: "#ff0000" },
  });
  const link2 = await api.post(`${base}/links`, { nodes: [end(pc2), end(sw1, 2)], filters: { corrupt: [5], bpf: ["icmp"] } });
  expect([link1.status, link2.status]).toEqual([201, 201]);
  const drawing = await api.post(`${base}/drawings`, { svg: "<svg><rect/></svg>", x: 5, y: 6, rotation: 45 });
  expect(drawing.status).toBe(201);
  expect((await api.fetch(`${base}/files/${STARTUP}`, { method: "POST", body: "ip 10.0.0.1/24" })).status).toBe(201);
  expect((await api.fetch(`${base}/files/disk.bin`, { method: "POST", body: BINARY })).status).toBe(201);
  expect((await api.fetch(`${base}/files/project-files/captures/old.pcap`, { method: "POST", body: "x" })).status).toBe(201);
  return {
    projectId: project.project_id,
    name,
    nodes: (await api.get(`${base}/nodes`)).body,
    links: (await api.get(`${base}/links`)).body,
    drawings: (await api.get(`${base}/drawings`)).body,
  };
}

async function exportOf(api: ApiClient, projectId: string, query = "") {
  const response = await api.fetch(`/v2/projects/${projectId}/export${query}`);
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function importOf(api: ApiClient, projectId: string, body: RequestInit["body"], query = "") {
  const response = await api.fetch(`/v2/projects/${projectId}/import${query}`, { method: "POST", body });
  const text = await response.text();
  return { status: response.status, body: text === "" ? null : JSON.parse(text) };
}

function topologyOf(bytes: Uint8Array): any {
  return JSON.parse(strFromU8(unzipSync(bytes)["project.gns3"]!));
}

/**
 * What a project holds, with every id replaced by what it names (a node by its name, a link
 * by its ends), so that a copy under new ids compares equal to its original.
 */
async function contentsOf(api: ApiClient, projectId: string) {
  const base = `/v2/projects/${projectId}`;
  const nodes = (await api.get(`${base}/nodes`)).body as any[];
  const nameOf = new Map(nodes.map((node) => [node.node_id, node.name]));
  const links = (await api.get(`${base}/links`)).body as any[];
  const drawings = (await api.get(`${base}/drawings`)).body as any[];
  const identity = ["node_id", "project_id", "console", "status", "node_directory", "link_id", "drawing_id"];
  const without = (record: any) => Object.fromEntries(Object.entries(record).filter(([key]) => !identity.includes(key)));
  // A node's MAC address is derived from its id, as in GNS3.
  const node = (record: any) => ({ ...without(record), properties: without({ ...record.properties, mac_address: undefined }), ports: record.ports.map((port: any) => without({ ...port, mac_address: undefined })) });
  return {
    nodes: nodes.map(node).sort((a: any, b: any) => (a.name < b.name ? -1 : 1)),
    links: links
      .map((link) => ({ ...without(link), nodes: link.nodes.map((end: any) => ({ ...without(end), node: nameOf.get(end.node_id) })) }))
      .sort((a, b) => (JSON.stringify(a.nodes) < JSON.stringify(b.nodes) ? -1 : 1)),
    drawings: drawings.map(without),
  };
}

describeApi("project export and import", (api) => {
  let lab: Lab;
  beforeAll(async () => {
    lab = await buildLab(api);
  });

  it("exports a .gns3project archive holding the topology and the project's files", async () => {
    const exported = await exportOf(api, lab.projectId);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("application/gns3project");
    expect(exported.headers.get("content-disposition")).toBe(`attachment; filename="${lab.name}.gns3project"`);
    const entries = unzipSync(exported.bytes);
    expect(Object.keys(entries)).toEqual(expect.arrayContaining(["disk.bin", STARTUP, "project.gns3"]));
    expect(Object.keys(entries).filter((name) => name.includes("captures"))).toEqual([]);
    expect(strFromU8(entries[STARTUP]!)).toBe("ip 10.0.0.1/24");
    expect(entries["disk.bin"]).toEqual(BINARY);
    const topology = topologyOf(exported.bytes);
    expect(topology).toMatchObject({ type: "topology", revision: 9, version: "2.2.59", name: lab.name, project_id: lab.projectId });
    const suspended = topology.topology.links.find((link: any) => link.suspend);
    expect(Object.keys(suspended.filters)).toEqual(["packet_loss", "delay", "frequency_drop"]);
    expect(topology.topology.nodes.map((node: any) => node.name).sort()).toEqual(["PC1", "PC2", "SW1"]);
    expect(topology.topology.drawings).toHaveLength(1);
  });

  it("round-trips: the imported project has the same nodes, links, drawings and files, under new ids", async () => {
    const exported = await exportOf(api, lab.projectId);
    const copyId = crypto.randomUUID();
    const copyName = `copy-${crypto.randomUUID()}`;
    const imported = await importOf(api, copyId, exported.bytes, `?name=${copyName}`);
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ project_id: copyId, name: copyName, filename: `${copyName}.gns3`, status: "closed" });
    expect((await api.get(`/v2/projects/${copyId}`)).body).toEqual(imported.body);

    // Closed, the project lists its stored topology: filters in their stored order.
    const stored = (await api.get(`/v2/projects/${copyId}/links`)).body;
    const storedSuspended = stored.find((link: any) => link.suspend);
    expect(Object.keys(storedSuspended.filters)).toEqual(["packet_loss", "delay", "frequency_drop"]);

    expect((await api.post(`/v2/projects/${copyId}/open`)).status).toBe(201);
    const copy = await contentsOf(api, copyId);
    expect(copy).toEqual(await contentsOf(api, lab.projectId));
    const nodes = (await api.get(`/v2/projects/${copyId}/nodes`)).body;
    for (const node of nodes) expect(lab.nodes.map((original) => original.node_id)).not.toContain(node.node_id);
    for (const node of nodes.filter((n: any) => n.node_type === "vpcs")) {
      expect(node.console).toEqual(expect.any(Number));
      expect(lab.nodes.map((original) => original.console)).not.toContain(node.console);
    }
    for (const link of (await api.get(`/v2/projects/${copyId}/links`)).body) expect(lab.links.map((original) => original.link_id)).not.toContain(link.link_id);
    const drawings = (await api.get(`/v2/projects/${copyId}/drawings`)).body;
    expect(drawings.map((drawing: any) => drawing.drawing_id)).not.toEqual(lab.drawings.map((drawing) => drawing.drawing_id));

    const startup = await api.fetch(`/v2/projects/${copyId}/files/${STARTUP}`);
    expect(await startup.text()).toBe("ip 10.0.0.1/24");
    const binary = await api.fetch(`/v2/projects/${copyId}/files/disk.bin`);
    expect(new Uint8Array(await binary.arrayBuffer())).toEqual(BINARY);
    expect((await api.get(`/v2/projects/${copyId}/files/project-files/captures/old.pcap`)).status).toBe(404);
  });

  it("announces the imported project on the controller stream", async () => {
    const copyId = crypto.randomUUID();
    const stream = await api.fetch("/v2/notifications");
    const reader = stream.body!.getReader();
    const imported = await importOf(api, copyId, (await exportOf(api, lab.projectId)).bytes, `?name=announced-${copyId}`);
    expect(imported.status).toBe(201);
    let text = "";
    while (!text.includes("project.created")) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    const line = text.split("\n").find((candidate) => candidate.includes("project.created"))!;
    expect(JSON.parse(line)).toEqual({ action: "project.created", event: imported.body });
  });

  it("imports the bare .gns3 document too, under the file's name when none is given", async () => {
    const topology = topologyOf((await exportOf(api, lab.projectId)).bytes);
    topology.name = `bare-${crypto.randomUUID()}`;
    const copyId = crypto.randomUUID();
    const imported = await importOf(api, copyId, JSON.stringify(topology));
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ project_id: copyId, name: topology.name, status: "closed" });
    expect((await api.get(`/v2/projects/${copyId}/links`)).body).toHaveLength(2);
  });

  it("stores entries uncompressed with compression=none, moves nodes to local, clears MACs on request", async () => {
    const exported = await exportOf(api, lab.projectId, "?compression=none&reset_mac_addresses=yes&include_images=no");
    expect(exported.status).toBe(200);
    // Stored entries keep their bytes as they are: the file text is visible in the archive.
    expect(Buffer.from(exported.bytes).includes("ip 10.0.0.1/24")).toBe(true);
    expect(topologyOf(exported.bytes).topology.nodes.every((node: any) => node.compute_id === "local")).toBe(true);
  });

  it("writes archives Python's zipfile (what GNS3 imports with) reads and checks", async () => {
    const exported = await exportOf(api, lab.projectId);
    const folder = mkdtempSync(join(tmpdir(), "export-check-"));
    let report: Buffer;
    try {
      const path = join(folder, "exported.zip");
      writeFileSync(path, exported.bytes);
      const script = "import json, sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(json.dumps([z.testzip(), sorted(z.namelist())]))";
      report = execFileSync("python3", ["-c", script, path]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const [firstBadEntry, names] = JSON.parse(report.toString());
    expect(firstBadEntry).toBeNull();
    expect(names).toEqual(expect.arrayContaining(["disk.bin", STARTUP, "project.gns3"]));
  });

  it("imports an archive streamed by Python with data descriptors, binary entries intact", async () => {
    const topology = topologyOf((await exportOf(api, lab.projectId)).bytes);
    const script = [
      "import sys, zipfile",
      "z = zipfile.ZipFile(sys.stdout.buffer, 'w', zipfile.ZIP_DEFLATED)",
      "z.writestr('project.gns3', sys.argv[1])",
      "z.writestr('disk.bin', bytes.fromhex(sys.argv[2]) * 5000)",
      "z.close()",
    ].join("\n");
    const archive = execFileSync("python3", ["-c", script, JSON.stringify(topology), Buffer.from(BINARY).toString("hex")]);
    const copyId = crypto.randomUUID();
    const imported = await importOf(api, copyId, archive, `?name=python-${copyId}`);
    expect(imported.status).toBe(201);
    const disk = new Uint8Array(await (await api.fetch(`/v2/projects/${copyId}/files/disk.bin`)).arrayBuffer());
    expect(disk.length).toBe(BINARY.length * 5000);
    expect(disk.subarray(0, BINARY.length)).toEqual(BINARY);
  });

  it("answers 404 when exporting an unknown project, 400 for an unknown compression", async () => {
    const id = crypto.randomUUID();
    const unknown = await api.get(`/v2/projects/${id}/export`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: `Project ID ${id} doesn't exist`, status: 404 });
    const badCompression = await api.get(`/v2/projects/${lab.projectId}/export?compression=gz`);
    expect(badCompression.status).toBe(400);
    expect(badCompression.body).toEqual({
      message: `JSON schema error with API request '/v2/projects/${lab.projectId}/export': 'gz' is not one of ['zip', 'none', 'bzip2', 'lzma'] (at compression)`,
      status: 400,
    });
  });

  it("refuses to export while an emulated node runs, as GNS3 does", async () => {
    const { body: project } = await api.post("/v2/projects", { name: `running-${crypto.randomUUID()}` });
    const base = `/v2/projects/${project.project_id}`;
    const pc = (await api.post(`${base}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" })).body;
    expect((await api.post(`${base}/nodes/${pc.node_id}/start`)).status).toBe(200);
    expect(await api.get(`${base}/export`)).toMatchObject({ status: 409, body: { message: "Project must be stopped in order to export it", status: 409 } });
    expect((await api.post(`${base}/nodes/${pc.node_id}/stop`)).status).toBe(200);
    expect((await exportOf(api, project.project_id)).status).toBe(200);
  });

  it("takes GNS3's compressions in any case, bzip2 and lzma answered deflated", async () => {
    for (const compression of ["ZIP", "bzip2", "LZMA"]) {
      const exported = await exportOf(api, lab.projectId, `?compression=${compression}`);
      expect(exported.status).toBe(200);
      expect(Buffer.from(exported.bytes).includes("ip 10.0.0.1/24")).toBe(false);
      expect(strFromU8(unzipSync(exported.bytes)[STARTUP]!)).toBe("ip 10.0.0.1/24");
    }
  });

  it("reads any option value but yes, in any case, as no, as GNS3 does", async () => {
    const { body: project } = await api.post("/v2/projects", { name: `macs-${crypto.randomUUID()}` });
    expect((await api.post(`/v2/projects/${project.project_id}/nodes`, { name: "VM", node_type: "qemu", compute_id: "local" })).status).toBe(201);
    const mac = (bytes: Uint8Array) => topologyOf(bytes).topology.nodes[0].properties.mac_address;
    const kept = await exportOf(api, project.project_id, "?reset_mac_addresses=true&include_images=1&keep_compute_ids=on");
    expect(kept.status).toBe(200);
    expect(mac(kept.bytes)).toMatch(/^0c(:[0-9a-f]{2}){5}$/);
    const reset = await exportOf(api, project.project_id, "?reset_mac_addresses=YES");
    expect(mac(reset.bytes)).toBeNull();
  });

  it("refuses to import over an existing project id, and gives a taken name a free suffix as GNS3 does", async () => {
    const exported = await exportOf(api, lab.projectId);
    const existing = await importOf(api, lab.projectId, exported.bytes, "?name=anything");
    expect(existing).toEqual({ status: 409, body: { message: `Project ID ${lab.projectId} already exists`, status: 409 } });
    const first = await importOf(api, crypto.randomUUID(), exported.bytes, `?name=${lab.name}`);
    expect(first.body).toMatchObject({ name: `${lab.name}-1`, filename: `${lab.name}-1.gns3` });
    const second = await importOf(api, crypto.randomUUID(), exported.bytes);
    expect(second.body).toMatchObject({ name: `${lab.name}-2` });
    const invalidId = await importOf(api, "not-a-uuid", exported.bytes);
    expect(invalidId).toEqual({ status: 400, body: { message: "Project ID not-a-uuid is not a UUID: import under a new UUID", status: 400 } });
    const gns3Path = await importOf(api, crypto.randomUUID(), exported.bytes, "?path=/labs/x.gns3");
    expect(gns3Path).toEqual({ status: 409, body: { message: "The destination path should not contain .gns3", status: 409 } });
  });

  it("imports under the path asked for", async () => {
    const projectId = crypto.randomUUID();
    const imported = await importOf(api, projectId, (await exportOf(api, lab.projectId)).bytes, `?name=pathed-${projectId}&path=/labs/pathed`);
    expect(imported.body).toMatchObject({ status: "closed", path: "/labs/pathed", auto_close: true, auto_open: false, auto_start: false });
  });

  it("imports the archive a browser uploads as a form's file, as gns3-web-ui sends it", async () => {
    const exported = await exportOf(api, lab.projectId);
    for (const field of ["file", "upload"]) {
      const form = new FormData();
      form.append("comment", "sent before the file");
      form.append(field, new Blob([exported.bytes]), `${lab.name}.gns3project`);
      const projectId = crypto.randomUUID();
      const imported = await importOf(api, projectId, form, `?name=form-${projectId}`);
      expect(imported.status).toBe(201);
      expect(await (await api.fetch(`/v2/projects/${projectId}/files/${STARTUP}`)).text()).toBe("ip 10.0.0.1/24");
    }
  });

  it("refuses a form it cannot read with a 400, storing nothing", async () => {
    const projectId = crypto.randomUUID();
    const send = (body: string, contentType: string) =>
      api.fetch(`/v2/projects/${projectId}/import`, { method: "POST", body, headers: { "content-type": contentType } }).then(async (response) => ({ status: response.status, body: await response.json() }));
    expect(await send("--x\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nPK", "multipart/form-data; boundary=x")).toEqual({
      status: 400,
      body: { message: "Cannot import project: malformed multipart/form-data body: the last part is not closed by its boundary", status: 400 },
    });
    expect(await send("--x\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nlab\r\n--x--\r\n", "multipart/form-data; boundary=x")).toEqual({
      status: 400,
      body: { message: "Cannot import project: malformed multipart/form-data body: the form has no file: send the project in a field named 'file'", status: 400 },
    });
    expect(await send("anything", "multipart/form-data")).toEqual({
      status: 400,
      body: { message: "Cannot import project: the multipart/form-data content type has no valid boundary", status: 400 },
    });
    await expectNothingStored(projectId);
  });

  it("imports a GNS3 2.0.0 project, bare or archived with its files, brought up to date", async () => {
    const bareId = crypto.randomUUID();
    const bare = await importOf(api, bareId, JSON.stringify(gns3v200Lab(`legacy-${bareId}`)));
    expect(bare).toMatchObject({ status: 201, body: { name: `legacy-${bareId}`, drawing_grid_size: 25, status: "closed" } });
    expect((await api.post(`/v2/projects/${bareId}/open`)).status).toBe(201);
    const nodes = (await api.get(`/v2/projects/${bareId}/nodes`)).body;
    expect(nodes.map((node: any) => [node.name, node.console_type, node.properties.startup_script_path]).sort()).toEqual([
      ["PC1", "telnet", undefined],
      ["PC2", "telnet", undefined],
      ["SW1", "none", undefined],
    ]);
    expect((await api.get(`/v2/projects/${bareId}/links`)).body).toHaveLength(1);

    const archivedId = crypto.randomUUID();
    const archive = zipSync({
      "project.gns3": strToU8(JSON.stringify(gns3v200Lab(`legacy-${archivedId}`))),
      [`project-files/vpcs/${LEGACY_IDS.pc1}/startup.vpc`]: strToU8("ip 10.2.2.2/24"),
    });
    expect((await importOf(api, archivedId, archive)).status).toBe(201);
    const pc1 = (await api.get(`/v2/projects/${archivedId}/nodes`)).body.find((node: any) => node.name === "PC1");
    expect(pc1.node_id).not.toBe(LEGACY_IDS.pc1);
    expect(await (await api.fetch(`/v2/projects/${archivedId}/files/project-files/vpcs/${pc1.node_id}/startup.vpc`)).text()).toBe("ip 10.2.2.2/24");
  });

  it("imports GNS3 1.x topologies converted as GNS3 does, from its own import test's bare document to a lab", async () => {
    // GNS3's test_import: a document with no revision and no topology, and a file beside it.
    const bareId = crypto.randomUUID();
    const bare = zipSync({ "project.gns3": strToU8(JSON.stringify({ project_id: crypto.randomUUID(), version: "2.0.0", name: "test" })), demo: strToU8("hello") });
    const imported = await importOf(api, bareId, bare);
    expect(imported.status).toBe(201);
    expect(await (await api.fetch(`/v2/projects/${bareId}/files/demo`)).text()).toBe("hello");

    const labId = crypto.randomUUID();
    const lab = {
      name: `gns3-1x-${labId}`,
      project_id: crypto.randomUUID(),
      revision: 4,
      topology: {
        servers: [{ id: 1, local: true }],
        nodes: [
          { id: 1, server_id: 1, type: "VPCSDevice", x: 0, y: 0, label: { text: "PC1", x: 0, y: -20 }, properties: { name: "PC1" }, ports: [{ id: 11, adapter_number: 0, port_number: 0 }] },
          { id: 2, server_id: 1, type: "EthernetSwitch", x: 100, y: 0, properties: { name: "SW1" }, ports: [{ id: 21, port_number: 1, type: "access", vlan: 1 }] },
        ],
        links: [{ id: 1, source_node_id: 1, source_port_id: 11, destination_node_id: 2, destination_port_id: 21 }],
      },
    };
    const archive = zipSync({ "project.gns3": strToU8(JSON.stringify(lab)), "instructions.txt": strToU8("read me") });
    expect((await importOf(api, labId, archive)).status).toBe(201);
    expect((await api.post(`/v2/projects/${labId}/open`)).status).toBe(201);
    const nodes = (await api.get(`/v2/projects/${labId}/nodes`)).body;
    expect(nodes.map((node: any) => [node.name, node.node_type]).sort()).toEqual([["PC1", "vpcs"], ["SW1", "ethernet_switch"]]);
    const [link] = (await api.get(`/v2/projects/${labId}/links`)).body;
    expect(link.nodes.map((end: any) => end.port_number).sort()).toEqual([0, 0]);
    expect(await (await api.fetch(`/v2/projects/${labId}/files/README.txt`)).text()).toBe("read me");
  });

  it("refuses a GNS3 1.x node type GNS3 cannot convert either, storing nothing", async () => {
    const projectId = crypto.randomUUID();
    const lab = { name: "old", project_id: crypto.randomUUID(), topology: { nodes: [{ id: 1, type: "Wire", x: 0, y: 0, properties: { name: "W" } }] } };
    expect(await importOf(api, projectId, JSON.stringify(lab))).toEqual({ status: 409, body: { message: "Conversion of Wire is not supported", status: 409 } });
    await expectNothingStored(projectId);
  });

  /** A refused import leaves no project and no folder behind. */
  async function expectNothingStored(projectId: string) {
    expect((await api.get(`/v2/projects/${projectId}`)).status).toBe(404);
    expect(await api.files.exists(fileLayout.projectFolder(projectId))).toBe(false);
  }

  it("refuses bodies that are neither a topology nor a GNS3 archive", async () => {
    const notJson = crypto.randomUUID();
    const badJson = await importOf(api, notJson, "{not json");
    expect(badJson.status).toBe(409);
    expect(badJson.body.message).toMatch(/^Invalid data in topology file: not valid JSON \(.+\)$/);
    await expectNothingStored(notJson);

    const notZip = crypto.randomUUID();
    expect(await importOf(api, notZip, "PK\u0003\u0004 this is no archive")).toEqual({
      status: 409,
      body: { message: "Cannot import project, not a GNS3 project (invalid zip): no end of central directory record (not a zip archive, or truncated)", status: 409 },
    });
    await expectNothingStored(notZip);

    const noTopology = crypto.randomUUID();
    expect(await importOf(api, noTopology, zipSync({ "notes.txt": strToU8("hi") }))).toEqual({
      status: 409,
      body: { message: "Cannot import project, project.gns3 file could not be found", status: 409 },
    });
    await expectNothingStored(noTopology);
  });

  it("refuses a topology from a newer GNS3, and one with invalid filters", async () => {
    const topology = topologyOf((await exportOf(api, lab.projectId)).bytes);
    const newer = crypto.randomUUID();
    expect(await importOf(api, newer, JSON.stringify({ ...topology, revision: 10 }), `?name=${newer}`)).toEqual({
      status: 409,
      body: {
        message: "This project was created with more recent version of GNS3 (file revision: 10). Please upgrade GNS3 to version 2.2.59 or later",
        status: 409,
      },
    });
    await expectNothingStored(newer);

    const link = topology.topology.links[0];
    link.filters = { packet_loss: [150] };
    const badFilters = crypto.randomUUID();
    const archive = zipSync({ "project.gns3": strToU8(JSON.stringify(topology)), "notes.txt": strToU8("kept?") });
    expect(await importOf(api, badFilters, archive, `?name=${badFilters}`)).toEqual({
      status: 409,
      body: {
        message: `Invalid data in topology file: link ${link.link_id}: Filter 'packet_loss' Chance must be between 0 and 100 %, got 150`,
        status: 409,
      },
    });
    await expectNothingStored(badFilters);
  });

  it("refuses an archive entry that would leave the project folder, storing nothing", async () => {
    const topology = strFromU8(unzipSync((await exportOf(api, lab.projectId)).bytes)["project.gns3"]!);
    for (const name of ["../x", "a/../../x", "/etc/x", "a\\..\\x"]) {
      const projectId = crypto.randomUUID();
      const archive = zipSync({ "notes.txt": strToU8("first"), "project.gns3": strToU8(topology), [name]: strToU8("escaped") });
      expect(await importOf(api, projectId, archive, `?name=${projectId}`)).toEqual({
        status: 400,
        body: { message: `Cannot import project: the archive entry '${name}' would be written outside the project folder`, status: 400 },
      });
      await expectNothingStored(projectId);
    }
    expect(await api.files.exists(fileLayout.projectFolder("x"))).toBe(false);
    expect(await api.files.exists("x")).toBe(false);
  });

  it("refuses an upload larger than 512 MiB from its declared length", async () => {
    const projectId = crypto.randomUUID();
    expect(await importDeclaringLength(api, projectId, 600 * 1024 * 1024)).toEqual({
      status: 413,
      body: { message: "Cannot import project: the upload is larger than 512 MiB", status: 413 },
    });
    await expectNothingStored(projectId);
  });

  it("refuses archives that would expand past the limit, or whose entries lie about their size", async () => {
    const topology = strToU8(JSON.stringify(topologyOf((await exportOf(api, lab.projectId)).bytes)));
    const archive = zipSync({ "project.gns3": topology, "big.bin": new Uint8Array(1000), "big2.bin": new Uint8Array(1000) });
    const bomb = setDeclaredSize(setDeclaredSize(archive, "big.bin", 0xfffffff0), "big2.bin", 0xfffffff0);
    const bombId = crypto.randomUUID();
    const refused = await importOf(api, bombId, bomb, `?name=${bombId}`);
    expect(refused.status).toBe(413);
    expect(refused.body.message).toMatch(/^Cannot import project: its files would take \d+ bytes uncompressed, more than the 4096 MiB allowed$/);
    await expectNothingStored(bombId);

    const liarId = crypto.randomUUID();
    expect(await importOf(api, liarId, setDeclaredSize(archive, "big.bin", 10), `?name=${liarId}`)).toEqual({
      status: 409,
      body: { message: "Cannot import project, the archive is damaged: big.bin holds more data than its declared 10 bytes", status: 409 },
    });
    await expectNothingStored(liarId);
  });
}, { workerd: true });

/**
 * Announces a body larger than the import limit and sends a few bytes of it: the answer must
 * come from the declared length, before anything is read.
 */
async function importDeclaringLength(api: ApiClient, projectId: string, length: number): Promise<{ status: number; body: unknown }> {
  const path = `/v2/projects/${projectId}/import`;
  if (!api.baseUrl) {
    const response = await api.fetch(path, { method: "POST", headers: { "content-length": String(length) }, body: "PK" });
    return { status: response.status, body: await response.json() };
  }
  const { hostname, port } = new URL(api.baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: hostname, port, method: "POST", path, headers: { "content-length": String(length) } }, (incoming) => {
      let text = "";
      incoming.on("data", (chunk: Buffer) => (text += chunk.toString()));
      incoming.on("end", () => {
        outgoing.destroy();
        resolve({ status: incoming.statusCode ?? 0, body: JSON.parse(text) });
      });
    });
    outgoing.on("error", reject);
    outgoing.write("PK");
  });
}

/** Rewrites an entry's uncompressed size in the central directory, as a hostile archive would. */
function setDeclaredSize(archive: Uint8Array, name: string, size: number): Uint8Array {
  const copy = archive.slice();
  const view = new DataView(copy.buffer);
  for (let offset = 0; offset + 46 < copy.length; offset++) {
    if (view.getUint32(offset, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(offset + 28, true);
    if (strFromU8(copy.subarray(offset + 46, offset + 46 + nameLength)) === name) {
      view.setUint32(offset + 24, size, true);
      return copy;
    }
  }
  throw new Error(`${name} not in the archive`);
}
