/**
 * Wire bodies. Objects are built with their keys already in GNS3's sorted order, so a plain
 * `JSON.stringify` gives the same key order GNS3 sends without sorting on every response.
 */
export function jsonResponse(status: number, body: unknown, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** An already serialised JSON body (see services/list-cache.ts). */
export function jsonBytesResponse(status: number, body: Uint8Array): Response {
  return new Response(body, { status, headers: { "content-type": "application/json" } });
}

export function emptyResponse(status: 201 | 204 | 200): Response {
  return new Response(null, { status });
}

export function errorBody(status: number, message: string): { message: string; status: number } {
  return { message, status };
}
