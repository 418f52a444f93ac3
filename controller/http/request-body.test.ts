import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllerProcess, type ControllerProcess } from "../testing/controller-process";
import { ApiError } from "./api-error";
import { bodyText, readBodyFrom } from "./request-body";

const tooLarge = () => new ApiError(413, "too large");
const encoded = (text: string) => new TextEncoder().encode(text);

async function* chunks(...parts: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield part;
}

async function* failingAfter(part: Uint8Array): AsyncGenerator<Uint8Array> {
  yield part;
  throw new Error("aborted");
}

const statusOf = (promise: Promise<unknown>) => promise.then(
  () => 0,
  (error: unknown) => (error instanceof ApiError ? error.status : -1),
);

describe("bodyText", () => {
  it("reads the runtime's stream whole, decoding a character split between chunks", async () => {
    const request = new Request("http://controller/v2/projects", { method: "POST", body: "never read" });
    const bytes = encoded('{"name":"café"}');
    readBodyFrom(request, chunks(bytes.subarray(0, 13), bytes.subarray(13)));
    expect(await bodyText(request, 1024, tooLarge)).toBe('{"name":"café"}');
    expect(request.bodyUsed).toBe(false);
    await expect(bodyText(request, 1024, tooLarge)).rejects.toThrow("already read");
  });

  it("answers 413 past the limit and 408 when the stream fails before its end", async () => {
    const big = new Request("http://controller/", { method: "POST" });
    readBodyFrom(big, chunks(new Uint8Array(600), new Uint8Array(600)));
    expect(await statusOf(bodyText(big, 1000, tooLarge))).toBe(413);
    const cut = new Request("http://controller/", { method: "POST" });
    readBodyFrom(cut, failingAfter(encoded('{"na')));
    expect(await statusOf(bodyText(cut, 1000, tooLarge))).toBe(408);
  });

  it("reads the Request's own body where the runtime handed over no stream (Workers)", async () => {
    const request = new Request("http://controller/", { method: "POST", body: '{"x":1}' });
    expect(await bodyText(request, 1024, tooLarge)).toBe('{"x":1}');
    await expect(bodyText(request, 1024, tooLarge)).rejects.toThrow("already read");
    const big = new Request("http://controller/", { method: "POST", body: "x".repeat(2000) });
    expect(await statusOf(bodyText(big, 1000, tooLarge))).toBe(413);
  });
});

/** JSON bodies as the Node server reads them, straight from the socket, on a real connection. */
describe("JSON bodies on the Node server", () => {
  let dataDir: string;
  let server: ControllerProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "request-bodies-"));
    server = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--no-local-dataplane"]);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Sends `parts` on one raw connection, a pause between each, and gives what came back once the server closed it or `waitMs` passed. */
  async function raw(parts: Array<string | Buffer>, waitMs = 3000): Promise<string> {
    const { port } = new URL(server.url);
    const socket = connect(Number(port), "127.0.0.1");
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("utf8")));
    socket.on("error", () => {});
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    for (const part of parts) {
      if (socket.destroyed) break;
      socket.write(part);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, waitMs))]);
    socket.destroy();
    return received;
  }

  const chunk = (text: string | Buffer) => {
    const bytes = typeof text === "string" ? Buffer.from(text) : text;
    return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")]);
  };

  it("takes a body sent in chunks, a character split between two", async () => {
    const body = Buffer.from(JSON.stringify({ name: "chunked café" }));
    const split = body.indexOf(Buffer.from("é")) + 1;
    const answer = await raw(
      ["POST /v2/projects HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n", chunk(body.subarray(0, split)), chunk(body.subarray(split)), "0\r\n\r\n"],
    );
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer).toContain('"name":"chunked café"');
  });

  it("answers 413 to a chunked body past 1 MiB, on a connection it then closes, and goes on serving", async () => {
    const answer = await raw([
      "POST /v2/projects HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
      ...Array.from({ length: 5 }, () => chunk(Buffer.alloc(300 * 1024, 0x20))),
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(answer).toContain('"status":413');
    expect((await fetch(`${server.url}/v2/version`)).status).toBe(200);
  });

  it("costs a client that leaves mid-body only its own connection", async () => {
    await raw(["POST /v2/projects HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n", '{"name":"gone'], 300);
    const answer = await fetch(`${server.url}/v2/projects`, { method: "POST", body: JSON.stringify({ name: "after a client left" }) });
    expect(answer.status).toBe(201);
    const projects = (await (await fetch(`${server.url}/v2/projects`)).json()) as Array<{ name: string }>;
    expect(projects.map((project) => project.name).sort()).toEqual(["after a client left", "chunked café"]);
  });
});
