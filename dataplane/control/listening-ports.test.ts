import { createServer, type Server } from "node:net";
import { describe, expect, it } from "vitest";
import { listeningPortsIn, listeningTcpPorts } from "./listening-ports";

const TABLE = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:1388 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1 0000000000000000 100 0 0 10 0
   1: 0100007F:1389 0100007F:D431 01 00000000:00000000 00:00000000 00000000     0        0 2 1 0000000000000000 20 4 30 10 -1
   2: 00000000000000000000000000000000:1F90 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000 0 0 3 1 0 100 0 0 10 0
`;

describe("listening ports", () => {
  it("reads the listening sockets of a /proc/net table, IPv4 and IPv6, and not the connected ones", () => {
    expect(listeningPortsIn(TABLE)).toEqual([5000, 8080]);
    expect(listeningPortsIn("")).toEqual([]);
  });

  it("sees a socket this process listens on, and not once it is closed", async () => {
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    expect((await listeningTcpPorts()).has(port)).toBe(true);
    await new Promise((resolve) => server.close(resolve));
    expect((await listeningTcpPorts()).has(port)).toBe(false);
  });
});
