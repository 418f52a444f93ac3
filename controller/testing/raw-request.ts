import { request } from "node:http";
import type { ApiClient } from "./api-targets";

export interface RawReply {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** Parsed JSON when the body is JSON, null otherwise. */
  json: unknown;
}

/**
 * Sends `path` byte for byte. `fetch` and `URL` resolve `..` and `\` before sending, which would
 * hide the attacks a file endpoint must refuse; `node:http` does not. The in-process target
 * has no wire, so there the path goes through `app.request` (and its URL parsing) as clients'
 * would through a real server's. Each request has a connection of its own: after a request
 * whose body the server left unread (a refused upload), workerd closes the connection without
 * saying so, where Node reads the rest and keeps it.
 */
export async function rawRequest(api: ApiClient, method: string, path: string, body?: string): Promise<RawReply> {
  if (!api.baseUrl) {
    const response = await api.fetch(path, { method, body: body ?? null });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    return reply(response.status, headers, await response.text());
  }
  const { hostname, port } = new URL(api.baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: hostname, port, method, path, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers[name] = value;
        resolve(reply(incoming.statusCode ?? 0, headers, Buffer.concat(chunks).toString("utf8")));
      });
      incoming.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

function reply(status: number, headers: Record<string, string>, text: string): RawReply {
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: callers look at `text`.
  }
  return { status, headers, text, json };
}
