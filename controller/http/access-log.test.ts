import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "@shared/logging/logger";
import { startNodeController, type RunningController } from "../runtime/node";

describe("the access log (--access-log)", () => {
  const lines: Array<Record<string, unknown>> = [];
  let dataDir: string;
  let controller: RunningController;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "gns3-access-log-"));
    const sink = (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>);
    controller = await startNodeController({ host: "127.0.0.1", port: 0, dataDir, accessLog: createLogger("controller.access", { sink }) });
  });
  afterAll(async () => {
    await controller.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("writes one line per request through the logger: method, path, status, duration", async () => {
    expect((await fetch(`${controller.url}/v2/version?ignored=1`)).status).toBe(200);
    expect((await fetch(`${controller.url}/v2/projects`, { method: "POST", body: "{}" })).status).toBe(400);
    expect((await fetch(`${controller.url}/v2/nowhere`)).status).toBe(404);
    expect(lines).toHaveLength(3);
    expect(lines).toMatchObject([
      { level: "info", component: "controller.access", msg: "request", method: "GET", path: "/v2/version", status: 200 },
      { method: "POST", path: "/v2/projects", status: 400 },
      { method: "GET", path: "/v2/nowhere", status: 404 },
    ]);
    for (const line of lines) expect(line.duration_ms).toBeTypeOf("number");
  });

  it("gives the size of an answer that states it", async () => {
    lines.length = 0;
    const upload = await fetch(`${controller.url}/v2/compute/emulator/images/disk.img`, { method: "POST", body: new Uint8Array(1234) });
    expect(upload.status).toBe(204);
    const download = await fetch(`${controller.url}/v2/compute/emulator/images/disk.img`);
    expect((await download.arrayBuffer()).byteLength).toBe(1234);
    expect(lines.at(-1)).toMatchObject({ method: "GET", path: "/v2/compute/emulator/images/disk.img", status: 200, bytes: 1234 });
  });
});
