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

it("holds larger limits exactly too, where most creations count in their own stripe", async () => {
  const store = new MemoryKeyValueStore();
  const apps = [appOver(handleOn(store), 100), appOver(handleOn(store), 100)];
  const project = await call(apps[0]!, "POST", "/v2/projects", { name: "wide" });
  const base = `/v2/projects/${project.body.project_id}/drawings`;
  const first = await Promise.all(Array.from({ length: 80 }, (_, i) => call(apps[i % 2]!, "POST", base, { svg: `<svg>${i}</svg>` })));
  expect(first.every((reply) => reply.status === 201)).toBe(true);
  const removed = first.slice(0, 30).map((reply) => reply.body.drawing_id as string);
  const [deleted, created] = await Promise.all([
    Promise.all(removed.map((id, i) => call(apps[i % 2]!, "DELETE", `${base}/${id}`))),
    Promise.all(Array.from({ length: 80 }, (_, i) => call(apps[i % 2]!, "POST", base, { svg: `<svg>more ${i}</svg>` }))),
  ]);
  expect(deleted.every((reply) => reply.status === 204)).toBe(true);
  for (const refused of created.filter((reply) => reply.status !== 201)) expect(refused.body.message).toMatch(/may hold at most 100 \(/);
  // 80 - 30 + what was created can never pass 100, and only refusals at the limit are allowed.
  const held = (await call(apps[1]!, "GET", base)).body.length;
  expect(held).toBe(50 + created.filter((reply) => reply.status === 201).length);
  expect(held).toBeLessThanOrEqual(100);
  for (;;) {
    const more = await call(apps[0]!, "POST", base, { svg: "<svg>fill</svg>" });
    if (more.status === 409) break;
    expect(more.status).toBe(201);
  }
  expect((await call(apps[1]!, "GET", base)).body).toHaveLength(100);
});

it("follows a limit changed between runs: lowered below what a project holds, then raised", async () => {
  const store = new MemoryKeyValueStore();
  const before = appOver(store, 10);
  const project = await call(before, "POST", "/v2/projects", { name: "changed limits" });
  const base = `/v2/projects/${project.body.project_id}/drawings`;
  const ids: string[] = [];
  for (let i = 0; i < 8; i++) ids.push((await call(before, "POST", base, { svg: `<svg>${i}</svg>` })).body.drawing_id);

  const lowered = appOver(store, 5);
  expect((await call(lowered, "POST", base, { svg: "<svg/>" })).body.message).toBe(
    "Cannot add a drawing: the project holds 8 drawings and may hold at most 5 (the controller's --max-drawings)",
  );
  for (const id of ids.slice(0, 4)) expect((await call(lowered, "DELETE", `${base}/${id}`)).status).toBe(204);
  expect((await call(lowered, "POST", base, { svg: "<svg/>" })).status).toBe(201);
  expect((await call(lowered, "POST", base, { svg: "<svg/>" })).status).toBe(409);

  const raised = appOver(store, 12);
  for (let i = 5; i < 12; i++) expect((await call(raised, "POST", base, { svg: `<svg>${i}</svg>` })).status).toBe(201);
  expect((await call(raised, "POST", base, { svg: "<svg/>" })).body.message).toMatch(/holds 12 drawings and may hold at most 12/);
});

it("counts a project from before counts were kept from its records, once", async () => {
  const store = new MemoryKeyValueStore();
  const app = appOver(store, 4);
  const project = await call(app, "POST", "/v2/projects", { name: "older" });
  const base = `/v2/projects/${project.body.project_id}`;
  for (let i = 0; i < 3; i++) expect((await call(app, "POST", `${base}/drawings`, { svg: `<svg>${i}</svg>` })).status).toBe(201);
  const counts = await store.list(`projects/${project.body.project_id}/counts/`);
  expect(counts.length).toBeGreaterThan(0);
  await store.commit(counts.map(({ key }) => ({ key, delete: true as const })));

  expect((await call(app, "POST", `${base}/drawings`, { svg: "<svg>4</svg>" })).status).toBe(201);
  expect(await call(app, "POST", `${base}/drawings`, { svg: "<svg>5</svg>" })).toEqual({
    status: 409,
    body: { message: "Cannot add a drawing: the project holds 4 drawings and may hold at most 4 (the controller's --max-drawings)", status: 409 },
  });
});
