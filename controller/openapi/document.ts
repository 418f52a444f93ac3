import { z } from "zod";
import { errorWire } from "@shared/schemas/server";
import { ENDPOINTS, type Endpoint } from "./endpoints";

/** OpenAPI 3.1 uses JSON Schema 2020-12, which is what zod emits. */
export function openApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of ENDPOINTS) {
    const path = openApiPath(endpoint.path);
    (paths[path] ??= {})[endpoint.method] = operation(endpoint);
  }
  return {
    openapi: "3.1.0",
    info: { title: "GNS3-compatible network emulation server", version, description: "The GNS3 2.2 /v2 REST interface." },
    paths,
  };
}

export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");
}

function operation(endpoint: Endpoint): Record<string, unknown> {
  const parameters = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => ({
    name: match[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const success: Record<string, unknown> = { description: endpoint.summary };
  if (endpoint.response) success.content = { "application/json": { schema: schemaOf(endpoint.response, "output") } };
  if (endpoint.rawResponse) success.content = { [endpoint.rawResponse]: { schema: { type: "string", format: "binary" } } };
  const body = endpoint.body
    ? { requestBody: { required: false, content: { "application/json": { schema: schemaOf(endpoint.body, "input") } } } }
    : endpoint.rawBody
      ? { requestBody: { required: true, content: { [endpoint.rawBody]: { schema: { type: "string", format: "binary" } } } } }
      : {};
  const error = { description: "Error", content: { "application/json": { schema: schemaOf(errorWire, "output") } } };
  return {
    summary: endpoint.summary,
    ...(parameters.length ? { parameters } : {}),
    ...body,
    responses: { [String(endpoint.status)]: success, "4XX": error },
  };
}

function schemaOf(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
}
