import type { ControllerDeps } from "../deps";
import type { KeyValueStore } from "../store/kv";
import { keys } from "../store/keys";

/**
 * Serialised list bodies (a project's links, nodes, drawings), reused while the project is
 * unchanged. Every commit that touches a project writes a new stamp for it in the same atomic
 * commit (see `applyChange`), so a body cached under the current stamp is exactly what the
 * store holds: the cache can be stale only by being unused, never by being wrong. That rests on
 * the store's contract that `get` and `list` never disagree on a commit in flight. Each app
 * instance (and so each Worker isolate) keeps its own, keyed by its store.
 */
const MAX_BODIES = 256;
const caches = new WeakMap<KeyValueStore, Map<string, { stamp: string; body: Uint8Array }>>();

export async function cachedListBody(
  deps: ControllerDeps,
  projectId: string,
  collection: string,
  build: () => Promise<unknown>,
): Promise<Uint8Array> {
  let cache = caches.get(deps.store);
  if (!cache) caches.set(deps.store, (cache = new Map()));
  const key = `${projectId}/${collection}`;
  const stamp = (await deps.store.get<string>(keys.projectStamp(projectId))) ?? "";
  const hit = cache.get(key);
  if (hit && hit.stamp === stamp) {
    cache.delete(key);
    cache.set(key, hit);
    return hit.body;
  }
  const body = new TextEncoder().encode(JSON.stringify(await build()));
  // A change committed while we read would leave a newer stamp: keep the body only if not.
  if ((await deps.store.get<string>(keys.projectStamp(projectId))) === stamp) {
    cache.set(key, { stamp, body });
    if (cache.size > MAX_BODIES) cache.delete(cache.keys().next().value!);
  }
  return body;
}
