import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { describeApi, type ApiClient } from "../testing/api-targets";
import { crossOrigin } from "./cors";
import { createLogger } from "@shared/logging/logger";

const UI_DEV_SERVER = "http://localhost:4200";
const OPERATORS_ORIGIN = "http://lab.example:8080";
const STRANGER = "http://evil.example";
const credentials = { user: "admin", password: "s3cret" };
const authorization = `Basic ${btoa(`${credentials.user}:${credentials.password}`)}`;

const preflight = (api: ApiClient, path: string, origin: string, method = "POST", headers = "content-type,authorization") =>
  api.fetch(path, { method: "OPTIONS", headers: { origin, "access-control-request-method": method, "access-control-request-headers": headers } });

/** What a browser checks before handing an answer to a page of `origin` that sent credentials. */
function expectReadableBy(response: Response, origin: string): void {
  expect(response.headers.get("access-control-allow-origin")).toBe(origin);
  expect(response.headers.get("access-control-allow-credentials")).toBe("true");
  expect(response.headers.get("vary")).toMatch(/\bOrigin\b/);
}

describeApi(
  "CORS, as GNS3 2.2's server allows browsers",
  (api) => {
    it("lets a page of GNS3's web UI origins read answers, credentials included", async () => {
      for (const origin of [UI_DEV_SERVER, "http://127.0.0.1:4200", "https://gns3.github.io", "http://gns3.github.io"]) {
        const response = await api.fetch("/v2/version", { headers: { origin } });
        expect(response.status).toBe(200);
        expectReadableBy(response, origin);
        expect(await response.json()).toMatchObject({ version: "2.2.59" });
      }
    });

    it("gives a page of another origin no Access-Control-Allow-Origin, so its browser keeps the answer from it", async () => {
      for (const origin of [STRANGER, "http://localhost:4201", "https://127.0.0.1:4200", "null"]) {
        const response = await api.fetch("/v2/version", { headers: { origin } });
        expect(response.status).toBe(200);
        expect(response.headers.get("access-control-allow-origin")).toBeNull();
        const refusedPreflight = await preflight(api, "/v2/projects", origin);
        expect(refusedPreflight.headers.get("access-control-allow-origin")).toBeNull();
      }
    });

    it("adds nothing for clients that are not browsers", async () => {
      const response = await api.fetch("/v2/version");
      for (const name of ["access-control-allow-origin", "access-control-allow-credentials", "access-control-expose-headers"]) expect(response.headers.get(name)).toBeNull();
    });

    it("answers a preflight with any method and the headers asked about", async () => {
      for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
        const response = await preflight(api, "/v2/projects", UI_DEV_SERVER, method, "Content-Type, X-Requested-With");
        expect(response.status).toBe(204);
        expectReadableBy(response, UI_DEV_SERVER);
        expect(response.headers.get("access-control-allow-methods")).toBe(method);
        expect(response.headers.get("access-control-allow-headers")).toBe("Content-Type,X-Requested-With");
      }
    });

    it("leaves an OPTIONS request that is not a preflight to the API, which knows no such route", async () => {
      const response = await api.fetch("/v2/version", { method: "OPTIONS", headers: { origin: UI_DEV_SERVER } });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "404: Not Found", status: 404 });
    });

    it("lets the page read refusals: 404, 400, 409", async () => {
      const notFound = await api.fetch("/v2/nope", { headers: { origin: UI_DEV_SERVER } });
      expect(notFound.status).toBe(404);
      expectReadableBy(notFound, UI_DEV_SERVER);
      const badBody = await api.fetch("/v2/projects", { method: "POST", body: "{", headers: { origin: UI_DEV_SERVER, "content-type": "application/json" } });
      expect(badBody.status).toBe(400);
      expectReadableBy(badBody, UI_DEV_SERVER);
      const otherVersion = await api.fetch("/v2/version", { method: "POST", body: JSON.stringify({ version: "2.2.1" }), headers: { origin: UI_DEV_SERVER } });
      expect(otherVersion.status).toBe(409);
      expectReadableBy(otherVersion, UI_DEV_SERVER);
      expect(await otherVersion.json()).toEqual({ message: "Client version 2.2.1 is not the same as server version 2.2.59", status: 409 });
    });

    it("leaves WebSocket handshakes alone, whatever their origin", async () => {
      if (!api.baseUrl) return;
      for (const origin of [UI_DEV_SERVER, STRANGER]) {
        const socket = new WebSocket(`${api.baseUrl.replace(/^http/, "ws")}/v2/notifications/ws`, { origin });
        await new Promise<void>((resolve, reject) => {
          socket.once("open", () => resolve());
          socket.once("error", reject);
        });
        socket.close();
      }
    });
  },
  { workerd: true },
);

describeApi(
  "CORS with credentials and the operator's origins",
  (api) => {
    it("answers a preflight before asking for credentials, which a browser never sends with one", async () => {
      const response = await preflight(api, "/v2/projects", OPERATORS_ORIGIN);
      expect(response.status).toBe(204);
      expectReadableBy(response, OPERATORS_ORIGIN);
      expect(response.headers.get("www-authenticate")).toBeNull();
    });

    it("lets the page read the 401 and its WWW-Authenticate, then the answer once it sends credentials", async () => {
      const refused = await api.fetch("/v2/projects", { headers: { origin: OPERATORS_ORIGIN } });
      expect(refused.status).toBe(401);
      expectReadableBy(refused, OPERATORS_ORIGIN);
      expect(refused.headers.get("access-control-expose-headers")?.split(",")).toContain("www-authenticate");
      const created = await api.fetch("/v2/projects", {
        method: "POST",
        body: JSON.stringify({ name: "from a browser" }),
        headers: { origin: OPERATORS_ORIGIN, authorization, "content-type": "application/json" },
      });
      expect(created.status).toBe(201);
      expectReadableBy(created, OPERATORS_ORIGIN);
    });

    it("still allows GNS3's own origins, and no stranger", async () => {
      expectReadableBy(await api.fetch("/v2/version", { headers: { origin: "https://gns3.github.io", authorization } }), "https://gns3.github.io");
      expect((await api.fetch("/v2/version", { headers: { origin: STRANGER, authorization } })).headers.get("access-control-allow-origin")).toBeNull();
    });
  },
  { workerd: true, auth: credentials, corsOrigins: [OPERATORS_ORIGIN] },
);

describe("crossOrigin", () => {
  it("tells the operator once per refused origin which flag allows it", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = new Hono();
    app.use("*", crossOrigin([UI_DEV_SERVER], createLogger("controller.cors", { sink: (line) => void lines.push(JSON.parse(line)) })));
    app.get("/v2/computes", () => new Response("[]"));
    for (let i = 0; i < 3; i++) await app.request("/v2/computes", { headers: { origin: "http://127.0.0.1:8000" } });
    await app.request("/v2/computes", { headers: { origin: UI_DEV_SERVER } });
    expect(lines).toEqual([
      expect.objectContaining({
        level: "warn",
        msg: "a browser page from an origin not allowed called the API: the browser keeps every answer from it",
        origin: "http://127.0.0.1:8000",
        allow_with: "--cors-origin http://127.0.0.1:8000 (on Workers: CONTROLLER_CORS_ORIGINS)",
      }),
    ]);
  });

  it("lists every header of the answer as readable, as GNS3's expose_headers='*' does", async () => {
    const app = new Hono();
    app.use("*", crossOrigin([UI_DEV_SERVER]));
    app.get("/file", () => new Response("x", { headers: { "content-type": "text/plain", "content-disposition": "attachment", "x-custom": "1" } }));
    const response = await app.request("/file", { headers: { origin: UI_DEV_SERVER } });
    expect(response.headers.get("access-control-expose-headers")?.split(",").sort()).toEqual(["content-disposition", "x-custom"]);
  });
});
