import { connect } from "node:net";
import { Readable } from "node:stream";
import { TCP_DIAL_TIMEOUT_MS, type TcpConnection, type TcpDialer } from "../consoles/tcp";

/** Outbound TCP on Node: a `node:net` socket, read as a web stream. */
export const dialTcp: TcpDialer = (host, port) =>
  new Promise<TcpConnection>((resolve, reject) => {
    const socket = connect({ host, port });
    const timer = setTimeout(() => socket.destroy(new Error(`no answer from ${host}:${port} within ${TCP_DIAL_TIMEOUT_MS} ms`)), TCP_DIAL_TIMEOUT_MS);
    socket.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.once("connect", () => {
      clearTimeout(timer);
      resolve({
        readable: Readable.toWeb(socket) as unknown as ReadableStream<Uint8Array>,
        write: (bytes) => new Promise((written, failed) => socket.write(bytes, (error) => (error ? failed(error) : written()))),
        close: () => socket.destroy(),
      });
    });
  });
