import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Miniflare } from "miniflare";
import { buildWorkerBundle } from "../runtime/worker-bundle";
import { KvConflict, type KeyValueStore, type KvEntry, type KvGuard, type KvWrite } from "../store/kv";

export interface StoreFixture {
  url: string;
  /** A fresh Durable Object's store, reached over HTTP. */
  durableObjectStore(): RemoteDurableObjectStore;
  stop(): Promise<void>;
}

/** Starts store-fixture.worker.ts in workerd with a Durable Object namespace and an R2 bucket. */
export async function startStoreFixture(): Promise<StoreFixture> {
  const dataDir = mkdtempSync(join(tmpdir(), "gns3-store-fixture-"));
  const scriptPath = await buildWorkerBundle(join(dataDir, "fixture.mjs"), join(import.meta.dirname, "store-fixture.worker.ts"));
  const miniflare = new Miniflare({
    host: "127.0.0.1",
    port: 0,
    modules: true,
    scriptPath,
    modulesRoot: dirname(scriptPath),
    compatibilityDate: "2025-07-18",
    durableObjects: { STORES: "KvFixtureObject" },
    r2Buckets: ["FILES"],
    durableObjectsPersist: join(dataDir, "durable-objects"),
    r2Persist: join(dataDir, "r2"),
  });
  const url = (await miniflare.ready).origin;
  return {
    url,
    durableObjectStore: () => new RemoteDurableObjectStore(`${url}/kv/${crypto.randomUUID()}`),
    stop: async () => {
      await miniflare.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The KV contract over HTTP to a Durable Object's DurableObjectKeyValueStore in workerd. */
export class RemoteDurableObjectStore implements KeyValueStore {
  constructor(private readonly base: string) {}

  async get<T>(key: string): Promise<T | undefined> {
    return ((await this.call("get", { key })) as { value?: T }).value;
  }

  async list<T>(prefix: string): Promise<KvEntry<T>[]> {
    return (await this.call("list", { prefix })) as KvEntry<T>[];
  }

  async commit(writes: readonly KvWrite[], guards: readonly KvGuard[] = []): Promise<void> {
    const reply = (await this.call("commit", { writes, guards })) as { conflict?: string };
    if (reply.conflict !== undefined) throw new KvConflict(reply.conflict);
  }

  /** Whether the values the store hands out inside the object, by `get` and by `list`, are deeply frozen. */
  async frozen(key: string): Promise<{ get: boolean; list: boolean }> {
    return (await this.call("frozen", { key })) as { get: boolean; list: boolean };
  }

  async close(): Promise<void> {}

  private async call(operation: string, args: unknown): Promise<unknown> {
    const response = await fetch(`${this.base}/${operation}`, { method: "POST", body: JSON.stringify(args) });
    if (!response.ok && response.status !== 409) throw new Error(`${operation}: ${response.status} ${await response.text()}`);
    return response.json();
  }
}
