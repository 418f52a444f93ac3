import { expect, it } from "vitest";
import { fileLayout } from "../files/layout";
import { describeApi } from "../testing/api-targets";
import { escapingPaths, expectForbidden, expectRefused, filesNamed } from "../testing/file-attacks";
import { rawRequest } from "../testing/raw-request";

/** The bytes as stored, not gzipped by the Workers edge for clients that accept it. */
const AS_STORED: RequestInit = { headers: { "accept-encoding": "identity" } };
const UNKNOWN = "00000000-0000-4000-8000-00000000beef";

describeApi("node files and VPCS startup scripts", (api) => {
  const newProject = async () => (await api.post("/v2/projects", { name: `node-files-${crypto.randomUUID()}` })).body.project_id as string;
  const newNode = async (projectId: string, body: Record<string, unknown> = {}) => {
    const created = await api.post(`/v2/projects/${projectId}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local", ...body });
    expect(created.status, created.text).toBe(201);
    return created.body;
  };
  const filePath = (node: { project_id: string; node_id: string }, path: string) => `/v2/projects/${node.project_id}/nodes/${node.node_id}/files/${path}`;
  const script = async (node: { project_id: string; node_id: string }) => {
    const reply = await api.fetch(filePath(node, "startup.vpc"), AS_STORED);
    return reply.status === 200 ? reply.text() : `${reply.status}`;
  };

  it("gives a new VPCS node a startup.vpc naming the PC after the node, never shown as a property", async () => {
    const node = await newNode(await newProject());
    expect(node.properties).toEqual({});
    const reply = await api.fetch(filePath(node, "startup.vpc"), AS_STORED);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("application/octet-stream");
    expect(reply.headers.get("content-length")).toBe("15");
    expect(await reply.text()).toBe("set pcname PC1\n");
  });

  it("gives a Dynamips router a startup config named by its instance id, which a duplicate gets under its own, naming itself", async () => {
    const projectId = await newProject();
    const router = await newNode(projectId, { name: "R1", node_type: "dynamips", properties: { platform: "c3725", image: "c3725.image", wic0: "WIC-2T" } });
    expect(router.properties.dynamips_id).toBe(1);
    const config = async (node: { project_id: string; node_id: string }, id: number) => {
      const reply = await api.fetch(filePath(node, `configs/i${id}_startup-config.cfg`), AS_STORED);
      return reply.status === 200 ? reply.text() : `${reply.status}`;
    };
    expect(await config(router, 1)).toBe("!\nhostname R1\n!\nend\n");
    expect((await api.fetch(filePath(router, "configs/i1_startup-config.cfg"), { method: "POST", body: "hostname R1\ninterface Serial0/0\n encapsulation frame-relay\nend\n" })).status).toBe(201);
    const copy = await api.post(`/v2/projects/${projectId}/nodes/${router.node_id}/duplicate`, { x: 100, y: 0 });
    expect(copy.status, copy.text).toBe(201);
    const duplicate = (await api.get(`/v2/projects/${projectId}/nodes/${copy.body.node_id}`)).body;
    expect(duplicate.properties).toMatchObject({ dynamips_id: 2, platform: "c3725", wic0: "WIC-2T" });
    expect(await config(duplicate, 2)).toBe(`hostname ${duplicate.name}\ninterface Serial0/0\n encapsulation frame-relay\nend\n`);
    // A rename renames the router in its config, as GNS3 does.
    expect((await api.put(`/v2/projects/${projectId}/nodes/${router.node_id}`, { name: "Edge" })).status).toBe(200);
    expect(await config(router, 1)).toBe("hostname Edge\ninterface Serial0/0\n encapsulation frame-relay\nend\n");
    expect((await api.post(`/v2/projects/${projectId}/nodes`, { name: "R9", node_type: "dynamips", compute_id: "local", properties: { platform: "c3725", image: "c3725.image", dynamips_id: 2 } })).body).toEqual({
      message: "Dynamips identifier 2 is already used by another router",
      status: 409,
    });
  });

  it("reserves a router's aux console port only when the client names one, as GNS3", async () => {
    const projectId = await newProject();
    const plain = await newNode(projectId, { name: "R1", node_type: "dynamips", properties: { platform: "c7200", image: "c7200.image" } });
    expect(plain.properties.aux).toBeNull();
    // High in the console range, where no console of this test file is handed out.
    const aux = 9500 + Math.floor(Math.random() * 400);
    const withAux = await newNode(projectId, { name: "R2", node_type: "dynamips", properties: { platform: "c7200", image: "c7200.image", aux } });
    expect(withAux.properties.aux).toBe(aux);
    const taken = await api.post(`/v2/projects/${projectId}/nodes`, { name: "R3", node_type: "dynamips", compute_id: "local", properties: { platform: "c7200", image: "c7200.image", aux } });
    expect(taken.body).toEqual({ message: `Aux console port ${aux} is already used on compute local`, status: 409 });
  });

  it("writes the startup_script a client sends, %h standing for the node's name", async () => {
    const node = await newNode(await newProject(), { properties: { startup_script: "# %h\nset pcname %h\nip 10.0.0.1/24 10.0.0.254\n" } });
    expect(node.properties).toEqual({});
    expect((await api.get(`/v2/projects/${node.project_id}/nodes/${node.node_id}`)).body.properties).toEqual({});
    expect(await script(node)).toBe("# PC1\nset pcname PC1\nip 10.0.0.1/24 10.0.0.254\n");
  });

  it("replaces the script with a PUT of startup_script, and renames the PC with the node", async () => {
    const node = await newNode(await newProject(), { properties: { startup_script: "set pcname PC1\nip 10.0.0.1/24\n" } });
    const url = `/v2/projects/${node.project_id}/nodes/${node.node_id}`;
    const renamed = await api.put(url, { name: "Web" });
    expect(renamed.status).toBe(200);
    expect(await script(node)).toBe("set pcname Web\nip 10.0.0.1/24\n");
    const replaced = await api.put(url, { properties: { startup_script: "set pcname %h\nip 10.0.0.9/24\n" } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.properties).toEqual({});
    expect(await script(node)).toBe("set pcname Web\nip 10.0.0.9/24\n");
    expect((await api.put(url, { properties: { startup_script: null } })).status).toBe(200);
    expect(await script(node)).toBe("");
  });

  it("refuses a startup_script that is not text", async () => {
    const projectId = await newProject();
    const reply = await api.post(`/v2/projects/${projectId}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local", properties: { startup_script: 42 } });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: "properties.startup_script must be the script's text (a string) or null, not a number", status: 400 });
    expect((await api.get(`/v2/projects/${projectId}/nodes`)).body).toEqual([]);
  });

  it("stores what a client posts, as the web UI's config editor does, in the node's folder of the project", async () => {
    const node = await newNode(await newProject());
    const posted = await api.fetch(filePath(node, "startup.vpc"), { method: "POST", body: "set pcname PC1\nip dhcp\n" });
    expect(posted.status).toBe(201);
    expect(await posted.text()).toBe("");
    expect(await script(node)).toBe("set pcname PC1\nip dhcp\n");
    const stored = `${fileLayout.nodeFolder(node.project_id, "vpcs", node.node_id)}/startup.vpc`;
    expect(await api.files.text(stored)).toBe("set pcname PC1\nip dhcp\n");
    const viaProject = await api.fetch(`/v2/projects/${node.project_id}/files/project-files/vpcs/${node.node_id}/startup.vpc`);
    expect(await viaProject.text()).toBe("set pcname PC1\nip dhcp\n");
  });

  it("keeps any file of any node, in sub-folders too", async () => {
    const projectId = await newProject();
    const qemu = await api.post(`/v2/projects/${projectId}/nodes`, { name: "R", node_type: "qemu", compute_id: "local" });
    expect((await api.fetch(filePath(qemu.body, "etc/network/interfaces"), { method: "POST", body: "auto eth0\n" })).status).toBe(201);
    expect(await (await api.fetch(filePath(qemu.body, "etc/network/interfaces"))).text()).toBe("auto eth0\n");
  });

  it("gives a duplicate the original's script under its own name", async () => {
    const node = await newNode(await newProject(), { properties: { startup_script: "set pcname PC1\nip 10.0.0.1/24\n" } });
    const copy = await api.post(`/v2/projects/${node.project_id}/nodes/${node.node_id}/duplicate`, { x: 10, y: 10 });
    expect(copy.status).toBe(201);
    expect(copy.body.name).toBe("PC2");
    expect(await script(copy.body)).toBe("set pcname PC2\nip 10.0.0.1/24\n");
  });

  it("removes the node's files with the node", async () => {
    const node = await newNode(await newProject());
    const folder = fileLayout.nodeFolder(node.project_id, "vpcs", node.node_id);
    expect(await api.files.exists(`${folder}/startup.vpc`)).toBe(true);
    expect((await api.delete(`/v2/projects/${node.project_id}/nodes/${node.node_id}`)).status).toBe(204);
    expect(await api.files.exists(folder)).toBe(false);
  });

  it("answers 404 for a missing file, an unknown node and an unknown project, in GNS3's words", async () => {
    const node = await newNode(await newProject());
    const missing = await api.get(filePath(node, "missing.txt"));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "404: Not Found", status: 404 });
    for (const method of ["GET", "POST"]) {
      const unknownNode = await api.request(method, filePath({ project_id: node.project_id, node_id: UNKNOWN }, "startup.vpc"));
      expect(unknownNode.body).toEqual({ message: `Node ID ${UNKNOWN} doesn't exist`, status: 404 });
      const unknownProject = await api.request(method, filePath({ project_id: UNKNOWN, node_id: node.node_id }, "startup.vpc"));
      expect(unknownProject.body).toEqual({ message: `Project ID ${UNKNOWN} doesn't exist`, status: 404 });
    }
  });

  it("refuses every path that leaves the node's folder or starts with a dot, reading or writing, and touches nothing", async () => {
    const node = await newNode(await newProject());
    const name = `escape-${crypto.randomUUID()}.txt`;
    await api.files.write(`${fileLayout.projectFolder(node.project_id)}/${name}`, "a project file, not the node's");
    for (const attack of escapingPaths(name)) {
      expectRefused(await rawRequest(api, "GET", filePath(node, attack.path)), attack);
      expectRefused(await rawRequest(api, "POST", filePath(node, attack.path), "pwned"), attack);
    }
    for (const path of [".hidden", "%2Ehidden", "sub/.%2E/.hidden"]) {
      expectForbidden(await rawRequest(api, "GET", filePath(node, path)), path);
      expectForbidden(await rawRequest(api, "POST", filePath(node, path), "pwned"), path);
    }
    expect(await filesNamed(api, name)).toEqual([`${fileLayout.projectFolder(node.project_id)}/${name}`]);
    expect(await script(node)).toBe("set pcname PC1\n");
  });
}, { workerd: true });
