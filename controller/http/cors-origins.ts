/**
 * Which web pages may call the API from a browser. GNS3 2.2's server allows its web UI's
 * development server (port 4200), the copy hosted on gns3.github.io, and its own loopback
 * names; we allow the same, plus what the operator adds.
 */
export const GNS3_WEB_UI_ORIGINS: readonly string[] = ["http://127.0.0.1:4200", "http://localhost:4200", "http://gns3.github.io", "https://gns3.github.io"];

/** A page loaded from one loopback name of the server may call the server by the other. */
export function loopbackOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}

/** GNS3's list (with the loopback names when the port is known) and the operator's, each once. */
export function allowedOrigins(extra: readonly string[], port?: number): string[] {
  return [...new Set([...(port === undefined ? [] : loopbackOrigins(port)), ...GNS3_WEB_UI_ORIGINS, ...extra])];
}

export class InvalidOrigin extends Error {}

/**
 * `scheme://host[:port]` as browsers send it in `Origin` (lower-case host, default port left
 * out), whatever spelling was given; anything with a path, a query or credentials is refused,
 * as is `*`, which would hand the API to every page a user visits.
 */
export function parseOrigin(text: string): string {
  const refusal = new InvalidOrigin(`'${text}' is not an origin: give scheme://host[:port], such as http://192.168.1.10:8080`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refusal;
  }
  const bare = url.pathname === "/" && url.search === "" && url.hash === "" && url.username === "" && url.password === "";
  if (!(url.protocol === "http:" || url.protocol === "https:") || !bare || !/^[a-z]+:\/\/[^/]+\/?$/i.test(text)) throw refusal;
  return url.origin;
}
