import { tokenFor } from "../http/bearer-auth";
import type { ControllerDeps } from "../deps";
import { BUILTIN_TEMPLATES } from "../domain/templates";
import { LOCAL_COMPUTE_ID } from "../domain/computes";
import { fileLayout } from "../files/layout";
import { isProjectRecordKey, keys } from "../store/keys";
import { ENDPOINTS } from "../openapi/endpoints";
import { Ref, type BodyMutation, type BodyTree, type ParamPlan, type RequestPlan } from "./plans";

/** A plan made concrete: what goes on the wire. */
export interface ResolvedRequest {
  method: string;
  /** Path and query, as given to `app.request`. */
  url: string;
  headers: Headers;
  body: string | Uint8Array | undefined;
}

/** How the fuzzer authenticates; the app under fuzz requires these credentials. */
export const FUZZ_AUTH = { user: "fuzz", password: "fuzz-secret" };
const AUTHORIZATION = `Basic ${btoa(`${FUZZ_AUTH.user}:${FUZZ_AUTH.password}`)}`;

/** Fetches an export through the API (the import endpoint's most useful input). */
export type ExportFetcher = (projectId: string, compression: "zip" | "none") => Promise<Uint8Array>;

/**
 * What exists right now, read from the store itself (not from responses, which are under
 * test), newest first so that `pick: 0` names what the previous step made.
 */
export async function resolve(plan: RequestPlan, deps: ControllerDeps, fetchExport: ExportFetcher): Promise<ResolvedRequest> {
  const candidates = new Candidates(deps);
  const endpoint = ENDPOINTS[plan.endpoint];
  const names = endpoint ? endpoint.path.split("/").filter((part) => part !== "").map((part) => (part.startsWith(":") ? part.slice(1).replace(/\{.*\}$/, "") : undefined)) : [];
  const parts: string[] = [];
  for (const [index, segment] of plan.segments.entries()) {
    if (typeof segment === "string") {
      parts.push(segment);
      continue;
    }
    const raw = await paramText(segment, candidates);
    parts.push(raw);
    if (names[index] === "project_id" && "ref" in segment) candidates.projectId = safeDecode(raw);
  }

  const headers = new Headers();
  let body: string | Uint8Array | undefined;
  switch (plan.body.kind) {
    case "json":
      body = JSON.stringify(mutate(await resolveTree(plan.body.tree, candidates), plan.body.mutations));
      headers.set("content-type", "application/json");
      break;
    case "text":
      body = plan.body.text;
      headers.set("content-type", "application/json");
      break;
    case "bytes":
      body = plan.body.bytes;
      headers.set("content-type", "application/octet-stream");
      break;
    case "export":
      body = await fetchExport(await candidates.resolveRef(plan.body.project), plan.body.compression);
      headers.set("content-type", "application/octet-stream");
      break;
    case "none":
      break;
  }
  // `/v3` signs in with a bearer token: the superadmin's, who is the Basic auth user (services/users.ts).
  if (plan.authorised) headers.set("authorization", parts[0] === "v3" ? `Bearer ${await tokenFor(deps, FUZZ_AUTH.user)}` : AUTHORIZATION);
  for (const [name, value] of plan.headers) headers.set(name, value);
  // A GET or HEAD request cannot carry a body in fetch; GNS3 clients never send one there.
  if (plan.method === "GET" || plan.method === "HEAD") body = undefined;
  // A folder's path (the dashboard's `/dashboard/`) keeps its closing slash, which the segments drop.
  const closingSlash = parts.length > 0 && endpoint?.path.endsWith("/") ? "/" : "";
  return { method: plan.method, url: `/${parts.join("/")}${closingSlash}${plan.query}`, headers, body };
}

function safeDecode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

async function paramText(segment: ParamPlan, candidates: Candidates): Promise<string> {
  if ("ref" in segment) return encodePath(await candidates.resolveRef(segment.ref));
  if ("text" in segment) return encodePath(segment.text);
  if ("raw" in segment) return segment.raw;
  const parent = await candidates.resolveRef(segment.nested.parent);
  const previous = candidates.projectId;
  candidates.projectId = parent;
  const child = await candidates.resolveRef(segment.nested.child);
  candidates.projectId = previous;
  return [parent, segment.nested.collection, child].map(encodeURIComponent).join("%2F");
}

/** Each `/`-separated part encoded, so `dir/file` stays a nested path for `{path}` parameters. */
function encodePath(text: string): string {
  return text.split("/").map(encodeURIComponent).join("/");
}

async function resolveTree(tree: BodyTree, candidates: Candidates): Promise<unknown> {
  if (tree instanceof Ref) return candidates.resolveRef(tree);
  if (Array.isArray(tree)) return Promise.all(tree.map((item) => resolveTree(item, candidates)));
  if (tree !== null && typeof tree === "object") {
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(tree)) defineKey(copy, key, await resolveTree(value, candidates));
    return copy;
  }
  return tree;
}

/** Sets a key as an own property even when it is `__proto__`, as JSON.parse would. */
function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Applies mutations at positions of a depth-first walk of the (already copied) body. */
function mutate(body: unknown, mutations: readonly BodyMutation[]): unknown {
  let root = body;
  for (const mutation of mutations) {
    const slots: Array<{ parent: any; key: string | number } | null> = [null];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach((item, index) => (slots.push({ parent: value, key: index }), walk(item)));
      else if (value !== null && typeof value === "object") for (const [key, item] of Object.entries(value)) (slots.push({ parent: value, key }), walk(item));
    };
    walk(root);
    const slot = slots[mutation.at % slots.length]!;
    const current = slot === null ? root : slot.parent[slot.key];
    const fresh = JSON.parse(JSON.stringify(mutation.value));
    let next: unknown = current;
    switch (mutation.op) {
      case "delete":
        if (slot === null) continue;
        if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
        else delete slot.parent[slot.key];
        continue;
      case "replace":
        next = fresh;
        break;
      case "wrap":
        next = [current];
        break;
      case "addKey":
        if (current !== null && typeof current === "object" && !Array.isArray(current)) defineKey(current as Record<string, unknown>, mutation.key, fresh);
        continue;
    }
    if (slot === null) root = next;
    else if (Array.isArray(slot.parent)) slot.parent[slot.key as number] = next;
    else defineKey(slot.parent, slot.key as string, next);
  }
  return root;
}

/** The ids a ref can stand for, read lazily from the store and the file store. */
class Candidates {
  /** The project the request's path names, when it names one: nodes, links, drawings and snapshots are taken from it. */
  projectId: string | undefined;
  private entries: Array<{ key: string; value: unknown }> | undefined;

  constructor(private readonly deps: ControllerDeps) {}

  async resolveRef(ref: Ref): Promise<string> {
    if (ref.kind === "fresh") return ref.fallback;
    const options = await this.options(ref);
    if (options.length === 0) return ref.kind === "projectFile" || ref.kind === "image" ? "missing.bin" : ref.fallback;
    return options[options.length - 1 - (ref.pick % options.length)]!;
  }

  private async options(ref: Ref): Promise<string[]> {
    switch (ref.kind) {
      case "template":
        return [
          ...BUILTIN_TEMPLATES.map((template) => template.template_id),
          ...(await this.keysUnder(keys.templatesPrefix())).map((key) => key.slice(keys.templatesPrefix().length)),
        ];
      case "user":
        return (await this.keysUnder(keys.usersPrefix())).map((key) => key.slice(keys.usersPrefix().length));
      case "compute":
        return [LOCAL_COMPUTE_ID, ...(await this.keysUnder("computes/")).map((key) => key.slice("computes/".length))];
      case "project":
        return (await this.keysUnder(keys.projectsPrefix())).filter(isProjectRecordKey).map((key) => key.slice("projects/".length));
      case "computeProject":
        return (await this.keysUnder(keys.computeProjectsPrefix())).map((key) => key.slice(keys.computeProjectsPrefix().length));
      case "node":
      case "link":
      case "drawing":
      case "snapshot": {
        const collection = `/${ref.kind}s/`;
        const all = (await this.keysUnder(keys.projectsPrefix())).filter((key) => key.includes(collection));
        const inProject = this.projectId === undefined ? [] : all.filter((key) => key.startsWith(`projects/${this.projectId}${collection}`));
        return (inProject.length > 0 ? inProject : all).map((key) => key.slice(key.lastIndexOf("/") + 1));
      }
      case "projectFile":
        if (this.projectId === undefined) return [];
        return (await this.deps.files.list(fileLayout.projectFolder(this.projectId)).catch(() => [])).map((file) => file.path);
      case "image":
        // Checksum sidecars are reachable by name too (FILE_PATHS), but are not images.
        return (await this.deps.files.list(fileLayout.emulatorImages()).catch(() => [])).map((file) => file.path).filter((path) => !path.endsWith(".md5sum"));
      case "topologyFile": {
        // The fuzzed controller's projects folder is `projects/` of its file store, on disk at `projectsDir`.
        const files = await this.deps.files.list("projects").catch(() => []);
        return files.filter((file) => file.path.endsWith(".gns3")).map((file) => `${this.deps.config.projectsDir}/${file.path}`);
      }
      case "fresh":
        return [ref.fallback];
    }
  }

  private async keysUnder(prefix: string): Promise<string[]> {
    this.entries ??= await this.deps.store.list("");
    return this.entries.filter((entry) => entry.key.startsWith(prefix)).map((entry) => entry.key);
  }
}
