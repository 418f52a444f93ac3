import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { runControllerUntilExit, startControllerProcess } from "../testing/controller-process";
import { inProcessDeps } from "../testing/in-process-deps";

const dataDir = mkdtempSync(join(tmpdir(), "gns3-auth-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

describe("HTTP Basic auth", () => {
  const deps = inProcessDeps(dataDir);
  const app = createApp({ ...deps, config: { ...deps.config, auth: { user: "admin", password: "s3cret é" } } });

  it.each([
    ["no credentials", undefined],
    ["a wrong password", basic("admin", "nope")],
    ["a wrong user", basic("root", "s3cret é")],
    ["a password with extra bytes", basic("admin", "s3cret éx")],
    ["another scheme", "Bearer abc"],
    ["broken base64", "Basic %%%"],
  ])("answers 401 to %s, revealing nothing else", async (_case, authorization) => {
    for (const path of ["/v2/version", "/v2/projects", "/v2/nope", "/v2/notifications"]) {
      const response = await app.request(path, authorization ? { headers: { authorization } } : {});
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Basic realm="GNS3 server"');
      expect(await response.json()).toEqual({ message: "401: Unauthorized", status: 401 });
    }
    const write = await app.request("/v2/projects", { method: "POST", body: JSON.stringify({ name: "x" }), ...(authorization ? { headers: { authorization } } : {}) });
    expect(write.status).toBe(401);
  });

  it("lets the right credentials through, UTF-8 password included", async () => {
    const response = await app.request("/v2/version", { headers: { authorization: basic("admin", "s3cret é") } });
    expect(response.status).toBe(200);
    const created = await app.request("/v2/projects", { method: "POST", body: JSON.stringify({ name: "authorised" }), headers: { authorization: basic("admin", "s3cret é") } });
    expect(created.status).toBe(201);
  });

  it("leaves the dataplane channel to its own token", async () => {
    const response = await app.request("/v2/dataplane/ws");
    expect(response.status).not.toBe(401);
  });

  it("is off when no credentials are configured", async () => {
    expect((await createApp(inProcessDeps(dataDir)).request("/v2/version")).status).toBe(200);
  });
});

describe("npm start and authentication", () => {
  it("refuses to listen beyond loopback without credentials unless told so", () => {
    const npmStart = (args: string[]) => runControllerUntilExit([...args, "--port", "0", "--data-dir", dataDir]);
    const run = npmStart(["--host", "0.0.0.0"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("refusing to serve 0.0.0.0 without authentication");
    const half = npmStart(["--user", "admin"]);
    expect(half.status).toBe(2);
    expect(half.stderr).toContain("--user and --password");
  });

  it("serves with --user and --password, asking for them on every route", async () => {
    const server = await startControllerProcess(["--port", "0", "--data-dir", join(dataDir, "srv"), "--no-local-dataplane", "--user", "admin", "--password", "pw"]);
    try {
      expect((await fetch(`${server.url}/v2/version`)).status).toBe(401);
      expect((await fetch(`${server.url}/v2/version`, { headers: { authorization: basic("admin", "pw") } })).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
