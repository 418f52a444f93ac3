import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { createApp } from "../app";
import { describeApi } from "../testing/api-targets";
import { inProcessDeps } from "../testing/in-process-deps";

describeApi("server endpoints", (api) => {
  it("reports the GNS3 version it speaks", async () => {
    const reply = await api.get("/v2/version");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ local: true, version: "2.2.59" });
    expect(reply.headers.get("content-type")).toBe("application/json");
  });

  it("accepts a client of the same version and refuses another", async () => {
    expect(await api.post("/v2/version", { version: "2.2.59" })).toMatchObject({ status: 200, body: { version: "2.2.59" } });
    expect((await api.post("/v2/version", { version: "2.2.59", local: true })).status).toBe(200);
    const other = await api.post("/v2/version", { version: "2.2.60" });
    expect(other.body).toEqual({ message: "Client version 2.2.60 is not the same as server version 2.2.59", status: 409 });
    expect((await api.post("/v2/version", { version: "2.2" })).status).toBe(409);
  });

  it.each([
    [{}, "'version' is a required property"],
    [{ version: 2 }, "2 is not of type 'string'"],
    [{ version: "2.2.59", foo: 1 }, "Additional properties are not allowed ('foo' was unexpected)"],
    ["[1", "Invalid JSON"],
  ])("rejects the version check %j with 400", async (body, message) => {
    const reply = await api.post("/v2/version", body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(message);
  });

  it("keeps router licence settings, merging updates, and answers the PUT with 201", async () => {
    expect((await api.get("/v2/router_license")).body).toEqual({ iourc_content: "", license_check: true });
    const put = await api.put("/v2/router_license", { iourc_content: "[license]\nhost = 1234;\n" });
    expect(put.status).toBe(201);
    expect(put.body).toEqual({ iourc_content: "[license]\nhost = 1234;\n", license_check: true });
    const second = await api.put("/v2/iou_license", { license_check: false });
    expect(second.body).toEqual({ iourc_content: "[license]\nhost = 1234;\n", license_check: false });
    expect((await api.get("/v2/iou_license")).body).toEqual(second.body);
  });

  it.each([
    [{ colour: "red" }, "('colour' was unexpected)"],
    [{ license_check: "yes" }, "'yes' is not of type 'boolean'"],
    [{ iourc_content: 5 }, "5 is not of type 'string'"],
    [[], "is not of type 'object'"],
  ])("rejects the licence body %j with 400", async (body, message) => {
    const reply = await api.put("/v2/router_license", body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(message);
  });

  it("answers unknown paths and methods with a JSON 404", async () => {
    for (const [method, path] of [["GET", "/v2/nope"], ["GET", "/v2/version/"], ["PATCH", "/v2/version"]]) {
      const reply = await api.request(method!, path!);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: "404: Not Found", status: 404 });
    }
  });

  it("writes a debug dump and answers 201 with no body", async () => {
    const reply = await api.post("/v2/debug");
    expect(reply.status).toBe(201);
    expect(reply.text).toBe("");
  });

  it("refuses JSON bodies over 1 MiB with 413", async () => {
    const reply = await api.post("/v2/projects", { name: "big", padding: "x".repeat(1024 * 1024 + 10) });
    expect(reply.status).toBe(413);
    expect(reply.body.status).toBe(413);
  });
}, { workerd: true });

describe("POST /v2/shutdown", () => {
  it("answers 201 and then asks the runtime to stop", async () => {
    vi.useFakeTimers();
    const dataDir = mkdtempSync(join(tmpdir(), "gns3-shutdown-"));
    const requestShutdown = vi.fn();
    const app = createApp({ ...inProcessDeps(dataDir), requestShutdown });
    const response = await app.request("/v2/shutdown", { method: "POST" });
    expect(response.status).toBe(201);
    expect(await response.text()).toBe("");
    expect(requestShutdown).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(requestShutdown).toHaveBeenCalledOnce();
    vi.useRealTimers();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is refused by a server that is not in local mode", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "gns3-shutdown-"));
    const deps = inProcessDeps(dataDir);
    const app = createApp({ ...deps, config: { ...deps.config, local: false } });
    const shutdown = await app.request("/v2/shutdown", { method: "POST" });
    expect(shutdown.status).toBe(403);
    expect(await shutdown.json()).toEqual({ message: "You can only stop a local server", status: 403 });
    const debug = await app.request("/v2/debug", { method: "POST" });
    expect(await debug.json()).toEqual({ message: "You can only debug a local server", status: 403 });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("writes the debug dump into the data directory", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "gns3-debug-"));
    const app = createApp(inProcessDeps(dataDir));
    expect((await app.request("/v2/debug", { method: "POST" })).status).toBe(201);
    expect(JSON.parse(readFileSync(join(dataDir, "debug/controller.txt"), "utf8"))).toMatchObject({ version: "2.2.59" });
    rmSync(dataDir, { recursive: true, force: true });
  });
});
