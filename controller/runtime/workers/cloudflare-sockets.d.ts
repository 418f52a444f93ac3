/** The part of workerd's `cloudflare:sockets` module the Worker uses (Node has no Workers types). */
declare module "cloudflare:sockets" {
  export interface Socket {
    readonly readable: ReadableStream<Uint8Array>;
    readonly writable: WritableStream<Uint8Array>;
    /** Resolves once connected; rejects when the connection cannot be made. */
    readonly opened: Promise<unknown>;
    close(): Promise<void>;
  }
  export function connect(address: { hostname: string; port: number }): Socket;
}
