import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fileLayout } from "../files/layout";
import { describeApi, itOnDisk } from "../testing/api-targets";
import { escapingPaths, expectForbidden, expectRefused, filesNamed } from "../testing/file-attacks";
import { rawRequest } from "../testing/raw-request";

const md5Of = (data: string | Uint8Array) => createHash("md5").update(data).digest("hex");

/**
 * The Workers edge, and miniflare after it, gzips text for clients that accept it and then
 * cannot announce a length; asking for the bytes as they are shows the controller's headers.
 */
const AS_STORED: RequestInit = { headers: { "accept-encoding": "identity" } };

describeApi("compute projects", (api) => {
  let outside: string;
  beforeAll(async () => {
    outside = mkdtempSync(join(tmpdir(), "compute-projects-outside-"));
    writeFileSync(join(outside, "secret.txt"), "top secret");
  });
  afterAll(() => rmSync(outside, { recursive: true, force: true }));

  const createProject = async (body: Record<string, unknown> = {}) => {
    const reply = await api.post("/v2/compute/projects", { name: "compute-lab", ...body });
    expect(reply.status).toBe(201);
    return reply.body.project_id as string;
  };
  const upload = (projectId: string, path: string, body: string | Uint8Array) =>
    api.fetch(`/v2/compute/projects/${projectId}/files/${path}`, { method: "POST", body });

  it("creates a project holding only its name, id and variables, and lists it", async () => {
    const created = await api.post("/v2/compute/projects", { name: "compute-create" });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(["name", "project_id", "variables"]);
    expect(created.body).toEqual({ name: "compute-create", project_id: expect.stringMatching(/^[0-9a-f-]{36}$/), variables: null });
    const fetched = await api.get(`/v2/compute/projects/${created.body.project_id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created.body);
    const listed = await api.get("/v2/compute/projects");
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual(created.body);
  });

  it("accepts the controller's project keys and keeps only what a compute uses", async () => {
    const id = "6c0f2e3d-2222-4333-8444-a55566677788";
    const variables = [{ name: "LAB", value: "1" }];
    const reply = await api.post("/v2/compute/projects", {
      name: "compute-full", project_id: id, path: "/somewhere", auto_close: false, zoom: 50, variables, supplier: null,
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ name: "compute-full", project_id: id, variables });
  });

  it("answers 201 with the existing project when its project_id is sent again", async () => {
    const id = "7d1e3f4a-3333-4444-8555-b66677788899";
    const first = await api.post("/v2/compute/projects", { name: "compute-first", project_id: id });
    const again = await api.post("/v2/compute/projects", { name: "compute-second", project_id: id, variables: [{ name: "x" }] });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });

  it("lets two projects share a name, as computes do not check names", async () => {
    const first = await createProject({ name: "compute-same-name" });
    const second = await createProject({ name: "compute-same-name" });
    expect(second).not.toBe(first);
  });

  it.each([
    [{}, "'name' is a required property"],
    [{ name: "" }, "'' is too short"],
    [{ name: "x", colour: "red" }, "Additional properties are not allowed ('colour' was unexpected)"],
    [{ name: "x", project_id: "nope" }, "'nope' does not match"],
    [{ name: "x", variables: [{ value: "1" }] }, "'name' is a required property"],
  ])("refuses the create body %j with a 400", async (body, reason) => {
    const reply = await api.post("/v2/compute/projects", body);
    expect(reply.status).toBe(400);
    expect(reply.body.status).toBe(400);
    expect(reply.body.message).toContain(reason);
  });

  it.each([
    ["GET", ""],
    ["PUT", ""],
    ["DELETE", ""],
    ["POST", "/close"],
    ["GET", "/files"],
    ["GET", "/files/a.txt"],
    ["POST", "/files/a.txt"],
  ])("answers 400 to %s%s on an id that is not a UUID", async (method, suffix) => {
    const reply = await api.request(method, `/v2/compute/projects/not-a-uuid${suffix}`);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: "Project ID not-a-uuid is not a valid UUID", status: 400 });
  });

  it.each([
    ["GET", ""],
    ["PUT", ""],
    ["DELETE", ""],
    ["POST", "/close"],
    ["GET", "/files"],
    ["GET", "/files/a.txt"],
    ["POST", "/files/a.txt"],
  ])("answers 404 to %s%s on an unknown project", async (method, suffix) => {
    const id = "00000000-0000-4000-8000-000000000000";
    const reply = await api.request(method, `/v2/compute/projects/${id}${suffix}`);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: `Project ID ${id} doesn't exist`, status: 404 });
  });

  it("updates only the variables, and an update without them clears them", async () => {
    const id = await createProject({ name: "compute-update" });
    const variables = [{ name: "A", value: "1" }, { name: "B" }];
    const updated = await api.put(`/v2/compute/projects/${id}`, { name: "ignored", variables, zoom: 10 });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ name: "compute-update", project_id: id, variables });
    expect((await api.get(`/v2/compute/projects/${id}`)).body).toEqual(updated.body);
    const cleared = await api.put(`/v2/compute/projects/${id}`, {});
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ name: "compute-update", project_id: id, variables: null });
  });

  it.each([
    [{ project_id: "7d1e3f4a-3333-4444-8555-b66677788899" }, "Additional properties are not allowed ('project_id' was unexpected)"],
    [{ variables: "A=1" }, "'A=1' is not of type 'array'"],
  ])("refuses the update body %j with a 400", async (body, reason) => {
    const id = await createProject();
    const reply = await api.put(`/v2/compute/projects/${id}`, body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(reason);
  });

  it("closes a project: forgotten, with its files kept", async () => {
    const id = await createProject({ name: "compute-close" });
    expect((await upload(id, "kept.txt", "still here")).status).toBe(201);
    const closed = await api.post(`/v2/compute/projects/${id}/close`);
    expect(closed.status).toBe(204);
    expect(closed.text).toBe("");
    expect((await api.get(`/v2/compute/projects/${id}`)).status).toBe(404);
    expect((await api.post(`/v2/compute/projects/${id}/close`)).status).toBe(404);
    await createProject({ name: "compute-close", project_id: id });
    expect((await api.get(`/v2/compute/projects/${id}/files`)).body).toEqual([{ md5sum: md5Of("still here"), path: "kept.txt" }]);
  });

  it("deletes a project and its folder", async () => {
    const id = await createProject({ name: "compute-delete" });
    expect((await upload(id, "a/b.txt", "bytes")).status).toBe(201);
    expect(await api.files.text(`${fileLayout.projectFolder(id)}/a/b.txt`)).toBe("bytes");
    const deleted = await api.delete(`/v2/compute/projects/${id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect(await api.files.exists(fileLayout.projectFolder(id))).toBe(false);
    expect((await api.get(`/v2/compute/projects/${id}`)).status).toBe(404);
    expect((await api.delete(`/v2/compute/projects/${id}`)).status).toBe(404);
    expect((await api.get("/v2/compute/projects")).body.map((p: { project_id: string }) => p.project_id)).not.toContain(id);
  });

  it.each(["delete", "close"])("forgets the project once the controller's project of that id is %sd, as GNS3 closes it on its computes", async (action) => {
    const created = await api.post("/v2/projects", { name: `controller-and-compute-${action}` });
    const id = created.body.project_id as string;
    await createProject({ name: `controller-and-compute-${action}`, project_id: id });
    expect((await api.get(`/v2/compute/projects/${id}`)).status).toBe(200);
    const done = action === "delete" ? await api.delete(`/v2/projects/${id}`) : await api.post(`/v2/projects/${id}/close`);
    expect(done.status).toBe(204);
    expect((await api.get(`/v2/compute/projects/${id}`)).body).toEqual({ message: `Project ID ${id} doesn't exist`, status: 404 });
  });

  it("stores a file and streams it back with its length and a type from its extension", async () => {
    const id = await createProject();
    const posted = await upload(id, "configs/r1/startup.json", '{"hostname": "r1"}');
    expect(posted.status).toBe(201);
    expect(await posted.text()).toBe("");
    expect(await api.files.text(`${fileLayout.projectFolder(id)}/configs/r1/startup.json`)).toBe('{"hostname": "r1"}');
    const fetched = await api.fetch(`/v2/compute/projects/${id}/files/configs/r1/startup.json`, AS_STORED);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("content-type")).toBe("application/json");
    expect(fetched.headers.get("content-length")).toBe("18");
    expect(fetched.headers.get("last-modified")).toMatch(/GMT$/);
    expect(await fetched.text()).toBe('{"hostname": "r1"}');
  });

  it("keeps binary files byte for byte and guesses octet-stream for unknown types", async () => {
    const id = await createProject();
    const data = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256);
    expect((await upload(id, "disk.qcow2", data)).status).toBe(201);
    const fetched = await api.fetch(`/v2/compute/projects/${id}/files/disk.qcow2`);
    expect(fetched.headers.get("content-type")).toBe("application/octet-stream");
    expect(fetched.headers.get("content-length")).toBe("70000");
    expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(data);
  });

  it("replaces a file, and stores an empty body as an empty file", async () => {
    const id = await createProject();
    await upload(id, "notes.txt", "a first, longer version");
    await upload(id, "notes.txt", "v2");
    expect(await (await api.fetch(`/v2/compute/projects/${id}/files/notes.txt`)).text()).toBe("v2");
    expect((await api.post(`/v2/compute/projects/${id}/files/empty.txt`)).status).toBe(201);
    const empty = await api.fetch(`/v2/compute/projects/${id}/files/empty.txt`, AS_STORED);
    expect(empty.headers.get("content-length")).toBe("0");
    expect(await empty.text()).toBe("");
  });

  it("answers 404 for a missing file or a folder", async () => {
    const id = await createProject();
    await upload(id, "folder/file.txt", "x");
    for (const path of ["missing.txt", "folder", "folder/missing.txt"]) {
      const reply = await api.get(`/v2/compute/projects/${id}/files/${path}`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: "404: Not Found", status: 404 });
    }
  });

  it("answers 409 naming the problem when a folder is in the way", async () => {
    const id = await createProject();
    await upload(id, "folder/file.txt", "x");
    const reply = await api.post(`/v2/compute/projects/${id}/files/folder`, "data");
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ message: "Could not write file 'folder': a folder with that name is in the way", status: 409 });
    expect(await api.files.list(fileLayout.projectFolder(id))).toEqual([`${fileLayout.projectFolder(id)}/folder/file.txt`]);
  });

  it("answers 409 naming the problem when a file is in the way of a folder", async () => {
    const id = await createProject();
    await upload(id, "file.txt", "x");
    const reply = await api.post(`/v2/compute/projects/${id}/files/file.txt/inner.txt`, "data");
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ message: "Could not write file 'file.txt/inner.txt': a file is in the way of its folder", status: 409 });
    expect((await api.get(`/v2/compute/projects/${id}/files`)).body).toEqual([{ md5sum: md5Of("x"), path: "file.txt" }]);
  });

  it("lists every file recursively with its MD5, leaving out ghost files", async () => {
    const id = await createProject();
    await upload(id, "b.txt", "bbb");
    await upload(id, "a/nested/c.cfg", "ccc");
    await upload(id, "dynamips/ram.ghost", "ghost");
    const reply = await api.get(`/v2/compute/projects/${id}/files`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      { md5sum: md5Of("ccc"), path: "a/nested/c.cfg" },
      { md5sum: md5Of("bbb"), path: "b.txt" },
    ]);
    const fresh = await createProject();
    expect((await api.get(`/v2/compute/projects/${fresh}/files`)).body).toEqual([]);
  });

  it("refuses every path that leaves the project folder, reading or writing, and touches nothing", async () => {
    const id = await createProject();
    await upload(id, "sub/inside.txt", "inside");
    const name = `escape-${crypto.randomUUID()}.txt`;
    await api.files.write(name, "not a project file");
    for (const attack of escapingPaths(name)) {
      expectRefused(await rawRequest(api, "GET", `/v2/compute/projects/${id}/files/${attack.path}`), attack);
      expectRefused(await rawRequest(api, "POST", `/v2/compute/projects/${id}/files/${attack.path}`, "pwned"), attack);
    }
    expect(await filesNamed(api, name)).toEqual([name]);
    expect(await api.files.text(name)).toBe("not a project file");
  });

  itOnDisk(api, "an R2 key cannot be a symlink, so no key leads outside the bucket")("refuses symlinks that lead outside the project folder", async () => {
    const id = await createProject();
    const folder = api.files.onDisk(fileLayout.projectFolder(id));
    mkdirSync(folder, { recursive: true });
    symlinkSync(outside, join(folder, "escape"));
    symlinkSync(join(outside, "secret.txt"), join(folder, "secret-link.txt"));
    for (const path of ["escape/secret.txt", "secret-link.txt"]) {
      expectForbidden(await rawRequest(api, "GET", `/v2/compute/projects/${id}/files/${path}`), path);
    }
    for (const path of ["escape/new.txt", "escape/deeper/new.txt", "secret-link.txt"]) {
      expectForbidden(await rawRequest(api, "POST", `/v2/compute/projects/${id}/files/${path}`, "pwned"), path);
    }
    expect(readdirSync(outside)).toEqual(["secret.txt"]);
    expect(readFileSync(join(outside, "secret.txt"), "utf8")).toBe("top secret");
    expect((await api.get(`/v2/compute/projects/${id}/files`)).body).toEqual([]);
    expect((await api.delete(`/v2/compute/projects/${id}`)).status).toBe(204);
    expect(readFileSync(join(outside, "secret.txt"), "utf8")).toBe("top secret");
  });
}, { workerd: true });
