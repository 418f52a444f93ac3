import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { inProcessDeps } from "../testing/in-process-deps";

describe("GET …/pcap", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "gns3-pcap-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("streams the capture from its start, follows what the dataplane appends, and ends when the capture stops", async () => {
    const app = createApp(inProcessDeps(dataDir));
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await app.request(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: response.status, body: response.status === 204 ? null : ((await response.json()) as any) };
    };
    const { body: project } = await call("POST", "/v2/projects", { name: "pcap" });
    const base = `/v2/projects/${project.project_id}`;
    const a = (await call("POST", `${base}/nodes`, { name: "A", node_type: "vpcs", compute_id: "local" })).body;
    const b = (await call("POST", `${base}/nodes`, { name: "B", node_type: "vpcs", compute_id: "local" })).body;
    const { body: link } = await call("POST", `${base}/links`, {
      nodes: [a, b].map((node) => ({ node_id: node.node_id, adapter_number: 0, port_number: 0 })),
    });
    await call("POST", `${base}/nodes/${a.node_id}/start`);
    const { body: capturing } = await call("POST", `${base}/links/${link.link_id}/start_capture`, {});
    expect((await call("GET", `${base}/links/${link.link_id}/pcap`)).body).toEqual({
      message: "The capture file A_0-0_to_B_0-0.pcap has no data yet: no dataplane has written it on compute local",
      status: 409,
    });

    const folder = join(dataDir, "projects", project.project_id, "project-files", "captures");
    mkdirSync(folder, { recursive: true });
    const file = join(folder, capturing.capture_file_name);
    writeFileSync(file, Buffer.from("first-"));
    const response = await app.request(`${base}/links/${link.link_id}/pcap`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.tcpdump.pcap");
    const reader = response.body!.getReader();
    const received: string[] = [];
    received.push(Buffer.from((await reader.read()).value!).toString());
    appendFileSync(file, "second-");
    received.push(Buffer.from((await reader.read()).value!).toString());
    appendFileSync(file, "third");
    await call("POST", `${base}/links/${link.link_id}/stop_capture`);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received.push(Buffer.from(value).toString());
    }
    expect(received.join("")).toBe("first-second-third");
  });
});
