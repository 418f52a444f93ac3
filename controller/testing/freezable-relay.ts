import { createConnection, createServer, type Socket } from "node:net";

export interface FreezableRelay {
  /** `http://127.0.0.1:PORT`: dial it instead of the target. */
  url: string;
  /** Stops carrying bytes either way, as a frozen machine would: connections stay open and nothing is lost. */
  freeze(): void;
  /** Carries on, with everything held meanwhile. */
  thaw(): void;
  close(): Promise<void>;
}

/** A TCP relay to `target` that a test can freeze: a daemon behind it stands for a host that stopped answering. */
export async function startFreezableRelay(target: URL): Promise<FreezableRelay> {
  const sockets = new Set<Socket>();
  let frozen = false;
  const server = createServer((inbound) => {
    const outbound = createConnection({ host: target.hostname, port: Number(target.port) });
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
      if (frozen) socket.pause();
    }
    inbound.pipe(outbound);
    outbound.pipe(inbound);
    inbound.on("close", () => outbound.destroy());
    outbound.on("close", () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    freeze: () => {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    thaw: () => {
      frozen = false;
      for (const socket of sockets) socket.resume();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
