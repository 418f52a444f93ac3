import { describe, expect, it } from "vitest";
import { upgradeWebSocket } from "hono/cloudflare-workers";
import { createApp } from "../app";
import { inProcessDeps } from "../testing/api-targets";
import { ENDPOINTS } from "./endpoints";
import { openApiPath } from "./document";

describe("the OpenAPI document", () => {
  it("describes exactly the routes the app serves", () => {
    // Any upgrader will do: only the routes it registers are looked at.
    const app = createApp({ ...inProcessDeps("/tmp/openapi-unused"), upgradeWebSocket });
    const served = new Set(app.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${openApiPath(route.path)}`));
    const documented = new Set(ENDPOINTS.map((endpoint) => `${endpoint.method.toUpperCase()} ${openApiPath(endpoint.path)}`));
    expect([...served].filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !served.has(route))).toEqual([]);
  });

  it("is served at /v2/openapi.json with JSON schemas generated from the zod schemas", async () => {
    const app = createApp(inProcessDeps("/tmp/openapi-unused"));
    const response = await app.request("/v2/openapi.json");
    expect(response.status).toBe(200);
    const document = (await response.json()) as any;
    expect(document.openapi).toBe("3.1.0");
    const createLink = document.paths["/v2/projects/{project_id}/links"].post;
    expect(createLink.responses["201"].content["application/json"].schema.required).toContain("link_id");
    const body = createLink.requestBody.content["application/json"].schema;
    expect(body.required).toEqual(["nodes"]);
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.nodes.minItems).toBe(2);
    const createComputeProject = document.paths["/v2/compute/projects"].post;
    expect(createComputeProject.requestBody.content["application/json"].schema.required).toEqual(["name"]);
    expect(document.paths["/v2/projects/{project_id}/nodes/{node_id}"].put.parameters.map((p: { name: string }) => p.name)).toEqual(["project_id", "node_id"]);
  });
});
