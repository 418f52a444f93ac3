import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { createApp, type ControllerApp } from "../app";
import type { KeyValueStore } from "../store/kv";
import { MemoryKeyValueStore } from "../store/memory-kv";
import { inProcessDeps } from "../testing/in-process-deps";

const dataDir = mkdtempSync(join(tmpdir(), "record-limits-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** An app over `store`, as one more controller process over the same database would be. */
function appOver(store: KeyValueStore, maxDrawingsPerProject: number): ControllerApp {
  const deps = inProcessDeps(dataDir);
  return createApp({ ...deps, store, config: { ...deps.config, limits: { maxDrawingsPerProject } } });
}

/** Another handle on the same records: a process of its own, with its own queues. */
function handleOn(store: KeyValueStore): KeyValueStore {
  return { get: (key) => store.get(key), list: (prefix) => store.list(prefix), commit: (writes, guards) => store.commit(writes, guards), close: async () => {} };
}

async function call(app: ControllerApp, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await app.request(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: text === "" ? null : JSON.parse(text) };
}

it("holds the limit exactly when two processes add to one project at once", async () => {
  const store = new MemoryKeyValueStore();
  const [first, second] = [appOver(handleOn(store), 7), appOver(handleOn(store), 7)];
  const project = await call(first, "POST", "/v2/projects", { name: "shared" });
  const draw = (app: ControllerApp, i: number) => call(app, "POST", `/v2/projects/${project.body.project_id}/drawings`, { svg: `<svg>${i}</svg>` });
  const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => draw(i % 2 === 0 ? first : second, i)));
  expect(replies.filter((reply) => reply.status === 201)).toHaveLength(7);
  expect(new Set(replies.filter((reply) => reply.status !== 201).map((reply) => reply.status))).toEqual(new Set([409]));
  expect((await call(second, "GET", `/v2/projects/${project.body.project_id}/drawings`)).body).toHaveLength(7);
});

it("counts a project from before counts were kept from its records, once", async () => {
  const store = new MemoryKeyValueStore();
  const app = appOver(store, 4);
  const project = await call(app, "POST", "/v2/projects", { name: "older" });
  const base = `/v2/projects/${project.body.project_id}`;
  for (let i = 0; i < 3; i++) expect((await call(app, "POST", `${base}/drawings`, { svg: `<svg>${i}</svg>` })).status).toBe(201);
  const counts = await store.list(`projects/${project.body.project_id}/counts/`);
  expect(counts).toHaveLength(1);
  await store.commit(counts.map(({ key }) => ({ key, delete: true as const })));

  expect((await call(app, "POST", `${base}/drawings`, { svg: "<svg>4</svg>" })).status).toBe(201);
  expect(await call(app, "POST", `${base}/drawings`, { svg: "<svg>5</svg>" })).toEqual({
    status: 409,
    body: { message: "Cannot add a drawing: the project holds 4 drawings and may hold at most 4 (the controller's --max-drawings)", status: 409 },
  });
});
