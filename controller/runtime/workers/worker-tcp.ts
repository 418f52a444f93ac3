import { TCP_DIAL_TIMEOUT_MS, type TcpConnection, type TcpDialer } from "../../consoles/tcp";

/** How long queued bytes may take to leave before a closing connection is dropped. */
const CLOSE_GRACE_MS = 1000;

/**
 * Outbound TCP on Workers, with `connect()` from `cloudflare:sockets`. The module exists only
 * in workerd: it is loaded when a console is opened, so Node can load the Worker's code in tests.
 */
export const dialWorkerTcp: TcpDialer = async (host, port) => {
  const { connect } = await import("cloudflare:sockets");
  const socket = connect({ hostname: host, port });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from ${host}:${port} within ${TCP_DIAL_TIMEOUT_MS} ms`)), TCP_DIAL_TIMEOUT_MS);
  });
  try {
    await Promise.race([socket.opened, timeout]);
  } catch (error) {
    void socket.close().catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const writer = socket.writable.getWriter();
  const connection: TcpConnection = {
    readable: socket.readable,
    write: (bytes) => writer.write(bytes),
    close: () => {
      // workerd sends the peer its FIN when the writable side has closed; closing the socket
      // alone, or before that, leaves the peer waiting until the request that dialled it ends.
      // A peer that reads nothing more would hold the writable forever: then the socket goes.
      let closing: Promise<void> | undefined;
      const closeSocket = () => (closing ??= socket.close().catch(() => {}));
      const stuck = setTimeout(closeSocket, CLOSE_GRACE_MS);
      void writer.close().catch(() => {}).finally(() => {
        clearTimeout(stuck);
        void closeSocket();
      });
    },
  };
  return connection;
};
