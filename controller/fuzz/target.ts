import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { createApp, type ControllerApp } from "../app";
import type { ControllerDeps } from "../deps";
import { drawingToWire, type DrawingRecord } from "../domain/drawings";
import { linkToWire, type LinkRecord } from "../domain/links";
import { projectToWire, type ProjectRecord } from "../domain/projects";
import type { NodeRecord } from "../domain/nodes";
import { ENDPOINTS } from "../openapi/endpoints";
import { nodeWire } from "../services/nodes";
import { isProjectRecordKey, keys } from "../store/keys";
import { inProcessDeps } from "../testing/in-process-deps";
import { nodeWebSockets } from "../runtime/node-websockets";
import { gns3v200Lab } from "../testing/legacy-topologies";
import { storeViolations } from "./invariants";
import type { RequestPlan } from "./plans";
import { FUZZ_AUTH, resolve, type ResolvedRequest } from "./resolve";

/** Responses that never end by design (HTTP notification streams, followed captures): cancelled once their head is checked. */
const NEVER_ENDING = /\/(notifications|pcap)$/;
/** Longer than any in-process request takes; past it the request counts as hung. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface EndpointTally {
  /** Requests the router sent to this endpoint's handlers. */
  routed: number;
  /** Of those, answered with the endpoint's documented success status. */
  succeeded: number;
}

/** Figures across every run of a test, for the coverage check and the report. */
export class FuzzStats {
  requests = 0;
  /** Requests the harness made to compare the API with the store (not generated ones). */
  checks = 0;
  sequences = 0;
  readonly statuses = new Map<number, number>();
  readonly endpoints = new Map<string, EndpointTally>(ENDPOINTS.map((endpoint) => [endpointKey(endpoint.method, endpoint.path), { routed: 0, succeeded: 0 }]));
}

export const endpointKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
const SUCCESS_STATUS = new Map(ENDPOINTS.map((endpoint) => [endpointKey(endpoint.method, endpoint.path), endpoint.status]));

/** A failed property: the message says what broke, the trace which requests led there. */
export class FuzzFailure extends Error {}

/**
 * One controller as `npm start` builds it, minus the network: the app from `createApp` over
 * the in-memory store, files in a temporary folder, HTTP Basic auth on, and Node's WebSocket
 * upgrader. Ids come from a counter so a replayed sequence makes the same ones.
 */
export class FuzzTarget {
  private readonly trace: string[] = [];

  private constructor(
    readonly app: ControllerApp,
    readonly deps: ControllerDeps,
    private readonly dataDir: string,
    private readonly stats: FuzzStats,
    private readonly wss: { close(): void },
  ) {}

  static start(stats: FuzzStats): FuzzTarget {
    const dataDir = mkdtempSync(join(tmpdir(), "gns3-fuzz-"));
    // A project on the controller's disk for `POST /v2/projects/load` to open.
    mkdirSync(join(dataDir, "projects", "on-disk"), { recursive: true });
    writeFileSync(join(dataDir, "projects", "on-disk", "on-disk.gns3"), JSON.stringify(gns3v200Lab("on-disk")));
    const webSockets = nodeWebSockets();
    let counter = 0;
    const base = inProcessDeps(dataDir);
    const deps: ControllerDeps = {
      ...base,
      // Timers that would fire in the middle of a sequence make runs depend on the machine's speed.
      config: { ...base.config, auth: FUZZ_AUTH, notificationPingIntervalMs: 60_000, autoCloseDelayMs: 60_000 },
      newId: () => `00000000-0000-4000-8000-${(++counter).toString(16).padStart(12, "0")}`,
      upgradeWebSocket: webSockets.upgradeWebSocket,
    };
    stats.sequences++;
    return new FuzzTarget(createApp(deps), deps, dataDir, stats, { close: webSockets.terminateAll });
  }

  async close(): Promise<void> {
    this.wss.close();
    await this.deps.store.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** Sends one generated request and checks the answer and the state it leaves. */
  async run(plan: RequestPlan): Promise<void> {
    const resolved = await resolve(plan, this.deps, (projectId, compression) => this.exportOf(projectId, compression));
    const { status, text, route } = await this.send(resolved);
    this.stats.requests++;
    this.stats.statuses.set(status, (this.stats.statuses.get(status) ?? 0) + 1);
    if (route) {
      const tally = this.stats.endpoints.get(route);
      if (tally) {
        tally.routed++;
        if (status === SUCCESS_STATUS.get(route)) tally.succeeded++;
      }
    }
    this.trace.push(`${resolved.method} ${clip(resolved.url, 160)} ${bodySummary(resolved.body)} → ${status} ${clip(text, 200)}`);
    if (process.env.FUZZ_TRACE) console.log(this.trace.at(-1));
    if (({} as Record<string, unknown>).polluted !== undefined) this.fail("Object.prototype was polluted");
    const problems = await storeViolations(this.deps.store);
    if (route) problems.push(...(await this.answerMatchesStore(route, resolved, status)));
    if (problems.length > 0) this.fail(`invariants broken after the last request:\n  ${problems.slice(0, 10).join("\n  ")}`);
  }

  /** After a sequence: what the API lists is what the store holds, and nothing is left subscribed. */
  async checkAgreement(): Promise<void> {
    const problems = await this.apiViolations();
    const listeners = this.deps.events.listenerCount();
    if (listeners > 0) problems.push(`${listeners} notification listeners still subscribed after every response was read or cancelled`);
    if (problems.length > 0) this.fail(`API and store disagree:\n  ${problems.slice(0, 10).join("\n  ")}`);
  }

  private fail(message: string): never {
    throw new FuzzFailure(`${message}\nlast requests (newest last):\n  ${this.trace.slice(-12).join("\n  ")}`);
  }

  private async send(resolved: ResolvedRequest): Promise<{ status: number; text: string; route: string | undefined }> {
    const request = new Request(`http://localhost${resolved.url}`, { method: resolved.method, headers: resolved.headers, body: resolved.body });
    const route = this.routeOf(request);
    let response: Response;
    try {
      // `incoming` is what @hono/node-server hands the app; the WebSocket upgrader needs it.
      response = await withTimeout(Promise.resolve(this.app.request(request, undefined, { incoming: {}, outgoing: undefined })), "the response");
    } catch (error) {
      this.fail(`${resolved.method} ${resolved.url} threw instead of answering: ${(error as Error).stack ?? String(error)}`);
    }
    const endless = route !== undefined && NEVER_ENDING.test(route) && response.ok;
    let text = "";
    if (endless) await response.body?.cancel();
    else text = await withTimeout(response.text(), "the response body");
    const problem = responseProblem(resolved.method, resolved.url, response, text, endless);
    if (problem) {
      this.trace.push(`${resolved.method} ${clip(resolved.url, 160)} ${bodySummary(resolved.body)} → ${response.status} ${clip(text, 300)}`);
      this.fail(problem);
    }
    return { status: response.status, text, route };
  }

  /** The endpoint the router picks for this request (HEAD is served by GET routes). */
  private routeOf(request: Request): string | undefined {
    const method = request.method === "HEAD" ? "GET" : request.method;
    const [matches] = this.app.router.match(method, this.app.getPath(request));
    const routes = matches.map(([[, route]]) => route).filter((route) => route.method !== "ALL");
    // The first route registered answers (`/v3/access/users/me` before `/:user_id`).
    const first = routes[0];
    return first && endpointKey(first.method, first.path);
  }

  private async exportOf(projectId: string, compression: "zip" | "none"): Promise<Uint8Array> {
    const response = await this.checkedGet(`/v2/projects/${encodeURIComponent(projectId)}/export?compression=${compression}`);
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : (await response.body?.cancel(), new Uint8Array(0));
  }

  private async checkedGet(path: string): Promise<Response> {
    this.stats.checks++;
    const response = await this.app.request(path, { headers: { authorization: `Basic ${btoa(`${FUZZ_AUTH.user}:${FUZZ_AUTH.password}`)}` } }, { incoming: {}, outgoing: undefined });
    if (response.status >= 500) this.fail(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return response;
  }

  private async getJson(path: string, problems: string[]): Promise<any> {
    const response = await this.checkedGet(path);
    const text = await response.text();
    if (response.status !== 200) {
      problems.push(`GET ${path} answered ${response.status}: ${clip(text, 200)}`);
      return undefined;
    }
    return JSON.parse(text);
  }

  /**
   * A success names things that exist: the project of a project route (an id that reached
   * another record, say through an encoded `/`, shows here), and a DELETE leaves nothing
   * behind — a node its links and port claims, a project every record under it.
   */
  private async answerMatchesStore(route: string, resolved: ResolvedRequest, status: number): Promise<string[]> {
    if (status < 200 || status > 299) return [];
    const params = routeParams(route, resolved.url);
    const projectId = params.project_id;
    if (route === "DELETE /v2/projects/:project_id/nodes/:node_id") return this.nodeGone(projectId!, params.node_id!);
    if (route === "DELETE /v2/projects/:project_id") return this.projectGone(projectId!);
    if (projectId === undefined || route.includes(" /v2/compute/")) return [];
    const project = await this.deps.store.get<ProjectRecord>(keys.project(projectId));
    return project?.project_id === projectId ? [] : [`${route} answered ${status} for project id ${JSON.stringify(projectId)}, which names no project`];
  }

  private async nodeGone(projectId: string, nodeId: string): Promise<string[]> {
    const problems: string[] = [];
    if (await this.deps.store.get(keys.node(projectId, nodeId))) problems.push(`node ${nodeId} still stored after DELETE answered 204`);
    const claims = await this.deps.store.list(keys.nodePortsPrefix(projectId, nodeId));
    if (claims.length > 0) problems.push(`node ${nodeId} deleted but ${claims.length} of its ports are still claimed`);
    for (const { value } of await this.deps.store.list<LinkRecord>(keys.linksPrefix(projectId))) {
      if (value.nodes.some((end) => end.node_id === nodeId)) problems.push(`node ${nodeId} deleted but its link ${value.link_id} remains`);
    }
    return problems;
  }

  private async projectGone(projectId: string): Promise<string[]> {
    const left = await this.deps.store.list(keys.projectPrefix(projectId));
    const record = await this.deps.store.get(keys.project(projectId));
    return record || left.length > 0 ? [`project ${projectId} deleted (204) but ${left.length} records${record ? " and its record" : ""} remain`] : [];
  }

  private async apiViolations(): Promise<string[]> {
    const problems: string[] = [];
    const store = this.deps.store;
    const projects = (await store.list<ProjectRecord>(keys.projectsPrefix())).filter((entry) => isProjectRecordKey(entry.key)).map((entry) => entry.value);
    const listed = await this.getJson("/v2/projects", problems);
    const byId = (a: { project_id: string }, b: { project_id: string }) => (a.project_id < b.project_id ? -1 : 1);
    if (listed && !isDeepStrictEqual([...listed].sort(byId), projects.map(projectToWire).sort(byId))) {
      problems.push(`GET /v2/projects lists ${listed.length} projects, the store holds ${projects.length} (or their fields differ)`);
    }
    for (const project of projects) {
      const base = `/v2/projects/${project.project_id}`;
      const nodes = (await store.list<NodeRecord>(keys.nodesPrefix(project.project_id))).map((entry) => entry.value);
      const links = (await store.list<LinkRecord>(keys.linksPrefix(project.project_id))).map((entry) => entry.value);
      const drawings = (await store.list<DrawingRecord>(keys.drawingsPrefix(project.project_id))).map((entry) => entry.value);
      const collections = [
        { name: "nodes", records: nodes, id: (node: any) => node.node_id as string, wire: (node: NodeRecord) => nodeWire(this.deps, node) },
        { name: "links", records: links, id: (link: any) => link.link_id as string, wire: linkToWire },
        { name: "drawings", records: drawings, id: (drawing: any) => drawing.drawing_id as string, wire: drawingToWire },
      ] as const;
      for (const collection of collections) {
        const api = await this.getJson(`${base}/${collection.name}`, problems);
        if (!api) continue;
        const apiIds = (api as unknown[]).map(collection.id);
        const storeIds = (collection.records as unknown[]).map(collection.id);
        if (!isDeepStrictEqual(apiIds, storeIds)) {
          problems.push(`GET ${base}/${collection.name} lists [${apiIds.join(", ")}], the store holds [${storeIds.join(", ")}]`);
          continue;
        }
        if (project.status !== "opened") continue;
        const expected = (collection.records as any[]).map((record) => (collection.wire as (record: any) => unknown)(record));
        if (!isDeepStrictEqual(api, expected)) problems.push(`GET ${base}/${collection.name} differs from the stored records`);
        for (const [index, item] of (api as unknown[]).entries()) {
          const single = await this.getJson(`${base}/${collection.name}/${storeIds[index]}`, problems);
          if (single && !isDeepStrictEqual(single, item)) problems.push(`GET ${base}/${collection.name}/${storeIds[index]} differs from its list entry`);
        }
      }
      if (project.status !== "opened") continue;
      const stats = await this.getJson(`${base}/stats`, problems);
      const snapshots = (await store.list(keys.snapshotsPrefix(project.project_id))).length;
      const counts = { drawings: drawings.length, links: links.length, nodes: nodes.length, snapshots };
      if (stats && !isDeepStrictEqual(stats, counts)) problems.push(`GET ${base}/stats says ${JSON.stringify(stats)}, the store holds ${JSON.stringify(counts)}`);
      for (const node of nodes) {
        const nodeLinks = await this.getJson(`${base}/nodes/${node.node_id}/links`, problems);
        const expected = links.filter((link) => link.nodes.some((end) => end.node_id === node.node_id)).map((link) => link.link_id).sort();
        if (nodeLinks && !isDeepStrictEqual(nodeLinks.map((link: LinkRecord) => link.link_id).sort(), expected)) {
          problems.push(`GET ${base}/nodes/${node.node_id}/links differs from the links in the store that use it`);
        }
      }
    }
    const computeProjects = (await store.list<{ project_id: string }>(keys.computeProjectsPrefix())).map((entry) => entry.value.project_id).sort();
    const listedCompute = await this.getJson("/v2/compute/projects", problems);
    if (listedCompute && !isDeepStrictEqual(listedCompute.map((project: { project_id: string }) => project.project_id).sort(), computeProjects)) {
      problems.push("GET /v2/compute/projects differs from the compute projects in the store");
    }
    return problems;
  }
}

/**
 * What is wrong with an answer, whatever the request: a 5xx, or an error that is not GNS3's:
 * `{message, status}` on `/v2`, `{message}` on `/v3` (or FastAPI's `{detail}` for a route it
 * does not have).
 */
function responseProblem(method: string, url: string, response: Response, text: string, endless: boolean): string | undefined {
  const status = response.status;
  if (status >= 500) return `answered ${status}`;
  // HEAD answers carry no body by definition; the status is all there is to check.
  if (method === "HEAD" || endless) return undefined;
  const json = (response.headers.get("content-type") ?? "").startsWith("application/json");
  if (status >= 400) {
    if (!json) return `error ${status} is not JSON (content-type ${response.headers.get("content-type")})`;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return `error ${status} has a body that does not parse as JSON`;
    }
    const fields = body !== null && typeof body === "object" ? Object.keys(body).sort() : [];
    const { message, status: bodyStatus, detail } = (body ?? {}) as { message?: unknown; status?: unknown; detail?: unknown };
    if (url.startsWith("/v3/")) {
      const unknownRoute = status === 404 && isDeepStrictEqual(fields, ["detail"]) && detail === "Not Found";
      if (!unknownRoute && (!isDeepStrictEqual(fields, ["message"]) || typeof message !== "string")) return `error ${status} is not {message}`;
      return undefined;
    }
    if (!isDeepStrictEqual(fields, ["message", "status"]) || typeof message !== "string" || bodyStatus !== status) {
      return `error ${status} is not {message, status} with status ${status}`;
    }
    return undefined;
  }
  if (status === 204 && text !== "") return "204 with a body";
  if (json && text !== "") {
    try {
      JSON.parse(text);
    } catch {
      return `${status} says JSON but its body does not parse`;
    }
  }
  return undefined;
}

/** The route's parameters as the router decodes them from the URL (before any `{.+}` tail). */
function routeParams(route: string, url: string): Record<string, string> {
  const urlParts = url.split("?")[0]!.split("/");
  const params: Record<string, string> = {};
  route.split(" ")[1]!.split("/").forEach((part, index) => {
    if (!part.startsWith(":") || part.includes("{")) return;
    const raw = urlParts[index] ?? "";
    try {
      params[part.slice(1)] = decodeURIComponent(raw);
    } catch {
      params[part.slice(1)] = raw;
    }
  });
  return params;
}

async function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not come within ${REQUEST_TIMEOUT_MS} ms`)), REQUEST_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function clip(text: string, length: number): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > length ? `${flat.slice(0, length)}…(${flat.length} chars)` : flat;
}

function bodySummary(body: string | Uint8Array | undefined): string {
  if (body === undefined) return "";
  if (typeof body === "string") return `body ${clip(body, 160)}`;
  return `body <${body.length} bytes>`;
}
