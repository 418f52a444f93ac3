/**
 * The Docker Engine of the tests: the one DOCKER_HOST names (CI starts a private one that
 * leaves the host's network alone, .ci/run), and a small image of ours on it, made from
 * Debian's static busybox, since no registry is reachable to pull from.
 */
import { execFileSync } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DockerEngine } from "./engine";

export const TEST_IMAGE = "gns3-test/busybox:latest";

/** Why the tests cannot use an engine here, or null when they can. CI must have one: there this is never a reason to skip. */
export async function dockerUnavailable(): Promise<string | null> {
  try {
    await new DockerEngine().version();
    return null;
  } catch (error) {
    return `no Docker Engine at ${process.env.DOCKER_HOST || "unix:///var/run/docker.sock"}: ${(error as Error).message}`;
  }
}

/** Imports TEST_IMAGE (busybox and its applets in /bin) unless the engine has it. */
export async function ensureTestImage(): Promise<void> {
  if ((await new DockerEngine().images()).includes(TEST_IMAGE)) return;
  const root = mkdtempSync(join(tmpdir(), "busybox-root-"));
  try {
    mkdirSync(join(root, "bin"));
    for (const folder of ["etc", "tmp", "proc", "sys", "dev", "root"]) mkdirSync(join(root, folder));
    copyFileSync("/bin/busybox", join(root, "bin", "busybox"));
    const applets = execFileSync("/bin/busybox", ["--list"], { encoding: "utf8" }).split("\n").filter((name) => name && name !== "busybox");
    for (const applet of applets) symlinkSync("busybox", join(root, "bin", applet));
    execFileSync("sh", ["-c", `tar -C '${root}' -c . | docker import --change 'CMD ["/bin/sh"]' - ${TEST_IMAGE}`], { stdio: ["ignore", "ignore", "pipe"] });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * A stand-in engine answering `handle` on a Unix socket of its own (for the client's unit
 * tests); its DOCKER_HOST and the requests it was asked, in order.
 */
export async function standInEngine(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
  cleanups: { later(step: () => unknown): void; tempDir(prefix: string): string },
): Promise<{ dockerHost: string; asked: string[] }> {
  const socketPath = join(cleanups.tempDir("engine-"), "docker.sock");
  const asked: string[] = [];
  const server = createServer((request, response) => {
    asked.push(`${request.method} ${request.url}`);
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  cleanups.later(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { dockerHost: `unix://${socketPath}`, asked };
}

export function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}
