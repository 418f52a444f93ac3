/** The part of workerd's `cloudflare:workers` module the objects use (Node has no Workers types). */
declare module "cloudflare:workers" {
  /**
   * workerd's base of Durable Objects. The public methods of a subclass are RPC methods: another
   * object calls them on the subclass's stub, arguments and results passing as structured
   * clones (a ReadableStream as a stream), a thrown error arriving as a plain `Error`.
   */
  export abstract class DurableObject<Env = unknown> {
    protected readonly ctx: DurableObjectState;
    protected readonly env: Env;
    constructor(ctx: DurableObjectState, env: Env);
  }

  /** An object's `ctx`, as far as the controller uses it. */
  export interface DurableObjectState {
    readonly storage: import("../../store/shard-storage").DurableObjectStorageLike;
    acceptWebSocket(socket: HibernatableWebSocket): void;
    getWebSockets(): HibernatableWebSocket[];
  }

  /** A server WebSocket the object accepted with the hibernation API: it outlives the object in memory. */
  export interface HibernatableWebSocket {
    send(data: ArrayBuffer | Uint8Array | string): void;
    close(code?: number, reason?: string): void;
    serializeAttachment(value: unknown): void;
    deserializeAttachment(): unknown;
  }
}
