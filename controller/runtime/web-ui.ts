import { createReadStream, realpathSync } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import { join, sep } from "node:path";
import { Readable } from "node:stream";
import type { Hono } from "hono";
import { errorBody, jsonResponse } from "../http/responses";

/** Where GNS3 2.2 serves its web UI, and where it sends a browser that opens the server. */
const WEB_UI_PREFIX = "/static/web-ui/";
const WEB_UI_START = "/static/web-ui/bundled";

/** The types a gns3-web-ui build is made of; browsers refuse scripts and styles sent as anything else. */
const CONTENT_TYPES: Record<string, string> = {
  css: "text/css; charset=utf-8",
  eot: "application/vnd.ms-fontobject",
  gif: "image/gif",
  html: "text/html; charset=utf-8",
  ico: "image/x-icon",
  jpeg: "image/jpeg",
  jpg: "image/jpeg",
  js: "text/javascript; charset=utf-8",
  json: "application/json",
  map: "application/json",
  mjs: "text/javascript; charset=utf-8",
  otf: "font/otf",
  png: "image/png",
  svg: "image/svg+xml",
  ttf: "font/ttf",
  txt: "text/plain; charset=utf-8",
  wasm: "application/wasm",
  webmanifest: "application/manifest+json",
  woff: "font/woff",
  woff2: "font/woff2",
  xml: "application/xml",
};

/** Why `dir` cannot be served as a web UI build, or undefined when it can. */
export async function webUiProblem(dir: string): Promise<string | undefined> {
  try {
    if (!(await stat(join(dir, "index.html"))).isFile()) return `${dir}/index.html is not a file`;
  } catch {
    return `${dir} holds no index.html: give the folder of an unpacked gns3-web-ui build`;
  }
  return undefined;
}

/**
 * Serves an unpacked gns3-web-ui build from `dir` under `/static/web-ui/`, and sends `/` there.
 * As in GNS3, a path that names no file gets index.html, since the UI's own routes
 * (`/static/web-ui/server/1/project/…`) live in the page. Nothing outside `dir` is ever
 * served: a path segment that decodes to a separator, `.` or `..` is refused with 403, and so
 * is a symbolic link leading out of it.
 */
export function registerWebUi(app: Hono, dir: string): void {
  const root = realpathSync(dir);
  app.get("/", (c) => c.redirect(WEB_UI_START, 302));
  app.get(`${WEB_UI_PREFIX}*`, async (c) => {
    const segments = segmentsOf(new URL(c.req.url).pathname.slice(WEB_UI_PREFIX.length));
    if (segments === "malformed") return notFound();
    if (segments === "escaping") return forbidden();
    const requested = await resolveInside(root, join(root, ...segments));
    if (requested === "outside") return forbidden();
    if (requested !== undefined && requested.isFile) return fileResponse(requested.path, requested.size);
    const index = await resolveInside(root, join(root, "index.html"));
    if (index === "outside") return forbidden();
    if (index === undefined || !index.isFile) return notFound();
    return fileResponse(index.path, index.size);
  });
}

/** The decoded path segments, empty ones dropped; or why there are none to use. */
function segmentsOf(rest: string): string[] | "malformed" | "escaping" {
  const segments: string[] = [];
  for (const raw of rest.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return "malformed";
    }
    if (segment === "." || segment === ".." || /[/\\\0]/.test(segment)) return "escaping";
    if (segment !== "") segments.push(segment);
  }
  return segments;
}

interface Found {
  path: string;
  isFile: boolean;
  size: number;
}

/** What `path` is once every link is followed: undefined when nothing is there. */
async function resolveInside(root: string, path: string): Promise<Found | "outside" | undefined> {
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    return undefined;
  }
  if (real !== root && !real.startsWith(root + sep)) return "outside";
  const info = await stat(real);
  return { path: real, isFile: info.isFile(), size: info.size };
}

function fileResponse(path: string, size: number): Response {
  const extension = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  return new Response(Readable.toWeb(createReadStream(path)) as ReadableStream, {
    headers: { "content-type": CONTENT_TYPES[extension] ?? "application/octet-stream", "content-length": String(size) },
  });
}

const forbidden = () => jsonResponse(403, errorBody(403, "403: Forbidden"));
const notFound = () => jsonResponse(404, errorBody(404, "404: Not Found"));
