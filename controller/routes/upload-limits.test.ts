import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { beforeAll, expect, it } from "vitest";
import { describeApi, type ApiClient } from "../testing/api-targets";
import { dataDirOf } from "../testing/file-attacks";

const LIMIT = 64 * 1024;
const TOO_LARGE = { message: "The upload is larger than the 64 KiB allowed (the controller's --max-upload-size)", status: 413 };
const CHUNK = 16 * 1024;

interface Sent {
  status: number;
  body: unknown;
}

/**
 * POSTs `total` bytes in 16 KiB chunks. Without `declare` the body goes chunked, so only
 * counting can stop it; with `declare` equal to `total` the length is announced truthfully;
 * with another `declare` the header announces that and only the first chunk is sent, so an
 * answer can only come from the header. Clients that read while they send (fetch, curl) get
 * the answer of an upload cut short; node:http's client may not, so it only sends the lie.
 */
async function post(api: ApiClient, path: string, total: number, declare?: number): Promise<Sent> {
  if (declare !== undefined && declare !== total && api.baseUrl) return postDeclaring(api.baseUrl, path, declare);
  const chunks = declare === undefined || declare === total ? Math.ceil(total / CHUNK) : 1;
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === chunks) return controller.close();
      sent++;
      controller.enqueue(new Uint8Array(Math.min(CHUNK, total - (sent - 1) * CHUNK)).fill(7));
    },
  });
  const init: RequestInit & { duplex: "half" } =
    declare === undefined || api.baseUrl
      ? { method: "POST", body, duplex: "half" }
      : { method: "POST", body, duplex: "half", headers: { "content-length": String(declare) } };
  if (declare === total && api.baseUrl) init.body = new Uint8Array(total).fill(7);
  const response = await api.fetch(path, init);
  const text = await response.text();
  return { status: response.status, body: text === "" ? null : JSON.parse(text) };
}

/** Announces `length` bytes and sends one chunk: the answer must come from the header alone. */
function postDeclaring(baseUrl: string, path: string, length: number): Promise<Sent> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const headers = { "content-length": String(length) };
    const outgoing = request({ host: hostname, port, method: "POST", path, headers, agent: false }, (incoming) => {
      let text = "";
      incoming.on("data", (chunk: Buffer) => (text += chunk.toString()));
      incoming.on("end", () => {
        outgoing.destroy();
        resolve({ status: incoming.statusCode ?? 0, body: text === "" ? null : JSON.parse(text) });
      });
    });
    outgoing.on("error", reject);
    outgoing.write(Buffer.alloc(CHUNK, 7));
  });
}

describeApi(
  "upload size limit",
  (api) => {
    let dataDir: string;
    let imagesDir: string;
    beforeAll(async () => {
      dataDir = await dataDirOf(api);
      imagesDir = join(dataDir, "images/QEMU");
    });

    /** Uploads in progress live in the store's `.partial` folder until renamed into place. */
    const partialUploads = () => (existsSync(join(dataDir, ".partial")) ? readdirSync(join(dataDir, ".partial")) : []);
    const createProject = async () => {
      const reply = await api.post("/v2/projects", { name: `limits-${crypto.randomUUID()}` });
      expect(reply.status).toBe(201);
      return { id: reply.body.project_id as string, path: reply.body.path as string };
    };

    it("takes an image of exactly the limit, sent either way", async () => {
      expect((await post(api, "/v2/compute/emulator/images/exact.img", LIMIT)).status).toBe(204);
      expect(statSync(join(imagesDir, "exact.img")).size).toBe(LIMIT);
      expect((await post(api, "/v2/compute/emulator/images/exact-declared.img", LIMIT, LIMIT)).status).toBeLessThan(300);
    });

    it("refuses an image announced larger before reading it, leaving the image there and its checksum alone", async () => {
      expect((await post(api, "/v2/compute/emulator/images/kept.img", 1000)).status).toBe(204);
      const checksum = readFileSync(join(imagesDir, "kept.img.md5sum"), "utf8");
      expect(await post(api, "/v2/compute/emulator/images/kept.img", 10 * CHUNK, 1024 ** 3)).toEqual({ status: 413, body: TOO_LARGE });
      expect(statSync(join(imagesDir, "kept.img")).size).toBe(1000);
      expect(readFileSync(join(imagesDir, "kept.img.md5sum"), "utf8")).toBe(checksum);
      expect(await post(api, "/v2/compute/emulator/images/never.img", 10 * CHUNK, LIMIT + 1)).toEqual({ status: 413, body: TOO_LARGE });
      expect(existsSync(join(imagesDir, "never.img"))).toBe(false);
    });

    it("cuts off a chunked image upload once it passes the limit, keeping nothing of it", async () => {
      expect(await post(api, "/v2/compute/emulator/images/big.img", 64 * LIMIT)).toEqual({ status: 413, body: TOO_LARGE });
      expect(existsSync(join(imagesDir, "big.img"))).toBe(false);
      expect(existsSync(join(imagesDir, "big.img.md5sum"))).toBe(false);
      expect(partialUploads()).toEqual([]);
      const listed = await api.get("/v2/compute/emulator/images");
      expect(listed.body.map((image: { filename: string }) => image.filename)).not.toContain("big.img");
    });

    it("does the same for project files, on the controller and the compute paths, and keeps the previous version", async () => {
      const project = await createProject();
      expect((await post(api, `/v2/projects/${project.id}/files/disk.qcow2`, 100)).status).toBe(201);
      expect((await api.post(`/v2/compute/projects`, { project_id: project.id, name: "compute side" })).status).toBe(201);
      for (const base of [`/v2/projects/${project.id}`, `/v2/compute/projects/${project.id}`]) {
        expect(await post(api, `${base}/files/disk.qcow2`, 4 * LIMIT)).toEqual({ status: 413, body: TOO_LARGE });
        expect(await post(api, `${base}/files/disk.qcow2`, CHUNK, LIMIT + 1)).toEqual({ status: 413, body: TOO_LARGE });
        expect(await post(api, `${base}/files/new/other.bin`, 4 * LIMIT)).toEqual({ status: 413, body: TOO_LARGE });
      }
      expect(statSync(join(project.path, "disk.qcow2")).size).toBe(100);
      expect(existsSync(join(project.path, "new/other.bin"))).toBe(false);
      expect(partialUploads()).toEqual([]);
      expect((await post(api, `/v2/projects/${project.id}/files/disk.qcow2`, LIMIT)).status).toBe(201);
      expect(statSync(join(project.path, "disk.qcow2")).size).toBe(LIMIT);
    });

    it("refuses a project import past the limit, announced or streamed, creating nothing", async () => {
      const message = "Cannot import project: the upload is larger than 64 KiB (the controller's --max-upload-size)";
      for (const declare of [undefined, 1024 ** 3]) {
        const projectId = crypto.randomUUID();
        expect(await post(api, `/v2/projects/${projectId}/import?name=big-${projectId}`, 4 * LIMIT, declare)).toEqual({
          status: 413,
          body: { message, status: 413 },
        });
        expect((await api.get(`/v2/projects/${projectId}`)).status).toBe(404);
        expect(existsSync(join(dataDir, "projects", projectId))).toBe(false);
      }
    });
  },
  { limits: { maxUploadBytes: LIMIT } },
);
