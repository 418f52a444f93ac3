/** The telnet server in front of containers' consoles, on real sockets: what clients type, their window sizes, clients that misbehave. */
import { connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach, waitFor } from "@shared/testing/cleanups";
import { IAC } from "./telnet";
import { GREETING, TelnetServer, TypedDecoder, escapeForTelnet, type TelnetClient } from "./telnet-server";

const { later } = cleanupAfterEach();

describe("TypedDecoder", () => {
  it("takes telnet commands out, reads window sizes, and gives Enter as CR", () => {
    const decoder = new TypedDecoder();
    const naws = [IAC, 250, 31, 0, 120, 0, 40, IAC, 240];
    const typed = decoder.push(Uint8Array.from([...Buffer.from("ls"), 13, 10, IAC, 253, 1, ...naws, IAC, IAC, ...Buffer.from("x"), 13, 0, 13, ...Buffer.from("y")]));
    expect(Buffer.from(typed.data).toString("latin1")).toBe("ls\r\xffx\r\ry");
    expect(typed.size).toEqual({ columns: 120, rows: 40 });
  });

  it("follows commands split across reads, and a window size of 255 escaped inside the subnegotiation", () => {
    const decoder = new TypedDecoder();
    expect(decoder.push(Uint8Array.from([IAC, 250, 31, 0, IAC])).size).toBeUndefined();
    const rest = decoder.push(Uint8Array.from([IAC, 0, 24, IAC, 240, ...Buffer.from("a")]));
    expect(rest.size).toEqual({ columns: 255, rows: 24 });
    expect(Buffer.from(rest.data).toString()).toBe("a");
  });

  it("drops a CR's LF that comes in the next read", () => {
    const decoder = new TypedDecoder();
    expect(Array.from(decoder.push(Uint8Array.from([13])).data)).toEqual([13]);
    expect(Array.from(decoder.push(Uint8Array.from([10, 97])).data)).toEqual([97]);
  });
});

describe("escapeForTelnet", () => {
  it("doubles each 0xFF of the console's output", () => {
    expect(Array.from(escapeForTelnet(Uint8Array.from([1, IAC, 2])))).toEqual([1, IAC, IAC, 2]);
  });
});

async function client(port: number): Promise<{ socket: Socket; received: () => Buffer }> {
  const socket = connect(port, "127.0.0.1");
  later(() => socket.destroy());
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  socket.on("error", () => undefined);
  await new Promise((resolve) => socket.once("connect", resolve));
  return { socket, received: () => Buffer.concat(chunks) };
}

describe("TelnetServer", () => {
  it("greets each client, passes what it types and its window size to its session, and writes to it escaped", async () => {
    const typed: string[] = [];
    const sizes: string[] = [];
    const clients: TelnetClient[] = [];
    let closed = 0;
    const server = await TelnetServer.listen(0, "127.0.0.1", (telnetClient) => {
      clients.push(telnetClient);
      return { input: (bytes) => typed.push(Buffer.from(bytes).toString("latin1")), resize: (columns, rows) => sizes.push(`${columns}x${rows}`), closed: () => closed++ };
    });
    later(() => server.close());
    const { socket, received } = await client(server.port);
    await waitFor("the greeting", () => received().length >= GREETING.length);
    expect(Array.from(received().subarray(0, GREETING.length))).toEqual(Array.from(GREETING));
    socket.write(Buffer.from([IAC, 251, 31, IAC, 250, 31, 0, 80, 0, 24, IAC, 240, ...Buffer.from("uname\r\n")]));
    await waitFor("the typed line", () => typed.join("") === "uname\r");
    expect(sizes).toEqual(["80x24"]);
    clients[0]!.write(Uint8Array.from([...Buffer.from("out"), IAC]));
    await waitFor("the output", () => received().subarray(GREETING.length).equals(Buffer.from([...Buffer.from("out"), IAC, IAC])));
    socket.end();
    await waitFor("the session's end", () => closed === 1);
  });

  it("loses only the client that resets or sends garbage; the others and new ones are served", async () => {
    const typed = new Map<number, string>();
    let sessions = 0;
    const server = await TelnetServer.listen(0, "127.0.0.1", () => {
      const id = sessions++;
      typed.set(id, "");
      return { input: (bytes) => typed.set(id, typed.get(id)! + Buffer.from(bytes).toString("latin1")), closed: () => undefined };
    });
    later(() => server.close());
    const steady = await client(server.port);
    const garbage = await client(server.port);
    garbage.socket.write(Buffer.from([IAC, 250, ...Array.from({ length: 5000 }, (_, index) => index % 256)]));
    const resetting = await client(server.port);
    resetting.socket.resetAndDestroy();
    steady.socket.write("still here\r");
    await waitFor("the steady client's line", () => typed.get(0) === "still here\r");
    const newcomer = await client(server.port);
    newcomer.socket.write("new\r");
    await waitFor("a new client's line", () => typed.get(3) === "new\r");
  });

  it("refuses a port another program holds, saying so", async () => {
    const first = await TelnetServer.listen(0, "127.0.0.1", () => ({ input: () => undefined, closed: () => undefined }));
    later(() => first.close());
    await expect(TelnetServer.listen(first.port, "127.0.0.1", () => ({ input: () => undefined, closed: () => undefined }))).rejects.toThrow(/EADDRINUSE/);
  });
});
