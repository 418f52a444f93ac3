import type { IncomingMessage, Server } from "node:http";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";

type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** The part of a Hono app @hono/node-ws asks for the answer to an upgrade request. */
interface UpgradeAnswerer {
  request(input: URL, init: RequestInit, env: { incoming: IncomingMessage }): Response | Promise<Response>;
}

/**
 * @hono/node-ws answers an upgrade the app refused with a bare status line: no
 * `WWW-Authenticate` (so a browser never retries a 401 with its credentials) and none of the
 * `{message, status}` body every other refusal carries. This keeps the app's whole answer for
 * each upgrade request and writes it in place of that bare line.
 *
 * `app` is what to hand createNodeWebSocket; `inject` wraps its injectWebSocket.
 */
export function withFullUpgradeRefusals<App extends UpgradeAnswerer>(app: App) {
  const answers = new WeakMap<IncomingMessage, Response>();
  const recordingApp = new Proxy(app, {
    get(target, property, receiver) {
      if (property !== "request") return Reflect.get(target, property, receiver);
      return async (input: URL, init: RequestInit, env: { incoming: IncomingMessage }) => {
        const answer = await target.request(input, init, env);
        answers.set(env.incoming, answer);
        return answer;
      };
    },
  });
  const inject = (injectWebSocket: (server: Server) => void, server: Server) => {
    const serverForUpgrades = {
      on(event: string, listener: UpgradeListener) {
        if (event !== "upgrade") return server.on(event, listener);
        return server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
          const end = socket.end.bind(socket);
          socket.end = ((chunk?: unknown, ...rest: unknown[]) => {
            socket.end = end;
            const answer = answers.get(request);
            if (answer && typeof chunk === "string" && chunk.startsWith("HTTP/1.1 ")) {
              void writeAnswer(socket, answer);
              return socket;
            }
            return (end as (...args: unknown[]) => Duplex)(chunk, ...rest);
          }) as typeof socket.end;
          listener(request, socket, head);
        });
      },
    };
    injectWebSocket(serverForUpgrades as unknown as Server);
  };
  return { app: recordingApp, inject };
}

async function writeAnswer(socket: Duplex, answer: Response): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  const lines = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ""}`];
  answer.headers.forEach((value, name) => {
    if (name !== "content-length" && name !== "connection" && name !== "transfer-encoding") lines.push(`${name}: ${value}`);
  });
  lines.push(`Content-Length: ${body.length}`, "Connection: close", "", "");
  socket.end(Buffer.concat([Buffer.from(lines.join("\r\n"), "latin1"), body]));
}
