import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startControllerProcess } from "../../controller/testing/controller-process";
import { commandLine, workingDirectory } from "../nodes/processes";
import { apiAt } from "./cloud-lab";
import { endLeftoverVpcs } from "./daemon-process";

const VPCS_TEMPLATE = "19021f99-e36f-394d-b4a1-8aaa902ab9cc";

/** VPCS processes working in a folder of `dataDir`: those the server's local daemon started. */
function vpcsProcessesUnder(dataDir: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => (commandLine(pid)?.[0] ?? "").endsWith("vpcs") && (workingDirectory(pid)?.startsWith(dataDir) ?? false));
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("POST /v2/shutdown on `npm start`", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-shutdown-"));
  afterAll(async () => {
    await endLeftoverVpcs(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stops the started VPCS nodes and the local daemon, then the server, and leaves the projects closed", async () => {
    const controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir]);
    const exited = new Promise<number | null>((resolve) => controller.child.once("exit", (code) => resolve(code)));
    const api = apiAt(controller.url);
    try {
      const { body: project } = await api("POST", "/v2/projects", { name: "shutdown" });
      const { body: pc } = await api("POST", `/v2/projects/${project.project_id}/templates/${VPCS_TEMPLATE}`, { x: 0, y: 0 });
      expect((await api("POST", `/v2/projects/${project.project_id}/nodes/${pc.node_id}/start`)).status).toBe(200);
      await until("the VPCS process did not start", () => (vpcsProcessesUnder(dataDir).length > 0 ? true : undefined));

      const shutdown = await api("POST", "/v2/shutdown");
      expect([shutdown.status, shutdown.body]).toEqual([201, null]);
      expect(await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve("still running"), 20_000))])).toBe(0);
      expect(vpcsProcessesUnder(dataDir)).toEqual([]);
    } finally {
      await controller.stop();
    }

    const again = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--no-local-dataplane"]);
    try {
      const projects = (await (await fetch(`${again.url}/v2/projects`)).json()) as Array<{ status: string }>;
      expect(projects.map((project) => project.status)).toEqual(["closed"]);
    } finally {
      await again.stop();
    }
  }, 90_000);
});
