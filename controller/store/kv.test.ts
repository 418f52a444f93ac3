import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startStoreFixture, type StoreFixture } from "../testing/store-fixture";
import { KvClosed, KvConflict, type KeyValueStore } from "./kv";
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

  // The list cache pairs a project's stamp (a get) with its lists (a list): both must come
  // from the same side of a commit, or a body built from old lists is kept under a new stamp.
  it("shows a commit to get and list at the same moment: never to one while the other misses it", async () => {
    const store = open();
    await store.commit([{ key: "p/stamp", value: 0 }]);
    for (let round = 1; round <= 50; round++) {
      const commit = store.commit([
        { key: "p/stamp", value: round },
        { key: `p/links/${round}`, value: round },
      ]);
      let settled = false;
      void commit.then(() => (settled = true));
      while (!settled) {
        // Reads answered from a cache settle without leaving the microtask queue; the commit's
        // completion needs a turn of the event loop.
        await new Promise((resolve) => setImmediate(resolve));
        const [stamp, links] = await Promise.all([store.get<number>("p/stamp"), store.list<number>("p/links/")]);
        if (links.length === round) expect(stamp).toBe(round);
        else {
          expect(links).toHaveLength(round - 1);
          expect(stamp).toBe(round - 1);
        }
      }
      await commit;
      expect(await store.get("p/stamp")).toBe(round);
      expect(await store.list("p/links/")).toHaveLength(round);
    }
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

describe("the sharded store across Durable Objects in workerd", () => {
  // Each project's keys live in an object of their own; console claims live in the directory.
  it("applies a commit spanning objects entirely or not at all", async () => {
    const store = workerd!.durableObjectStore();
    await store.commit([{ key: "consoles/local/05000", value: "n0" }]);
    await expect(
      store.commit(
        [
          { key: "projects/p1", value: { name: "p1" } },
          { key: "projects/p1/nodes/n1", value: { console: 5000 } },
          { key: "consoles/local/05000", value: "n1" },
        ],
        [{ key: "consoles/local/05000", absent: true }],
      ),
    ).rejects.toBeInstanceOf(KvConflict);
    expect(await store.get("projects/p1/nodes/n1")).toBeUndefined();
    expect(await store.list("projects/")).toEqual([]);
    expect(await store.get("consoles/local/05000")).toBe("n0");
  });

  it("lets one of many concurrent claims spanning objects win, and keeps only the winner's records", async () => {
    const store = workerd!.durableObjectStore();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        store.commit(
          [
            { key: `projects/p${i}/nodes/n`, value: i },
            { key: "consoles/local/05001", value: i },
          ],
          [{ key: "consoles/local/05001", absent: true }],
        ),
      ),
    );
    const winners = results.flatMap((result, i) => (result.status === "fulfilled" ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(results.filter((result) => result.status === "rejected").every((result) => (result as PromiseRejectedResult).reason instanceof KvConflict)).toBe(true);
    expect(await store.get("consoles/local/05001")).toBe(winners[0]);
    for (let i = 0; i < 20; i++) expect(await store.get(`projects/p${i}/nodes/n`)).toBe(i === winners[0] ? i : undefined);
  });

  it("lists every project's records through the directory's index, which follows the project records", async () => {
    const store = workerd!.durableObjectStore();
    await store.commit([{ key: "projects/a", value: 1 }, { key: "projects/a/links/l", value: 2 }, { key: "project-names/A", value: "a" }]);
    await store.commit([{ key: "projects/b", value: 3 }]);
    expect((await store.list("projects/")).map((entry) => entry.key)).toEqual(["projects/a", "projects/a/links/l", "projects/b"]);
    await store.commit([{ key: "projects/a", delete: true }, { key: "projects/a/links/l", delete: true }]);
    expect(await store.list("projects/")).toEqual([{ key: "projects/b", value: 3 }]);
    expect(await store.list("project-index/")).toEqual([{ key: "project-index/b", value: true }]);
  });
});

describe("the lmdb store on disk", () => {
  it("refuses every call after close with KvClosed, which callers stopping with it can recognise", async () => {
    const folder = mkdtempSync(join(tmpdir(), "kv-"));
    folders.push(folder);
    const store = new LmdbKeyValueStore(folder);
    await store.commit([{ key: "k", value: 1 }]);
    await store.close();
    await expect(store.get("k")).rejects.toBeInstanceOf(KvClosed);
    await expect(store.list("")).rejects.toBeInstanceOf(KvClosed);
    await expect(store.commit([{ key: "k", value: 2 }])).rejects.toBeInstanceOf(KvClosed);
  });

  it("keeps a client's __proto__ key as an own property, read after a reopen and listed", async () => {
    const folder = mkdtempSync(join(tmpdir(), "kv-"));
    folders.push(folder);
    const value = JSON.parse('{"link_style": {"a": {"__proto__": {"polluted": "yes"}}}, "__proto_": 1}');
    const first = new LmdbKeyValueStore(folder);
    await first.commit([{ key: "links/l", value }]);
    expect(JSON.stringify(await first.get("links/l"))).toBe(JSON.stringify(value));
    await first.close();
    const second = new LmdbKeyValueStore(folder);
    expect(JSON.stringify(await second.get("links/l"))).toBe(JSON.stringify(value));
    expect(JSON.stringify((await second.list("links/"))[0]!.value)).toBe(JSON.stringify(value));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await second.close();
  });

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
