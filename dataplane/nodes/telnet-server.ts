/**
 * A telnet server in front of a console that is not a telnet server itself (a container's TTY,
 * a shell run by `docker exec`), as GNS3's compute serves those. Each client is told the
 * server echoes and suppresses go-ahead and is asked for its window size (NAWS, RFC 1073),
 * which reaches the session as a resize. Telnet commands are taken out of what clients type,
 * Enter (CR LF or CR NUL) reaches the console as CR, and a 0xFF the console writes is doubled.
 * A client that resets or sends garbage ends only its own connection.
 */
import { createServer, type Server, type Socket } from "node:net";
import { DO, DONT, ECHO, IAC, NAWS, SB, SE, SUPPRESS_GO_AHEAD, WILL, WONT } from "./telnet";

const CR = 13;
const LF = 10;
const NUL = 0;

/** What the server says to every client as it connects. */
export const GREETING = Uint8Array.from([IAC, WILL, ECHO, IAC, WILL, SUPPRESS_GO_AHEAD, IAC, DO, NAWS]);

export interface TypedChunk {
  /** What the user typed, telnet commands taken out. */
  readonly data: Uint8Array;
  /** The window size the client last reported in this chunk, if it did. */
  readonly size?: { columns: number; rows: number };
}

type State = "data" | "cr" | "iac" | "option" | "subnegotiation" | "subnegotiation-iac";

/** Reads a client's bytes: text, and the window sizes it reports; commands split across chunks are handled. */
export class TypedDecoder {
  private state: State = "data";
  private subnegotiation: number[] = [];

  push(chunk: Uint8Array): TypedChunk {
    const data: number[] = [];
    let size: { columns: number; rows: number } | undefined;
    for (const byte of chunk) {
      if (this.state === "cr") {
        this.state = "data";
        // CR LF and CR NUL are Enter: the console gets the CR alone.
        if (byte === LF || byte === NUL) continue;
      }
      switch (this.state) {
        case "data":
          if (byte === IAC) this.state = "iac";
          else {
            data.push(byte);
            if (byte === CR) this.state = "cr";
          }
          break;
        case "iac":
          if (byte === IAC) {
            data.push(IAC);
            this.state = "data";
          } else if (byte === DO || byte === DONT || byte === WILL || byte === WONT) this.state = "option";
          else if (byte === SB) {
            this.subnegotiation = [];
            this.state = "subnegotiation";
          } else this.state = "data";
          break;
        case "option":
          this.state = "data";
          break;
        case "subnegotiation":
          if (byte === IAC) this.state = "subnegotiation-iac";
          else if (this.subnegotiation.length < 16) this.subnegotiation.push(byte);
          break;
        case "subnegotiation-iac":
          if (byte === SE) {
            const [option, w1, w2, h1, h2] = this.subnegotiation;
            if (option === NAWS && this.subnegotiation.length === 5) size = { columns: (w1! << 8) | w2!, rows: (h1! << 8) | h2! };
            this.state = "data";
          } else {
            // IAC IAC inside a subnegotiation is a 255 of its data.
            if (byte === IAC && this.subnegotiation.length < 16) this.subnegotiation.push(IAC);
            this.state = "subnegotiation";
          }
          break;
      }
    }
    return { data: Uint8Array.from(data), ...(size ? { size } : {}) };
  }
}

/** The console's bytes as a telnet client must get them: each 0xFF doubled. */
export function escapeForTelnet(bytes: Uint8Array): Uint8Array {
  if (!bytes.includes(IAC)) return bytes;
  const escaped: number[] = [];
  for (const byte of bytes) {
    escaped.push(byte);
    if (byte === IAC) escaped.push(IAC);
  }
  return Uint8Array.from(escaped);
}

/** One connected client, as a session sees it. */
export interface TelnetClient {
  write(bytes: Uint8Array): void;
  close(): void;
}

/** What one client's connection drives: what it types, its window size, its end. */
export interface TelnetSession {
  input(bytes: Uint8Array): void;
  resize?(columns: number, rows: number): void;
  closed(): void;
}

export class TelnetServer {
  private readonly sockets = new Set<Socket>();

  private constructor(private readonly server: Server) {}

  /** Listens on `host:port`; `open` makes each client's session. Rejects when the port cannot be had. */
  static async listen(port: number, host: string, open: (client: TelnetClient) => TelnetSession): Promise<TelnetServer> {
    const server = createServer();
    const telnet = new TelnetServer(server);
    server.on("connection", (socket) => telnet.accept(socket, open));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen({ port, host, exclusive: true }, () => {
        server.off("error", reject);
        resolve();
      });
    });
    return telnet;
  }

  private accept(socket: Socket, open: (client: TelnetClient) => TelnetSession): void {
    this.sockets.add(socket);
    socket.setNoDelay(true);
    const decoder = new TypedDecoder();
    const client: TelnetClient = {
      write: (bytes) => {
        if (!socket.destroyed) socket.write(escapeForTelnet(bytes));
      },
      close: () => socket.end(),
    };
    socket.write(GREETING);
    const session = open(client);
    socket.on("data", (chunk: Buffer) => {
      const { data, size } = decoder.push(chunk);
      if (size) session.resize?.(size.columns, size.rows);
      if (data.length > 0) session.input(data);
    });
    // A reset or a broken pipe is this client's end, nobody else's.
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      this.sockets.delete(socket);
      session.closed();
    });
  }

  /** The port it listens on (the one the system chose for port 0). */
  get port(): number {
    const address = this.server.address();
    return typeof address === "object" && address !== null ? address.port : 0;
  }

  /** Stops listening and ends every client's connection. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
