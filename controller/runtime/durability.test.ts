import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startControllerProcess } from "../testing/api-targets";

const dataDir = mkdtempSync(join(tmpdir(), "gns3-durable-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function call(url: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

describe("the Node controller after kill -9", () => {
  it("still has every change it answered 2xx to, and keeps enforcing port claims", async () => {
    const first = await startControllerProcess(["--port", "0", "--data-dir", dataDir]);
    const { body: project } = await call(first.url, "POST", "/v2/projects", { name: "durable" });
    const base = `/v2/projects/${project.project_id}`;
    const { body: a } = await call(first.url, "POST", `${base}/nodes`, { name: "A", node_type: "vpcs", compute_id: "local" });
    const { body: b } = await call(first.url, "POST", `${base}/nodes`, { name: "B", node_type: "vpcs", compute_id: "local" });
    const link = await call(first.url, "POST", `${base}/links`, {
      nodes: [{ node_id: a.node_id, adapter_number: 0, port_number: 0 }, { node_id: b.node_id, adapter_number: 0, port_number: 0 }],
      filters: { packet_loss: [10], delay: [50, 5] },
    });
    expect(link.status).toBe(201);
    expect((await call(first.url, "PUT", `${base}/links/${link.body.link_id}`, { suspend: true })).status).toBe(201);
    const writes = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call(first.url, "POST", `${base}/drawings`, { x: i, svg: `<svg>${i}</svg>` })),
    );
    expect(writes.every((write) => write.status === 201)).toBe(true);
    await first.stop("SIGKILL");

    const second = await startControllerProcess(["--port", "0", "--data-dir", dataDir]);
    try {
      expect((await call(second.url, "GET", base)).body).toEqual(project);
      const nodes = (await call(second.url, "GET", `${base}/nodes`)).body;
      expect(nodes.map((node: { name: string }) => node.name).sort()).toEqual(["A", "B"]);
      const links = (await call(second.url, "GET", `${base}/links`)).body;
      expect(links).toEqual([{ ...link.body, suspend: true }]);
      expect(Object.keys(links[0].filters)).toEqual(["delay", "packet_loss"]);
      const drawings = (await call(second.url, "GET", `${base}/drawings`)).body;
      expect(drawings.map((d: { drawing_id: string }) => d.drawing_id).sort()).toEqual(writes.map((w) => w.body.drawing_id).sort());
      const taken = await call(second.url, "POST", `${base}/links`, {
        nodes: [{ node_id: b.node_id, adapter_number: 0, port_number: 0 }, { node_id: a.node_id, adapter_number: 0, port_number: 0 }],
      });
      expect(taken.body).toEqual({ message: "Port is already used", status: 409 });
    } finally {
      await second.stop();
    }
  });
});
