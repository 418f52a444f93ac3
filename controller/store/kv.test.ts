import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startStoreFixture, type StoreFixture } from "../testing/store-fixture";
import { KvConflict, type KeyValueStore } from "./kv";
import { LmdbKeyValueStore } from "./lmdb-kv";
import { MemoryKeyValueStore } from "./memory-kv";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

// Durable Object storage only exists inside workerd: each test gets a fresh object there.
let workerd: StoreFixture | undefined;
beforeAll(async () => {
  workerd = await startStoreFixture();
});
afterAll(async () => {
  await workerd?.stop();
});

const backends: Array<[string, () => KeyValueStore]> = [
  ["memory", () => new MemoryKeyValueStore()],
  [
    "lmdb",
    () => {
      const folder = mkdtempSync(join(tmpdir(), "kv-"));
      folders.push(folder);
      return new LmdbKeyValueStore(folder);
    },
  ],
  ["durable object", () => workerd!.durableObjectStore()],
];

describe.each(backends)("the %s key-value store", (_name, open) => {
  it("reads its own writes and lists by prefix in key order", async () => {
    const store = open();
    await store.commit([
      { key: "projects/b", value: { n: 2 } },
      { key: "projects/a", value: { n: 1 } },
      { key: "projects/a/links/1", value: { n: 3 } },
      { key: "other", value: 0 },
    ]);
    expect(await store.get("projects/a")).toEqual({ n: 1 });
    expect(await store.get("missing")).toBeUndefined();
    expect((await store.list("projects/")).map((entry) => entry.key)).toEqual(["projects/a", "projects/a/links/1", "projects/b"]);
    expect(await store.list("projects/a/")).toEqual([{ key: "projects/a/links/1", value: { n: 3 } }]);
    await store.close();
  });

  it("applies all writes of a commit or none when a guard fails", async () => {
    const store = open();
    await store.commit([{ key: "port", value: "link-1" }, { key: "rec", value: { revision: 1 } }]);
    await expect(
      store.commit([{ key: "link-2", value: 1 }, { key: "port", value: "link-2" }], [{ key: "port", absent: true }]),
    ).rejects.toBeInstanceOf(KvConflict);
    expect(await store.get("link-2")).toBeUndefined();
    expect(await store.get("port")).toBe("link-1");
    await expect(store.commit([{ key: "rec", value: { revision: 3 } }], [{ key: "rec", revision: 2 }])).rejects.toBeInstanceOf(KvConflict);
    await store.commit([{ key: "rec", value: { revision: 2 } }, { key: "port", delete: true }], [{ key: "rec", revision: 1 }]);
    expect(await store.get("rec")).toEqual({ revision: 2 });
    expect(await store.get("port")).toBeUndefined();
    await store.close();
  });

  it("lets only one of many concurrent guarded claims win", async () => {
    const store = open();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => store.commit([{ key: "claim", value: i }], [{ key: "claim", absent: true }])),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    await store.close();
  });

  // Over HTTP the caller holds a copy; the Durable Object's own reads are checked below.
  it.skipIf(_name === "durable object")("hands out read-only values, so no caller can change what others read", async () => {
    const store = open();
    const written = { list: [1] };
    await store.commit([{ key: "k", value: written }]);
    written.list.push(2);
    const value = (await store.get<{ list: number[] }>("k"))!;
    expect(() => value.list.push(3)).toThrow(TypeError);
    expect(() => ((value as { list: number[]; extra?: number }).extra = 1)).toThrow(TypeError);
    expect(await store.get("k")).toEqual({ list: [1] });
    const [listed] = await store.list<{ list: number[] }>("k");
    expect(Object.isFrozen(listed!.value.list)).toBe(true);
    await store.close();
  });
});

describe("the durable object store in workerd", () => {
  it("hands out deeply frozen values inside the object, from get and from list", async () => {
    const store = workerd!.durableObjectStore();
    await store.commit([{ key: "k", value: { list: [1], nested: { deep: [{ x: 1 }] } } }]);
    expect(await store.frozen("k")).toEqual({ get: true, list: true });
  });
});

describe("the lmdb store on disk", () => {
  it("keeps committed data across a reopen", async () => {
    const folder = mkdtempSync(join(tmpdir(), "kv-"));
    folders.push(folder);
    const first = new LmdbKeyValueStore(folder);
    await first.commit([{ key: "projects/x", value: { name: "kept" } }]);
    await first.close();
    const second = new LmdbKeyValueStore(folder);
    expect(await second.get("projects/x")).toEqual({ name: "kept" });
    await second.close();
  });
});
