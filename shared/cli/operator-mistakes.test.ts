import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startNodeController } from "../../controller/runtime/node";
import { cleanupAfterEach } from "../testing/cleanups";
import { EXIT_REFUSED } from "./operator-error";

const ROOT = join(import.meta.dirname, "../..");

/** One of the three commands run to its end, as an operator runs it. */
function run(entry: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [join(ROOT, "scripts/run-bundled.mjs"), entry, "--", ...args], { cwd: ROOT, timeout: 60_000 }, (_error, stdout, stderr) =>
      resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

/** What an operator must see: one line saying what to change, no stack trace, and the exit code. */
function expectOneLine(result: { code: number | null; stderr: string }, code: number, line: RegExp): void {
  const lines = result.stderr.trimEnd().split("\n");
  expect(lines.at(-1)).toMatch(line);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.stderr).not.toContain("Unhandled");
  expect(result.code).toBe(code);
}

async function listening(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as { port: number }).port;
}

/** The start time /proc gives this process, as a data dir lock names its holder. */
function ownStartTime(): string {
  const stat = readFileSync(`/proc/${process.pid}/stat`, "latin1");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]!;
}

describe("operator mistakes are one line and an exit, not a stack trace", () => {
  const { later, tempDir } = cleanupAfterEach();

  const taken = async () => {
    const holder = createServer();
    const port = await listening(holder);
    later(() => new Promise((resolve) => holder.close(resolve)));
    return port;
  };

  it("npm start on a port another program holds", async () => {
    const port = await taken();
    const result = await run("controller/runtime/cli.ts", ["--port", String(port), "--data-dir", tempDir("mistake-"), "--no-local-dataplane"]);
    expectOneLine(result, 1, new RegExp(`^error: port ${port} on 127\\.0\\.0\\.1 is already in use, perhaps by another server: stop it, or give --port another one`));
  });

  it("npm run start:worker on a port another program holds", async () => {
    const port = await taken();
    const result = await run("controller/runtime/worker-cli.ts", ["--port", String(port), "--data-dir", tempDir("mistake-"), "--no-local-dataplane"]);
    expectOneLine(result, 1, new RegExp(`^error: port ${port} on 127\\.0\\.0\\.1 is already in use`));
  });

  it("npm start on an address this machine does not have", async () => {
    const result = await run("controller/runtime/cli.ts", ["--host", "192.0.2.1", "--allow-unauthenticated", "--port", "0", "--data-dir", tempDir("mistake-"), "--no-local-dataplane"]);
    expectOneLine(result, 1, /^error: 192\.0\.2\.1 is not an address of this machine: give --host one it has/);
  });

  it("npm start on a data dir another live server holds", async () => {
    const dataDir = tempDir("mistake-");
    // A lock naming this test's own process: alive, and not the server's.
    writeFileSync(join(dataDir, "controller.lock"), JSON.stringify({ pid: process.pid, started: ownStartTime() }));
    const result = await run("controller/runtime/cli.ts", ["--port", "0", "--data-dir", dataDir, "--no-local-dataplane"]);
    expectOneLine(result, 1, new RegExp(`^error: the data dir ${dataDir} is in use by another controller \\(pid ${process.pid}\\): stop it, or give this one another --data-dir$`));
  });

  it("npm start on a data dir a file is in the way of", async () => {
    const parent = tempDir("mistake-");
    writeFileSync(join(parent, "file"), "");
    const result = await run("controller/runtime/cli.ts", ["--port", "0", "--data-dir", join(parent, "file", "data"), "--no-local-dataplane"]);
    expectOneLine(result, 1, /^error: cannot create the data dir .*: a file is in the way of the folder$/);
  });

  it("npm start takes over the lock of a server that was killed", async () => {
    const dataDir = tempDir("mistake-");
    mkdirSync(dataDir, { recursive: true });
    // A pid no process has (above the kernel's pid_max would be refused by kill(0) the same way).
    writeFileSync(join(dataDir, "controller.lock"), JSON.stringify({ pid: 4_194_000, started: "1" }));
    const controller = await startNodeController({ host: "127.0.0.1", port: 0, dataDir });
    later(() => controller.close());
    expect((await fetch(`${controller.url}/v2/version`)).status).toBe(200);
    expect(JSON.parse(readFileSync(join(dataDir, "controller.lock"), "utf8")).pid).toBe(process.pid);
  });

  it("a daemon whose --controller answers the channel as no controller does", async () => {
    const server = createHttpServer((_request, response) => response.writeHead(404).end("not here"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    later(() => new Promise((resolve) => server.close(resolve)));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const result = await run("dataplane/cli.ts", ["--controller", url, "--token", "t", "--data-dir", tempDir("mistake-"), "--udp-ports", "41000-41010"]);
    expectOneLine(result, 1, new RegExp(`^error: ${url} answered HTTP 404 on /v2/dataplane/ws, not a WebSocket: it is not a controller's address, check --controller$`));
  });

  it("a daemon with a wrong token: refused for good, exit 78 so no supervisor restarts it", async () => {
    const controller = await startNodeController({ host: "127.0.0.1", port: 0, dataDir: tempDir("mistake-"), dataplaneToken: "right" });
    later(() => controller.close());
    const result = await run("dataplane/cli.ts", ["--controller", controller.url, "--token", "wrong", "--data-dir", tempDir("mistake-"), "--udp-ports", "41000-41010"]);
    expectOneLine(result, EXIT_REFUSED, /^error: the controller refused this daemon: wrong dataplane token$/);
  });

  it("a second daemon on a data dir a live daemon holds", async () => {
    const dataDir = tempDir("mistake-");
    writeFileSync(join(dataDir, "dataplane.lock"), JSON.stringify({ pid: process.pid, started: ownStartTime() }));
    const result = await run("dataplane/cli.ts", ["--controller", "http://127.0.0.1:9", "--token", "t", "--data-dir", dataDir, "--udp-ports", "41000-41010"]);
    expectOneLine(result, 1, new RegExp(`^error: the data dir ${dataDir} is in use by another dataplane daemon \\(pid ${process.pid}\\)`));
  });
});
