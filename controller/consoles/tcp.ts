/**
 * An outbound TCP connection, the same on both runtimes: Node's `node:net` socket and
 * workerd's `connect()` from `cloudflare:sockets` adapt to it.
 */
export interface TcpConnection {
  /** What the peer sends, until it closes (ends) or the connection fails (errors). */
  readable: ReadableStream<Uint8Array>;
  /** Queues bytes for the peer; rejects once the connection has failed. */
  write(bytes: Uint8Array): Promise<void>;
  /** Ends the connection at once: the peer sees it closed, and reading stops. */
  close(): void;
}

/** Connects, or rejects with the reason the connection could not be made. */
export type TcpDialer = (host: string, port: number) => Promise<TcpConnection>;

/** How long a console may take to accept the connection. */
export const TCP_DIAL_TIMEOUT_MS = 5000;
