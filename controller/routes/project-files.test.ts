import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fileLayout } from "../files/layout";
import { describeApi, itOnDisk } from "../testing/api-targets";
import { escapingPaths, expectForbidden, expectRefused, filesNamed } from "../testing/file-attacks";
import { rawRequest } from "../testing/raw-request";

/**
 * The Workers edge, and miniflare after it, gzips text for clients that accept it and then
 * cannot announce a length; asking for the bytes as they are shows the controller's headers.
 */
const AS_STORED: RequestInit = { headers: { "accept-encoding": "identity" } };

describeApi("project files", (api) => {
  let outside: string;
  beforeAll(async () => {
    outside = mkdtempSync(join(tmpdir(), "project-files-outside-"));
    writeFileSync(join(outside, "secret.txt"), "top secret");
  });
  afterAll(() => rmSync(outside, { recursive: true, force: true }));

  const createProject = async () => {
    const reply = await api.post("/v2/projects", { name: `files-${crypto.randomUUID()}` });
    expect(reply.status).toBe(201);
    const id = reply.body.project_id as string;
    return { id, path: reply.body.path as string, folder: fileLayout.projectFolder(id) };
  };
  const upload = (projectId: string, path: string, body: string) =>
    api.fetch(`/v2/projects/${projectId}/files/${path}`, { method: "POST", body });

  it("stores a file in the project folder and streams it back", async () => {
    const project = await createProject();
    const posted = await upload(project.id, "drawings/logo.svg", "<svg/>");
    expect(posted.status).toBe(201);
    expect(await posted.text()).toBe("");
    expect(await api.files.text(`${project.folder}/drawings/logo.svg`)).toBe("<svg/>");
    const fetched = await api.fetch(`/v2/projects/${project.id}/files/drawings/logo.svg`, AS_STORED);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("content-type")).toBe("image/svg+xml");
    expect(fetched.headers.get("content-length")).toBe("6");
    expect(await fetched.text()).toBe("<svg/>");
  });

  it("shares the folder with the compute project of the same id", async () => {
    const project = await createProject();
    await upload(project.id, "notes.txt", "shared");
    await api.post("/v2/compute/projects", { name: "files-compute", project_id: project.id });
    const compute = await api.fetch(`/v2/compute/projects/${project.id}/files/notes.txt`);
    expect(await compute.text()).toBe("shared");
  });

  it("answers 404 for a missing file, and for an unknown project", async () => {
    const project = await createProject();
    const missing = await api.get(`/v2/projects/${project.id}/files/missing.txt`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "404: Not Found", status: 404 });
    const id = "00000000-0000-4000-8000-000000000000";
    for (const method of ["GET", "POST"]) {
      const unknown = await api.request(method, `/v2/projects/${id}/files/a.txt`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: `Project ID ${id} doesn't exist`, status: 404 });
    }
  });

  it("works on a closed project, and the files go with a deleted project", async () => {
    const project = await createProject();
    await api.post(`/v2/projects/${project.id}/close`);
    expect((await upload(project.id, "closed.txt", "x")).status).toBe(201);
    expect((await api.get(`/v2/projects/${project.id}/files/closed.txt`)).text).toBe("x");
    await api.delete(`/v2/projects/${project.id}`);
    expect(await api.files.exists(project.folder)).toBe(false);
  });

  it("refuses every path that leaves the project folder, reading or writing, and touches nothing", async () => {
    const project = await createProject();
    await upload(project.id, "sub/inside.txt", "inside");
    const name = `escape-${crypto.randomUUID()}.txt`;
    await api.files.write(name, "not a project file");
    for (const attack of escapingPaths(name)) {
      expectRefused(await rawRequest(api, "GET", `/v2/projects/${project.id}/files/${attack.path}`), attack);
      expectRefused(await rawRequest(api, "POST", `/v2/projects/${project.id}/files/${attack.path}`, "pwned"), attack);
    }
    expect(await filesNamed(api, name)).toEqual([name]);
    expect(await api.files.text(name)).toBe("not a project file");
  });

  itOnDisk(api, "an R2 key cannot be a symlink, so no key leads outside the bucket")("refuses symlinks that lead outside the project folder", async () => {
    const project = await createProject();
    mkdirSync(project.path, { recursive: true });
    symlinkSync(outside, join(project.path, "escape"));
    symlinkSync(join(outside, "secret.txt"), join(project.path, "secret-link.txt"));
    for (const path of ["escape/secret.txt", "secret-link.txt"]) {
      expectForbidden(await rawRequest(api, "GET", `/v2/projects/${project.id}/files/${path}`), path);
    }
    for (const path of ["escape/new.txt", "secret-link.txt"]) {
      expectForbidden(await rawRequest(api, "POST", `/v2/projects/${project.id}/files/${path}`, "pwned"), path);
    }
    expect(readdirSync(outside)).toEqual(["secret.txt"]);
    expect(readFileSync(join(outside, "secret.txt"), "utf8")).toBe("top secret");
  });
}, { workerd: true });
