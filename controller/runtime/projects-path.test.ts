import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runControllerUntilExit, startControllerProcess, type ControllerProcess } from "../testing/controller-process";
import { gns3v200Lab } from "../testing/legacy-topologies";

/** `npm start -- --projects-path DIR` (and CONTROLLER_PROJECTS_PATHS): the folders `POST /v2/projects/load` may read besides the data dir's. */
describe("--projects-path", () => {
  const base = mkdtempSync(join(tmpdir(), "gns3-projects-path-"));
  const dataDir = join(base, "data");
  const flagged = join(base, "flagged");
  const fromEnvironment = join(base, "from-env");
  let controller: ControllerProcess;

  function placeProject(folder: string, name: string): string {
    mkdirSync(join(folder, name), { recursive: true });
    const path = join(folder, name, `${name}.gns3`);
    writeFileSync(path, JSON.stringify({ ...gns3v200Lab(name), project_id: crypto.randomUUID() }));
    return path;
  }

  beforeAll(async () => {
    for (const folder of [flagged, fromEnvironment]) mkdirSync(folder, { recursive: true });
    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--no-local-dataplane", "--projects-path", flagged], {
      CONTROLLER_PROJECTS_PATHS: fromEnvironment,
    });
  });
  afterAll(async () => {
    await controller?.stop();
    rmSync(base, { recursive: true, force: true });
  });

  const load = async (path: string) => {
    const response = await fetch(`${controller.url}/v2/projects/load`, { method: "POST", body: JSON.stringify({ path }) });
    return { status: response.status, body: await response.json() };
  };

  it("loads from the data dir's projects folder and the folders given, and names them all when refusing", async () => {
    expect((await load(placeProject(join(dataDir, "projects"), "in-data-dir"))).status).toBe(201);
    expect((await load(placeProject(flagged, "in-flagged"))).body).toMatchObject({ name: "in-flagged", status: "opened" });
    // The flag wins over the variable, as for every flag.
    const unlisted = placeProject(fromEnvironment, "in-env");
    expect(await load(unlisted)).toEqual({
      status: 403,
      body: { message: `Cannot load '${unlisted}': projects are loaded only from ${join(dataDir, "projects")}, ${flagged} (add a folder with --projects-path)`, status: 403 },
    });
  });

  it("refuses to start with a folder that does not exist", () => {
    const missing = join(base, "missing");
    const run = runControllerUntilExit(["--port", "0", "--data-dir", dataDir, "--no-local-dataplane", "--projects-path", missing]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`error: --projects-path: ${missing} is not a folder`);
  });
});
