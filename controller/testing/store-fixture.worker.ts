import { FileWriteFailed, UploadInterrupted } from "../files/file-store";
import { R2FileStore, type R2BucketLike } from "../files/r2-file-store";
import { RemoteShard, ShardHoldingObject, type ShardCalls } from "../runtime/workers/shard-rpc";
import { KvConflict, type KvGuard, type KvWrite } from "../store/kv";
import { ShardedKeyValueStore } from "../store/sharded-kv";
import { DIRECTORY } from "../store/shards";

/**
 * A Worker for tests only: it exposes the Workers storage backends over HTTP, so Node tests
 * hold them to their contracts inside workerd itself. `/kv/{object}/{operation}` reaches the
 * sharded store as seen from the Durable Object named `object`, which holds the directory
 * shard itself and reaches each project shard in an object of its own (`{object}/{shard}`),
 * as the controller's objects do; `/files/{operation}?path=` the R2 file store.
 */
interface Env {
  STORES: {
    idFromName(name: string): unknown;
    get(id: unknown): ShardCalls & { fetch(request: Request): Promise<Response> };
  };
  FILES: R2BucketLike;
}

export class KvFixtureObject extends ShardHoldingObject<Env> {
  async fetch(request: Request): Promise<Response> {
    const name = new URL(request.url).pathname.split("/")[2]!;
    const store = new ShardedKeyValueStore(
      (shard) => (shard === DIRECTORY ? this.local : new RemoteShard(this.env.STORES.get(this.env.STORES.idFromName(`${name}/${shard}`)))),
      () => crypto.randomUUID(),
    );
    return answerStoreCall(store, request);
  }
}

async function answerStoreCall(store: ShardedKeyValueStore, request: Request): Promise<Response> {
  const operation = new URL(request.url).pathname.split("/").at(-1);
  const args = (await request.json()) as { key: string; prefix: string; writes: KvWrite[]; guards: KvGuard[] };
  switch (operation) {
    case "get":
      return Response.json({ value: await store.get(args.key) });
    case "list":
      return Response.json(await store.list(args.prefix));
    case "commit":
      try {
        await store.commit(args.writes, args.guards);
        return Response.json({ committed: true });
      } catch (error) {
        if (error instanceof KvConflict) return Response.json({ conflict: error.key }, { status: 409 });
        throw error;
      }
    case "frozen": {
      const [listed] = await store.list(args.key);
      return Response.json({ get: deeplyFrozen(await store.get(args.key)), list: deeplyFrozen(listed?.value) });
    }
    default:
      return new Response(null, { status: 404 });
  }
  }

function deeplyFrozen(value: unknown): boolean {
  if (value === null || typeof value !== "object") return true;
  return Object.isFrozen(value) && Object.values(value).every(deeplyFrozen);
}

async function files(store: R2FileStore, operation: string | undefined, path: string, request: Request): Promise<Response> {
  switch (operation) {
    case "write":
      try {
        return Response.json(await store.write(path, request.body ?? new Blob([]).stream()));
      } catch (error) {
        if (error instanceof FileWriteFailed) return Response.json({ error: "FileWriteFailed", reason: error.reason }, { status: 500 });
        if (error instanceof UploadInterrupted) return Response.json({ error: "UploadInterrupted" }, { status: 500 });
        throw error;
      }
    case "read": {
      const file = await store.read(path);
      return file ? new Response(file.stream, { headers: { "x-size": String(file.size) } }) : new Response(null, { status: 404 });
    }
    case "list":
      return Response.json(await store.list(path));
    case "md5":
      return Response.json({ md5: await store.md5(path) });
    case "remove":
      await store.remove(path);
      return new Response(null, { status: 204 });
    default:
      return new Response(null, { status: 404 });
  }
}

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    const [, area, objectOrOperation] = url.pathname.split("/");
    if (area === "kv" && objectOrOperation) return env.STORES.get(env.STORES.idFromName(objectOrOperation)).fetch(request);
    return files(new R2FileStore(env.FILES), objectOrOperation, url.searchParams.get("path") ?? "", request);
  },
};
