import { InvalidLimitFlag } from "./limit-flags";
import { hostObject, InvalidWorkerVar, SHARD_HEADER, shardObject, workerConfig, type Env } from "./workers/bindings";
import { destinationOf } from "./workers/routing";

export { ComputeObject } from "./workers/compute-object";
export { DirectoryObject, ProjectObject } from "./workers/shard-object";
export type { Env } from "./workers/bindings";

/**
 * The controller on Cloudflare Workers. The Worker itself holds nothing: it sends each request
 * to the Durable Object that owns it (see workers/routing.ts) — a project's object, the
 * directory, or a dataplane host's object — and those run the same routes as Node.
 */
export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const destination = destinationOf(new URL(request.url));
    if (destination.object === "none") {
      return Response.json({ message: destination.message, status: destination.status }, { status: destination.status });
    }
    if (!env.CONTROLLER_USER && env.CONTROLLER_LOCAL !== "true" && env.CONTROLLER_ALLOW_UNAUTHENTICATED !== "true") {
      return Response.json(
        {
          message:
            "This controller has no credentials: set the CONTROLLER_USER and CONTROLLER_PASSWORD secrets, " +
            "or CONTROLLER_ALLOW_UNAUTHENTICATED = \"true\" if anyone may really use it",
          status: 503,
        },
        { status: 503 },
      );
    }
    try {
      workerConfig(env);
    } catch (error) {
      if (!(error instanceof InvalidLimitFlag || error instanceof InvalidWorkerVar)) throw error;
      return Response.json({ message: `The Worker's configuration is wrong: ${error.message}`, status: 503 }, { status: 503 });
    }
    if (destination.object === "compute") return hostObject(env, destination.hostId).fetch(request);
    // The header tells the object which shard it holds; a client cannot choose it.
    const forwarded = new Request(request);
    forwarded.headers.set(SHARD_HEADER, destination.shard);
    return shardObject(env, destination.shard).fetch(forwarded);
  },
};
