import { request } from "node:http";
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { describeApi, type ApiClient } from "../testing/api-targets";

/** Telnet: IAC WILL ECHO, IAC WILL SUPPRESS-GO-AHEAD, as VPCS opens its console. */
const NEGOTIATION = Buffer.from([255, 251, 1, 255, 251, 3]);
const BANNER = "\r\nWelcome to the test console\r\n\r\nPC1> ";

/** One connection the console accepted: every byte it received, and its end. */
interface ConsoleConnection {
  received: Buffer;
  ended: Promise<void>;
}

/**
 * A telnet console of the test's own: it opens with option negotiation and a prompt, answers
 * `show ip` with an address line and another prompt, hangs up on `quit`, and keeps every byte
 * each connection sent.
 */
class TestConsole {
  readonly connections: ConsoleConnection[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;

  constructor() {
    this.server = createServer((socket: Socket) => {
      const connection: ConsoleConnection = { received: Buffer.alloc(0), ended: new Promise((resolve) => socket.once("close", () => resolve())) };
      this.connections.push(connection);
      this.sockets.add(socket);
      socket.once("close", () => this.sockets.delete(socket));
      socket.on("error", () => {});
      socket.write(Buffer.concat([NEGOTIATION, Buffer.from(BANNER)]));
      socket.on("data", (chunk: Buffer) => {
        connection.received = Buffer.concat([connection.received, chunk]);
        const text = connection.received.toString("latin1");
        if (text.endsWith("show ip\r")) socket.write("\r\nIP/MASK     : 10.0.0.1/24\r\n\r\nPC1> ");
        if (text.endsWith("quit\r")) socket.end();
      });
    });
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return (this.server.address() as { port: number }).port;
  }

  /** The connection accepted after `count` others (the server may see it after the client does). */
  async connection(count: number): Promise<ConsoleConnection> {
    await expect.poll(() => this.connections.length).toBeGreaterThan(count);
    return this.connections[count]!;
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A WebSocket client that keeps what it receives, frame kinds included. */
/** Opens a WebSocket and waits for it to close: whether it opened first, and the close's code and reason. */
function openedThenClosed(url: string): Promise<{ opened: boolean; code: number; reason: string }> {
  const socket = new WebSocket(url);
  let opened = false;
  socket.once("open", () => (opened = true));
  socket.on("error", () => undefined);
  return new Promise((resolve) => socket.once("close", (code, reason) => resolve({ opened, code, reason: reason.toString() })));
}

class ConsoleClient {
  private bytes = Buffer.alloc(0);
  readonly frameKinds = new Set<"binary" | "text">();
  readonly closed: Promise<number>;
  private waiter: (() => void) | undefined;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data: Buffer, isBinary) => {
      this.frameKinds.add(isBinary ? "binary" : "text");
      this.bytes = Buffer.concat([this.bytes, data]);
      this.waiter?.();
    });
    this.closed = new Promise((resolve) => socket.once("close", (code) => resolve(code)));
  }

  static open(url: string): Promise<ConsoleClient> {
    const socket = new WebSocket(url);
    const client = new ConsoleClient(socket);
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve(client));
      socket.once("error", reject);
    });
  }

  /** Everything received so far, once it contains `text`. */
  async until(text: string, timeoutMs = 5000): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    while (!this.bytes.toString("latin1").includes(text)) {
      if (Date.now() > deadline) throw new Error(`no ${JSON.stringify(text)} in ${JSON.stringify(this.bytes.toString("latin1"))}`);
      await new Promise<void>((resolve) => {
        this.waiter = resolve;
        setTimeout(resolve, 50);
      });
    }
    return this.bytes;
  }
}

/** The status a refused upgrade gets, and its body. */
function refusedUpgrade(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once("open", () => reject(new Error("the upgrade was accepted")));
    socket.once("unexpected-response", (_request, response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.once("error", () => {});
  });
}

/** A handshake the `ws` client would never send, written by hand. */
function refusedUpgradeWith(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const sent = request({
      host: hostname,
      port,
      path: pathname,
      headers: { Connection: "Upgrade", Upgrade: "websocket", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", ...headers },
    });
    sent.on("response", (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.on("upgrade", () => reject(new Error("the upgrade was accepted")));
    sent.on("error", reject);
    sent.end();
  });
}

const UNKNOWN = "00000000-0000-4000-8000-00000000dead";

describeApi("node console WebSocket", (api: ApiClient) => {
  const console = new TestConsole();
  let consolePort: number;
  beforeAll(async () => {
    consolePort = await console.listen();
  });
  afterAll(() => console.close());

  // A console port is one node's on its compute: each test's project goes, and frees it, after it.
  const projects: string[] = [];
  afterEach(async () => {
    for (const projectId of projects.splice(0)) await api.delete(`/v2/projects/${projectId}`);
  });
  const project = async () => {
    const projectId = (await api.post("/v2/projects", { name: `console-${crypto.randomUUID()}` })).body.project_id as string;
    projects.push(projectId);
    return projectId;
  };
  const vpcs = async (projectId: string, port: number, start = true) => {
    const created = await api.post(`/v2/projects/${projectId}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local", console: port });
    expect(created.status).toBe(201);
    if (start) expect((await api.post(`/v2/projects/${projectId}/nodes/${created.body.node_id}/start`)).status).toBe(200);
    return created.body.node_id as string;
  };
  const consolePath = (projectId: string, nodeId: string) => `/v2/projects/${projectId}/nodes/${nodeId}/console/ws`;
  const wsUrl = (path: string) => `${api.baseUrl!.replace(/^http/, "ws")}${path}`;
  // The in-process target has no sockets; app.request cannot upgrade.
  const itWs = (name: string, test: () => Promise<void>) =>
    it(name, async (context) => {
      if (api.baseUrl === undefined) return context.skip();
      await test();
    });

  it("answers 404 for an unknown project or node, as GNS3", async () => {
    const unknownProject = await api.get(consolePath(UNKNOWN, UNKNOWN));
    expect(unknownProject.status).toBe(404);
    expect(unknownProject.body).toEqual({ message: `Project ID ${UNKNOWN} doesn't exist`, status: 404 });
    const unknownNode = await api.get(consolePath(await project(), UNKNOWN));
    expect(unknownNode.body).toEqual({ message: `Node ID ${UNKNOWN} doesn't exist`, status: 404 });
  });

  it("answers 409 for a node that is not started, or has no telnet console, in GNS3's words", async () => {
    const projectId = await project();
    const stopped = await api.get(consolePath(projectId, await vpcs(projectId, consolePort, false)));
    expect(stopped.status).toBe(409);
    expect(stopped.body).toEqual({ message: "Node PC1 is not started", status: 409 });
    const hub = await api.post(`/v2/projects/${projectId}/nodes`, { name: "Hub1", node_type: "ethernet_hub", compute_id: "local" });
    const noConsole = await api.get(consolePath(projectId, hub.body.node_id));
    expect(noConsole.body).toEqual({ message: "Node Hub1 console type is not telnet", status: 409 });
  });

  it("answers a plain GET for a running console with a 400 that says to upgrade", async () => {
    const projectId = await project();
    const path = consolePath(projectId, await vpcs(projectId, consolePort));
    const reply = await api.get(path);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: `${path} is a WebSocket endpoint: send a WebSocket upgrade request`, status: 400 });
  });

  itWs("carries the console's bytes to the client as binary frames, and the client's text and binary frames to the console", async () => {
    const projectId = await project();
    const before = console.connections.length;
    const client = await ConsoleClient.open(wsUrl(consolePath(projectId, await vpcs(projectId, consolePort))));
    const connection = await console.connection(before);
    const opening = await client.until("PC1> ");
    expect(opening.subarray(0, NEGOTIATION.length)).toEqual(NEGOTIATION);
    expect(opening.subarray(NEGOTIATION.length).toString()).toBe(BANNER);
    client.socket.send("show ip\r");
    expect((await client.until("10.0.0.1/24")).toString("latin1")).toContain("IP/MASK     : 10.0.0.1/24");
    // A terminal answering the negotiation sends raw telnet bytes, which are not UTF-8.
    client.socket.send(Buffer.from([255, 253, 1, 255, 253, 3]));
    client.socket.send(Buffer.from("é\r", "utf8"));
    const sent = Buffer.concat([Buffer.from("show ip\r"), Buffer.from([255, 253, 1, 255, 253, 3]), Buffer.from("é\r", "utf8")]);
    await expect.poll(() => connection.received).toEqual(sent);
    expect([...client.frameKinds]).toEqual(["binary"]);
    client.socket.close();
    await connection.ended;
  });

  itWs("closes the WebSocket when the console hangs up", async () => {
    const projectId = await project();
    const client = await ConsoleClient.open(wsUrl(consolePath(projectId, await vpcs(projectId, consolePort))));
    await client.until("PC1> ");
    client.socket.send("quit\r");
    expect(await client.closed).toBe(1000);
  });

  itWs("refuses the upgrade of an unknown node with 404, and closes a console that cannot be had with 1000 and why, as GNS3", async () => {
    const projectId = await project();
    expect((await refusedUpgrade(wsUrl(consolePath(projectId, UNKNOWN)))).status).toBe(404);
    const silent = createServer();
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const closedPort = (silent.address() as { port: number }).port;
    await new Promise((resolve) => silent.close(resolve));
    const nothingThere = await openedThenClosed(wsUrl(consolePath(projectId, await vpcs(projectId, closedPort))));
    expect(nothingThere.opened).toBe(true);
    expect(nothingThere.code).toBe(1000);
    expect(nothingThere.reason).toMatch(/^Cannot connect to node PC1 telnet server: /);
    const stopped = await openedThenClosed(wsUrl(consolePath(projectId, await vpcs(projectId, consolePort, false))));
    expect(stopped).toEqual({ opened: true, code: 1000, reason: "Node PC2 is not started" });
  });

  itWs("refuses a handshake that cannot succeed with a 400, before it takes the console from anyone", async () => {
    const projectId = await project();
    const nodeId = await vpcs(projectId, consolePort);
    const before = console.connections.length;
    const refused = await refusedUpgradeWith(wsUrl(consolePath(projectId, nodeId)), { "Sec-WebSocket-Version": "12" });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toEqual({ message: 'WebSocket handshake refused: Sec-WebSocket-Version "12" is not supported: WebSocket clients send 13', status: 400 });
    expect(console.connections.length).toBe(before);
  });
}, { workerd: true });
