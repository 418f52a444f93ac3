import type { DurableObjectState } from "cloudflare:workers";

/**
 * workerd's `cloudflare:workers` for the Worker's objects run in Node tests (vitest aliases the
 * module here; see worker-in-node.ts): the base class keeps `ctx` and `env`, as workerd's does.
 * The stubs of fake-durable-objects.ts make the calls between objects.
 */
export abstract class DurableObject<Env = unknown> {
  constructor(
    protected readonly ctx: DurableObjectState,
    protected readonly env: Env,
  ) {}
}
