import type { R2BucketLike } from "../files/r2-file-store";
import type { DurableObjectState, HibernatableWebSocket } from "cloudflare:workers";
import type { Env } from "../runtime/workers/bindings";
import type { ObjectNamespace, ObjectStub } from "../runtime/workers/object-stub";
import type { DurableObjectStorageLike, DurableObjectTransactionLike } from "../store/shard-storage";

/**
 * Durable Object storage in memory for tests in Node: values are copied in and out (as
 * workerd's structured clone does) and transactions run one at a time, staged until they end.
 */
export class MemoryObjectStorage implements DurableObjectStorageLike {
  private readonly data = new Map<string, unknown>();
  private exclusive: Promise<unknown> = Promise.resolve();

  async get<T>(key: string): Promise<T | undefined> {
    return structuredClone(this.data.get(key)) as T | undefined;
  }

  async list<T>(options: { prefix: string }): Promise<Map<string, T>> {
    const keys = [...this.data.keys()].filter((key) => key.startsWith(options.prefix)).sort();
    return new Map(keys.map((key) => [key, structuredClone(this.data.get(key)) as T]));
  }

  transaction<T>(closure: (txn: DurableObjectTransactionLike) => Promise<T>): Promise<T> {
    const run = this.exclusive.then(async () => {
      const staged = new Map<string, unknown>();
      const deleted = Symbol("deleted");
      const txn: DurableObjectTransactionLike = {
        get: async <V>(key: string) => {
          const value = staged.has(key) ? staged.get(key) : this.data.get(key);
          return (value === deleted ? undefined : structuredClone(value)) as V | undefined;
        },
        put: async (key, value) => void staged.set(key, structuredClone(value)),
        delete: async (key) => {
          const existed = (await txn.get(key)) !== undefined;
          staged.set(key, deleted);
          return existed;
        },
      };
      const result = await closure(txn);
      for (const [key, value] of staged) {
        if (value === deleted) this.data.delete(key);
        else this.data.set(key, value);
      }
      return result;
    });
    this.exclusive = run.catch(() => undefined);
    return run;
  }
}

/** An object's `ctx` in Node: storage in memory, and the sockets it accepted, which outlive the object as they do hibernation. */
export class FakeObjectState implements DurableObjectState {
  readonly storage = new MemoryObjectStorage();
  readonly sockets: HibernatableWebSocket[] = [];

  acceptWebSocket(socket: HibernatableWebSocket): void {
    this.sockets.push(socket);
  }

  getWebSockets(): HibernatableWebSocket[] {
    return this.sockets;
  }
}

/**
 * A namespace whose objects are made on first use, each with its own state. Its stubs call
 * the object as workerd's RPC does: asynchronously, arguments and results copied by
 * structured clone (a stream passed on as it is), so an object cannot share memory with its
 * caller here either.
 */
export class FakeNamespace<Calls, Instance extends Calls & { fetch(request: Request): Promise<Response> }> implements ObjectNamespace<Calls> {
  readonly instances = new Map<string, Instance>();
  readonly states = new Map<string, FakeObjectState>();

  constructor(private readonly construct: (state: FakeObjectState) => Instance) {}

  idFromName(name: string): unknown {
    return name;
  }

  get(id: unknown): ObjectStub<Calls> {
    const name = id as string;
    return new Proxy({} as ObjectStub<Calls>, {
      get: (_, method) => {
        if (method === "fetch") return (request: Request) => this.instance(name).fetch(request);
        return async (...args: unknown[]) => {
          const call = this.instance(name)[method as keyof Instance] as (...args: unknown[]) => unknown;
          return copied(await call.apply(this.instance(name), copied(args)));
        };
      },
    });
  }

  /** The object named `name`, made if needed. */
  instance(name: string): Instance {
    let found = this.instances.get(name);
    if (!found) {
      let state = this.states.get(name);
      if (!state) this.states.set(name, (state = new FakeObjectState()));
      this.instances.set(name, (found = this.construct(state)));
    }
    return found;
  }

  /** Drops the object from memory, keeping its state, as workerd does when it hibernates. */
  evict(name: string): void {
    this.instances.delete(name);
  }
}

function copied<T>(value: T): T {
  return value instanceof ReadableStream ? value : structuredClone(value);
}

/** Env bindings whose objects are built by `objects`, and a bucket that refuses every call (no test here needs files). */
export function fakeEnv(objects: (env: Env) => Pick<Env, "DIRECTORY" | "PROJECTS" | "COMPUTES">, vars: Partial<Env> = {}): Env {
  const refuse = () => Promise.reject(new Error("no R2 in this test"));
  const files: R2BucketLike = { head: refuse, get: refuse, put: refuse, list: refuse, delete: refuse, createMultipartUpload: refuse };
  const env = { FILES: files, CONTROLLER_LOCAL: "true", ...vars } as Env;
  return Object.assign(env, objects(env));
}
