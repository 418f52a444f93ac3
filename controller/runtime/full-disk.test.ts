import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mountSmallDisk, smallDiskSkipReason, type SmallDisk } from "@shared/testing/small-disk";
import { startControllerProcess, type ControllerProcess } from "../testing/api-targets";

/**
 * The Node controller with its data dir on a 16 MiB tmpfs: a real "no space left on device"
 * from the kernel, for LMDB and for the file store alike. Mounting needs root (CI runs as
 * root); elsewhere the suite is skipped and says why.
 */
const DISK_MIB = 16;
/** Taken before the test fills the disk and removed to stand for the operator freeing space. */
const BALLAST_MIB = 3;
const UPLOAD_BYTES = 1024 * 1024;
const REQUEST_TIMEOUT_MS = 20_000;

const skipReason = smallDiskSkipReason();

interface Reply {
  status: number;
  body: any;
}

async function call(url: string, method: string, path: string, body?: unknown): Promise<Reply> {
  const raw = body instanceof Uint8Array;
  const response = await fetch(`${url}${path}`, {
    method,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    ...(body === undefined ? {} : { body: raw ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? null : JSON.parse(text) };
}

async function download(url: string, path: string): Promise<{ status: number; md5: string }> {
  const response = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, md5: md5(bytes) };
}

const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");

/** Distinct bytes per file, so a mixed-up file cannot pass for another. */
function fileBytes(seed: number, size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let state = seed * 2654435761 + 1;
  for (let i = 0; i < size; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

/** A rejection of a write on a full disk: 507 with GNS3's error body and a message that says so. */
function expectFullDiskAnswer(reply: Reply): void {
  expect(reply.status).toBe(507);
  expect(reply.body).toEqual({ status: 507, message: expect.stringMatching(/no space left/i) });
}

describe.skipIf(skipReason !== undefined)(`the Node controller on a full disk${skipReason ? ` — skipped: ${skipReason}` : ""}`, () => {
  let mountPoint: string;
  let disk: SmallDisk;
  let freeBallast: () => void;
  let dataDir: string;
  let controller: ControllerProcess | undefined;

  beforeAll(() => {
    mountPoint = mkdtempSync(join(tmpdir(), "gns3-full-disk-"));
    disk = mountSmallDisk(mountPoint, DISK_MIB * 1024);
    dataDir = join(mountPoint, "data");
    freeBallast = disk.takeSpace(BALLAST_MIB * 1024 * 1024);
  });

  afterAll(async () => {
    // The killed server's processes can hold the disk a moment after npm is gone; unmount waits.
    await controller?.stop("SIGKILL");
    await disk.unmount();
    rmSync(mountPoint, { recursive: true, force: true });
  });

  it("refuses writes with 507 and keeps serving reads; everything answered 2xx survives a restart; writes work again once space is freed", async () => {
    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--no-local-dataplane"]);
    let { url } = controller;
    const project = await call(url, "POST", "/v2/projects", { name: "full-disk" });
    expect(project.status).toBe(201);
    const base = `/v2/projects/${project.body.project_id}`;
    let projectName = "full-disk";

    // Uploads until the disk refuses one.
    const files = new Map<string, string>();
    let refusedUpload: Reply | undefined;
    let answeredInMs = 0;
    for (let i = 0; i < 2 * DISK_MIB && !refusedUpload; i++) {
      const bytes = fileBytes(i, UPLOAD_BYTES);
      const sent = performance.now();
      const reply = await call(url, "POST", `${base}/files/uploads/file-${i}.bin`, bytes);
      answeredInMs = performance.now() - sent;
      if (reply.status === 201) files.set(`uploads/file-${i}.bin`, md5(bytes));
      else refusedUpload = reply;
    }
    expect(files.size).toBeGreaterThan(0);
    expectFullDiskAnswer(refusedUpload!);
    expect(refusedUpload!.body.message).toContain("Could not write file 'uploads/file-");
    const uploadRefusedInMs = answeredInMs;

    // Then store writes, until the store keeps its last MiB free (lmdb-kv.ts): none may fit.
    const drawings = new Map<string, string>();
    let refusedWrite: Reply | undefined;
    let refusedId = "";
    for (let i = 0; i < 2000 && !refusedWrite; i++) {
      const svg = `<svg><text>${i}</text>${"<rect/>".repeat(2000)}</svg>`;
      refusedId = randomUUID();
      const sent = performance.now();
      const reply = await call(url, "POST", `${base}/drawings`, { drawing_id: refusedId, svg, x: i });
      answeredInMs = performance.now() - sent;
      if (reply.status === 201) drawings.set(refusedId, svg);
      else refusedWrite = reply;
    }
    expectFullDiskAnswer(refusedWrite!);
    console.log(
      `full disk (${DISK_MIB} MiB tmpfs): ${files.size} uploads of 1 MiB, then 507 in ${uploadRefusedInMs.toFixed(0)} ms; ` +
        `${drawings.size} drawings of ${Math.round(JSON.stringify("<rect/>".repeat(2000)).length / 1024)} KiB, then 507 in ${answeredInMs.toFixed(0)} ms`,
    );
    // What was refused is not served either, not even from a cache.
    expect((await call(url, "GET", `${base}/drawings/${refusedId}`)).status).toBe(404);

    // Every other kind of write on the full disk: 2xx if it happens to fit, else 507.
    const image = await call(url, "POST", "/v2/compute/emulator/images/full.qcow2", fileBytes(99, UPLOAD_BYTES));
    expectFullDiskAnswer(image);
    for (const [method, path, body] of [
      ["POST", "/v2/projects", { name: "another" }],
      ["POST", `${base}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" }],
      ["PUT", base, { name: "renamed" }],
      ["PUT", "/v2/router_license", { iourc_content: "x".repeat(100_000) }],
      ["POST", "/v2/debug", undefined],
    ] as const) {
      const reply = await call(url, method, path, body);
      if (reply.status >= 300) expectFullDiskAnswer(reply);
      else if (path === base) projectName = "renamed";
    }

    // Reads are served while the disk is full.
    expect((await call(url, "GET", "/v2/version")).status).toBe(200);
    expect((await call(url, "GET", base)).body).toMatchObject({ name: projectName });
    const listed = await call(url, "GET", `${base}/drawings`);
    expect(listed.status).toBe(200);
    expect(new Set(listed.body.map((drawing: { drawing_id: string }) => drawing.drawing_id))).toEqual(new Set(drawings.keys()));
    const [firstFile, firstMd5] = [...files][0]!;
    expect(await download(url, `${base}/files/${firstFile}`)).toEqual({ status: 200, md5: firstMd5 });

    // The operator frees some space: both kinds of write work again, without a restart.
    freeBallast();
    const again = await call(url, "POST", `${base}/drawings`, { svg: "<svg>again</svg>" });
    expect(again.status).toBe(201);
    drawings.set(again.body.drawing_id, "<svg>again</svg>");
    const afterFree = fileBytes(1000, UPLOAD_BYTES);
    expect((await call(url, "POST", `${base}/files/after-free.bin`, afterFree)).status).toBe(201);
    files.set("after-free.bin", md5(afterFree));

    // Killed and restarted on the same disk: everything answered 2xx is there, byte for byte.
    await controller.stop("SIGKILL");
    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--no-local-dataplane"]);
    url = controller.url;
    expect((await call(url, "GET", base)).body).toMatchObject({ name: projectName });
    const restored = await call(url, "GET", `${base}/drawings`);
    expect(restored.status).toBe(200);
    expect(new Map(restored.body.map((drawing: { drawing_id: string; svg: string }) => [drawing.drawing_id, drawing.svg]))).toEqual(drawings);
    for (const [path, digest] of files) expect(await download(url, `${base}/files/${path}`)).toEqual({ status: 200, md5: digest });
  }, 120_000);
});
