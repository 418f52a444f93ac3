import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { createApp } from "../app";
import { inProcessDeps } from "../testing/in-process-deps";

const dataDir = mkdtempSync(join(tmpdir(), "gns3-head-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Found by the API fuzzer: each HEAD on a notification stream left a listener and its ping timer behind.
it("answers HEAD on a never-ending stream and leaves nothing subscribed", async () => {
  const deps = inProcessDeps(dataDir);
  const app = createApp(deps);
  const project = (await (await app.request("/v2/projects", { method: "POST", body: JSON.stringify({ name: "head" }) })).json()) as { project_id: string };
  for (const path of ["/v2/notifications", `/v2/projects/${project.project_id}/notifications`, `/v2/compute/projects/${project.project_id}/notifications`]) {
    const response = await app.request(path, { method: "HEAD" });
    expect({ path, status: response.status, body: response.body }).toEqual({ path, status: 200, body: null });
  }
  expect(deps.events.listenerCount()).toBe(0);
});
