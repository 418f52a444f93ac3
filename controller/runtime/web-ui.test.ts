import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../testing/api-targets";
import { runControllerUntilExit, startControllerProcess, type ControllerProcess } from "../testing/controller-process";
import { escapingPaths, expectForbidden } from "../testing/file-attacks";
import { rawRequest } from "../testing/raw-request";

const INDEX = "<!doctype html><title>fake web UI</title><base href='/static/web-ui/'>";
const SECRET = "the secret beside the build";

/** A stand-in for an unpacked gns3-web-ui build, with a secret beside it and links into and out of it. */
function fakeBuild(): { folder: string; build: string } {
  const folder = mkdtempSync(join(tmpdir(), "gns3-webui-"));
  const build = join(folder, "build");
  mkdirSync(join(build, "assets", "fonts"), { recursive: true });
  writeFileSync(join(build, "index.html"), INDEX);
  writeFileSync(join(build, "main.4f2a.js"), "console.log('ui');");
  writeFileSync(join(build, "styles.css"), "body{}");
  writeFileSync(join(build, "assets", "logo.svg"), "<svg/>");
  writeFileSync(join(build, "assets", "fonts", "roboto.woff2"), "wOF2");
  writeFileSync(join(build, "assets", "data.bin"), "\x00\x01");
  writeFileSync(join(folder, "secret.txt"), SECRET);
  symlinkSync(join(folder, "secret.txt"), join(build, "leak.txt"));
  symlinkSync(folder, join(build, "outside"));
  symlinkSync(join(build, "styles.css"), join(build, "theme.css"));
  return { folder, build };
}

describe("npm start --web-ui", () => {
  let server: ControllerProcess;
  let dirs: { folder: string; build: string };
  let wire: ApiClient;
  const get = (path: string) => rawRequest(wire, "GET", path);

  beforeAll(async () => {
    dirs = fakeBuild();
    server = await startControllerProcess(["--port", "0", "--data-dir", join(dirs.folder, "data"), "--no-local-dataplane", "--web-ui", dirs.build]);
    // rawRequest only needs where the server is; it sends paths byte for byte.
    wire = { baseUrl: server.url } as ApiClient;
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dirs.folder, { recursive: true, force: true });
  });

  it("sends / to the UI's start page, as GNS3 does", async () => {
    const response = await fetch(`${server.url}/`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/static/web-ui/bundled");
  });

  it.each([
    ["index.html", "text/html; charset=utf-8", INDEX],
    ["main.4f2a.js", "text/javascript; charset=utf-8", "console.log('ui');"],
    ["styles.css", "text/css; charset=utf-8", "body{}"],
    ["theme.css", "text/css; charset=utf-8", "body{}"],
    ["assets/logo.svg", "image/svg+xml", "<svg/>"],
    ["assets/fonts/roboto.woff2", "font/woff2", "wOF2"],
    ["assets/data.bin", "application/octet-stream", "\x00\x01"],
  ])("serves %s with its content type", async (file, type, body) => {
    const reply = await get(`/static/web-ui/${file}`);
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toBe(type);
    expect(reply.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
    expect(reply.text).toBe(body);
  });

  it("answers the UI's own routes, and folders, with index.html", async () => {
    for (const path of ["bundled", "server/1/project/5e7a6d0e/", "assets", "assets/", "nope.js", "%E2%9C%93"]) {
      const reply = await get(`/static/web-ui/${path}`);
      expect(reply.status, path).toBe(200);
      expect(reply.headers["content-type"], path).toBe("text/html; charset=utf-8");
      expect(reply.text, path).toBe(INDEX);
    }
  });

  it("never serves a file from outside its folder", async () => {
    for (const attack of escapingPaths("secret.txt")) {
      const reply = await get(`/static/web-ui/${attack.path}`);
      expect(reply.text, attack.path).not.toContain(SECRET);
      if (attack.reachesRoute) expectForbidden(reply, attack.path);
      // Resolved before routing (or refused by the HTTP parser): whatever it lands on, it is not the secret.
      else expect([200, 400, 403, 404], attack.path).toContain(reply.status);
    }
    for (const path of ["leak.txt", "outside/secret.txt", "outside"]) {
      const reply = await get(`/static/web-ui/${path}`);
      expect(reply.text, path).not.toContain(SECRET);
      expectForbidden(reply, path);
    }
    expect((await get("/static/web-ui/%E0%A4%A")).status).toBe(404);
  });

  it("keeps the API where it was", async () => {
    expect((await get("/v2/version")).json).toEqual({ local: true, version: "2.2.59" });
    expect((await get("/static/other.js")).status).toBe(404);
  });
});

describe("npm start --web-ui with credentials", () => {
  it("asks for them for the UI too, as GNS3 does", async () => {
    const { folder, build } = fakeBuild();
    const server = await startControllerProcess(["--port", "0", "--data-dir", join(folder, "data"), "--no-local-dataplane", "--web-ui", build, "--user", "admin", "--password", "pw"]);
    try {
      expect((await fetch(`${server.url}/static/web-ui/index.html`)).status).toBe(401);
      const authorised = await fetch(`${server.url}/static/web-ui/bundled`, { headers: { authorization: `Basic ${btoa("admin:pw")}` } });
      expect(authorised.status).toBe(200);
      expect(await authorised.text()).toBe(INDEX);
    } finally {
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("refuses a folder that holds no build, with exit 2", () => {
    const folder = mkdtempSync(join(tmpdir(), "gns3-webui-"));
    try {
      const run = runControllerUntilExit(["--port", "0", "--data-dir", join(folder, "data"), "--no-local-dataplane", "--web-ui", folder]);
      expect(run.status).toBe(2);
      expect(run.stderr.split("\n")[0]).toBe(`error: --web-ui: ${folder} holds no index.html: give the folder of an unpacked gns3-web-ui build`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
