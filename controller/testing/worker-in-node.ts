import worker from "../runtime/worker";
import type { Env, ShardObjectCalls } from "../runtime/workers/bindings";
import type { HostCalls } from "../runtime/workers/dataplane-calls";
import { ComputeObject } from "../runtime/workers/compute-object";
import { DirectoryObject, ProjectObject } from "../runtime/workers/shard-object";
import { FakeNamespace, fakeEnv } from "./fake-durable-objects";

/**
 * The Worker and its objects in Node, with in-memory storage, reached through the Worker's own
 * entry: for what workerd cannot be made to do (drop an object from memory while its socket
 * and storage stay, as hibernation does) and for configurations miniflare tests would need a
 * runtime each for.
 */
export function workerInNode(vars: Partial<Env> = {}) {
  const computes = new FakeNamespace<HostCalls, ComputeObject>((state) => new ComputeObject(state, env));
  const env = fakeEnv(
    (env) => ({
      DIRECTORY: new FakeNamespace<ShardObjectCalls, DirectoryObject>((state) => new DirectoryObject(state, env)),
      PROJECTS: new FakeNamespace<ShardObjectCalls, ProjectObject>((state) => new ProjectObject(state, env)),
      COMPUTES: computes,
    }),
    vars,
  );
  const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init: RequestInit = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
    const response = await worker.fetch(new Request(`https://controller.test${path}`, init), env);
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
  return { env, computes, api };
}
