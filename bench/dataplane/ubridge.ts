/**
 * GNS3's own forwarder as the bench's second reference: a ubridge the user built from GNS3's
 * source, named by `UBRIDGE=/path/to/ubridge` (never part of the project or of CI). It runs as
 * GNS3 runs it, as a hypervisor on a local TCP port, one bridge of two UDP NIOs per link, every
 * bridge of a run in one process (as one ubridge serves every link of a GNS3 node).
 */
import { spawn } from "node:child_process";
import { createConnection, type Socket } from "node:net";
import { createInterface } from "node:readline";
import { freePort, type ForwarderProcess } from "./tools";

/** One bridge's two UDP NIOs: frames from `peerA` arriving on `portA` leave `portB` to `peerB`, and back. */
export interface UbridgeBridge {
  readonly portA: number;
  readonly peerA: number;
  readonly portB: number;
  readonly peerB: number;
}

export function ubridgeBinary(): string | null {
  return process.env.UBRIDGE || null;
}

/** Sends one hypervisor command; resolves on its final reply line (code 100), rejects on an error (codes from 200). */
function command(connection: Socket, lines: AsyncIterator<string>, text: string): Promise<void> {
  connection.write(`${text}\n`);
  return (async () => {
    for (;;) {
      const next = await lines.next();
      if (next.done) throw new Error(`ubridge closed the hypervisor connection after "${text}"`);
      const reply = next.value;
      // 101 lines are information that more lines follow.
      if (reply.startsWith("101")) continue;
      if (!reply.startsWith("100")) throw new Error(`ubridge refused "${text}": ${reply}`);
      return;
    }
  })();
}

/** Starts ubridge with these bridges, each started; stop() ends the process. */
export async function startUbridge(binary: string, bridges: readonly UbridgeBridge[]): Promise<ForwarderProcess> {
  const port = await freePort();
  const child = spawn(binary, ["-H", `127.0.0.1:${port}`], { stdio: ["ignore", "ignore", "inherit"] });
  let connection: Socket | null = null;
  for (let attempt = 0; attempt < 100 && connection === null; attempt++) {
    connection = await new Promise<Socket | null>((done) => {
      const socket = createConnection({ host: "127.0.0.1", port }, () => done(socket));
      socket.once("error", () => setTimeout(() => done(null), 20));
    });
  }
  if (connection === null) {
    child.kill("SIGKILL");
    throw new Error(`ubridge (${binary}) did not listen on 127.0.0.1:${port}`);
  }
  const lines = createInterface({ input: connection })[Symbol.asyncIterator]();
  for (const [index, bridge] of bridges.entries()) {
    const name = `bench${index}`;
    await command(connection, lines, `bridge create ${name}`);
    await command(connection, lines, `bridge add_nio_udp ${name} ${bridge.portA} 127.0.0.1 ${bridge.peerA}`);
    await command(connection, lines, `bridge add_nio_udp ${name} ${bridge.portB} 127.0.0.1 ${bridge.peerB}`);
    await command(connection, lines, `bridge start ${name}`);
  }
  return {
    pid: child.pid!,
    async stop() {
      connection.destroy();
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once("exit", done));
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}
