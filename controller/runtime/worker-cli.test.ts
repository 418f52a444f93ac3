import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startControllerProcess } from "../testing/controller-process";

const dataDir = mkdtempSync(join(tmpdir(), "gns3-start-worker-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run start:worker", () => {
  it("serves the controller from workerd and keeps its state in the data dir across a restart", async () => {
    const first = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--no-local-dataplane"], {}, "start:worker");
    try {
      expect(await (await fetch(`${first.url}/v2/version`)).json()).toEqual({ local: true, version: "2.2.59" });
      const created = await fetch(`${first.url}/v2/projects`, { method: "POST", body: JSON.stringify({ name: "kept" }) });
      expect(created.status).toBe(201);
    } finally {
      await first.stop();
    }
    const second = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--no-local-dataplane"], {}, "start:worker");
    try {
      const projects = (await (await fetch(`${second.url}/v2/projects`)).json()) as Array<{ name: string }>;
      expect(projects.map((project) => project.name)).toEqual(["kept"]);
    } finally {
      await second.stop();
    }
  });

  it("refuses a port that is not a number", async () => {
    await expect(startControllerProcess(["--port", "eighty"], {}, "start:worker")).rejects.toThrow("exited with 2");
  });
});
