import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../app";
import { inProcessDeps } from "../testing/in-process-deps";

describe("POST /v2/shutdown closes every project first, as GNS3 does", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "gns3-shutdown-close-"));
  afterAll(() => {
    vi.useRealTimers();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stops the nodes of opened projects and leaves every project closed before the runtime stops", async () => {
    vi.useFakeTimers();
    const requestShutdown = vi.fn();
    const app = createApp({ ...inProcessDeps(dataDir), requestShutdown });
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await app.request(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    };
    const opened = (await call("POST", "/v2/projects", { name: "running" })).body;
    const closed = (await call("POST", "/v2/projects", { name: "idle" })).body;
    await call("POST", `/v2/projects/${closed.project_id}/close`);
    const pc = (await call("POST", `/v2/projects/${opened.project_id}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" })).body;
    expect((await call("POST", `/v2/projects/${opened.project_id}/nodes/${pc.node_id}/start`)).body.status).toBe("started");

    expect((await call("POST", "/v2/shutdown")).status).toBe(201);
    expect(requestShutdown).not.toHaveBeenCalled();
    expect((await call("GET", "/v2/projects")).body.map((project: { status: string }) => project.status)).toEqual(["closed", "closed"]);
    await call("POST", `/v2/projects/${opened.project_id}/open`);
    expect((await call("GET", `/v2/projects/${opened.project_id}/nodes/${pc.node_id}`)).body.status).toBe("stopped");
    await vi.runAllTimersAsync();
    expect(requestShutdown).toHaveBeenCalledOnce();
  });
});
