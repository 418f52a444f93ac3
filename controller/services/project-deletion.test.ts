import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { keys } from "../store/keys";
import { inProcessDeps } from "../testing/in-process-deps";

const dataDir = mkdtempSync(join(tmpdir(), "gns3-delete-race-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("deleting a project while its nodes, links and drawings are being created", () => {
  it("leaves no record and no console port behind, and refuses what came too late with 404", async () => {
    const deps = inProcessDeps(dataDir);
    const app = createApp(deps);
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await app.request(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: response.status, body: (response.status === 204 ? null : await response.json()) as any };
    };
    const statuses = new Set<number>();
    for (let round = 0; round < 20; round++) {
      const { body: project } = await call("POST", "/v2/projects", { name: `race-${round}` });
      const base = `/v2/projects/${project.project_id}`;
      const pcs = [await call("POST", `${base}/nodes`, { name: "A", node_type: "vpcs", compute_id: "local" }), await call("POST", `${base}/nodes`, { name: "B", node_type: "vpcs", compute_id: "local" })];
      const creations = [
        ...Array.from({ length: 10 }, (_, i) => call("POST", `${base}/nodes`, { name: `PC${i}`, node_type: "vpcs", compute_id: "local" })),
        ...Array.from({ length: 5 }, () => call("POST", `${base}/drawings`, { svg: "<svg></svg>", x: 1, y: 2 })),
        call("POST", `${base}/links`, { nodes: pcs.map((pc) => ({ node_id: pc.body.node_id, adapter_number: 0, port_number: 0 })) }),
      ];
      // The delete starts after the creations have read the project, before most of them commit.
      const deleted = await new Promise<{ status: number }>((resolve) => setImmediate(() => resolve(call("DELETE", base))));
      expect(deleted.status).toBe(204);
      for (const { status } of await Promise.all(creations)) statuses.add(status);
      expect(await deps.store.list(keys.projectPrefix(project.project_id))).toEqual([]);
      expect((await call("GET", base)).status).toBe(404);
    }
    expect([...statuses].every((status) => status === 201 || status === 404)).toBe(true);
    // Every console port held belongs to a node that exists.
    const nodes = new Set((await deps.store.list<{ node_id: string }>(keys.projectsPrefix())).map((entry) => entry.key.split("/").at(-1)));
    for (const { value } of await deps.store.list<string>(keys.consolePortsPrefix("local"))) expect(nodes.has(value)).toBe(true);
  });
});
