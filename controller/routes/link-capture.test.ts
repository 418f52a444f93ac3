import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { DesiredHostState, ItemError } from "@shared/proto";
import { ControlClient } from "../../dataplane/control/client";
import type { DataplaneControl } from "../deps";
import { createApp } from "../app";
import { startNodeController } from "../runtime/node";
import { inProcessDeps } from "../testing/in-process-deps";

describe("GET …/pcap", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "gns3-pcap-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /**
   * A link between two VPCS nodes of a new project, capturing since its end A started. No
   * daemon writes here: the test writes the capture file, at `file`.
   */
  async function capturingLink(app: ReturnType<typeof createApp>, projectName: string) {
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await app.request(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: response.status, body: response.status === 204 ? null : ((await response.json()) as any) };
    };
    const { body: project } = await call("POST", "/v2/projects", { name: projectName });
    const base = `/v2/projects/${project.project_id}`;
    const a = (await call("POST", `${base}/nodes`, { name: "A", node_type: "vpcs", compute_id: "local" })).body;
    const b = (await call("POST", `${base}/nodes`, { name: "B", node_type: "vpcs", compute_id: "local" })).body;
    const { body: link } = await call("POST", `${base}/links`, {
      nodes: [a, b].map((node) => ({ node_id: node.node_id, adapter_number: 0, port_number: 0 })),
    });
    await call("POST", `${base}/nodes/${a.node_id}/start`);
    const { body: capturing } = await call("POST", `${base}/links/${link.link_id}/start_capture`, {});
    const folder = join(dataDir, "projects", project.project_id, "project-files", "captures");
    mkdirSync(folder, { recursive: true });
    return { call, linkPath: `${base}/links/${link.link_id}`, file: join(folder, capturing.capture_file_name) };
  }

  it("streams the capture from its start, follows what the dataplane appends, and ends when the capture stops", async () => {
    const app = createApp(inProcessDeps(dataDir));
    const { call, linkPath, file } = await capturingLink(app, "pcap");
    expect((await call("GET", `${linkPath}/pcap`)).body).toEqual({
      message: "The capture file A_0-0_to_B_0-0.pcap has no data yet: no dataplane has written it on compute local",
      status: 409,
    });

    writeFileSync(file, Buffer.from("first-"));
    const response = await app.request(`${linkPath}/pcap`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.tcpdump.pcap");
    const reader = response.body!.getReader();
    const received: string[] = [];
    received.push(Buffer.from((await reader.read()).value!).toString());
    appendFileSync(file, "second-");
    received.push(Buffer.from((await reader.read()).value!).toString());
    appendFileSync(file, "third");
    await call("POST", `${linkPath}/stop_capture`);
    expect(received.join("") + (await textToEnd(reader))).toBe("first-second-third");
  });

  it("ends only once the host applied the stop, with the records it wrote while stopping", async () => {
    // The daemon acknowledges a stopped capture once the records it still held are in the file;
    // here its acknowledgement of the stop comes 300 ms after the stop is saved, three polls later.
    let flushing = Promise.resolve();
    const dataplane: DataplaneControl = {
      apply: async (effect) => {
        await flushing;
        return effect.hostIds.map((hostId) => ({ hostId, outcome: "applied" as const, problems: [] }));
      },
      wake: () => {},
      linkCounters: async () => undefined,
      hostForwarded: async () => undefined,
      captureStream: async () => undefined,
      dismiss: async () => {},
      dockerFacts: async () => undefined,
    };
    const app = createApp({ ...inProcessDeps(dataDir), dataplane });
    const { call, linkPath, file } = await capturingLink(app, "pcap-stop");
    writeFileSync(file, "header-");
    const reader = (await app.request(`${linkPath}/pcap`)).body!.getReader();
    const first = Buffer.from((await reader.read()).value!).toString();

    flushing = new Promise((resolve) => setTimeout(resolve, 300)).then(() => appendFileSync(file, "held-records"));
    expect((await call("POST", `${linkPath}/stop_capture`)).body.capturing).toBe(false);
    expect(first + (await textToEnd(reader))).toBe("header-held-records");
  });
});

/** What a stream reader gives until its stream ends, as text. */
async function textToEnd(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += Buffer.from(value).toString();
  }
}

/** A daemon's reconciler that "captures" by creating each capture file asked for; the test appends the records. */
class FileCapturingReconciler {
  private readonly capturing = new Set<string>();
  constructor(private readonly dataDir: string) {}
  async apply(state: DesiredHostState): Promise<ItemError[]> {
    this.capturing.clear();
    for (const { capture } of state.links) {
      if (!capture?.active) continue;
      const file = join(this.dataDir, capture.relativePath);
      mkdirSync(dirname(file), { recursive: true });
      if (!existsSync(file)) writeFileSync(file, "header-");
      this.capturing.add(capture.relativePath);
    }
    return [];
  }
  isCapturing(relativePath: string): boolean {
    return this.capturing.has(relativePath);
  }
}

/** How many descriptors this process holds on `file`. */
function descriptorsOn(file: string): number {
  return readdirSync("/proc/self/fd").filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  }).length;
}

describe("GET …/pcap of a capture on a host whose disk the controller cannot read", () => {
  it("streams the file from the host's daemon as it grows, ends when the capture stops, stops the daemon reading when the client leaves, and is a 409 once the host is gone", async () => {
    const controllerDir = mkdtempSync(join(tmpdir(), "gns3-pcap-controller-"));
    const daemonDir = mkdtempSync(join(tmpdir(), "gns3-pcap-daemon-"));
    const controller = await startNodeController({ host: "127.0.0.1", port: 0, dataDir: controllerDir, dataplaneToken: "pcap-token" });
    const client = new ControlClient({
      controllerUrl: controller.url,
      hostId: "h2",
      token: "pcap-token",
      tunnelAddress: "127.0.0.1",
      udpPortMin: 20000,
      udpPortMax: 20010,
      dataDir: daemonDir,
      reconciler: new FileCapturingReconciler(daemonDir),
    });
    try {
      const applied = new Promise((resolve) => client.once("applied", resolve));
      await client.start();
      await applied;
      const call = async (method: string, path: string, body?: unknown) => {
        const response = await fetch(`${controller.url}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
        const text = await response.text();
        return { status: response.status, body: text ? JSON.parse(text) : null };
      };
      const { body: project } = await call("POST", "/v2/projects", { name: "remote pcap" });
      const base = `/v2/projects/${project.project_id}`;
      const a = (await call("POST", `${base}/nodes`, { name: "A", node_type: "ethernet_switch", compute_id: "h2" })).body;
      const b = (await call("POST", `${base}/nodes`, { name: "B", node_type: "ethernet_hub", compute_id: "h2" })).body;
      const { body: link } = await call("POST", `${base}/links`, {
        nodes: [a, b].map((node) => ({ node_id: node.node_id, adapter_number: 0, port_number: 0 })),
      });
      const started = await call("POST", `${base}/links/${link.link_id}/start_capture`, {});
      expect(started.status).toBe(201);
      const relativePath = `projects/${project.project_id}/project-files/captures/${started.body.capture_file_name}`;
      expect(existsSync(join(controllerDir, relativePath))).toBe(false);

      const response = await fetch(`${controller.url}${base}/links/${link.link_id}/pcap`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/vnd.tcpdump.pcap");
      const reader = response.body!.getReader();
      let received = "";
      const readUntil = async (text: string) => {
        while (!received.endsWith(text)) {
          const { done, value } = await reader.read();
          if (done) throw new Error(`the stream ended after ${JSON.stringify(received)}`);
          received += Buffer.from(value).toString();
        }
      };
      await readUntil("header-");
      appendFileSync(join(daemonDir, relativePath), "first-");
      await readUntil("first-");
      appendFileSync(join(daemonDir, relativePath), "second");
      expect((await call("POST", `${base}/links/${link.link_id}/stop_capture`)).status).toBe(201);
      expect(received + (await textToEnd(reader))).toBe("header-first-second");

      // Captured again: a client that leaves the stream has the daemon (in this process) close the file.
      expect((await call("POST", `${base}/links/${link.link_id}/start_capture`, {})).status).toBe(201);
      const leaving = new AbortController();
      const again = await fetch(`${controller.url}${base}/links/${link.link_id}/pcap`, { signal: leaving.signal });
      await again.body!.getReader().read();
      expect(descriptorsOn(join(daemonDir, relativePath))).toBe(1);
      leaving.abort();
      const deadline = Date.now() + 5_000;
      while (descriptorsOn(join(daemonDir, relativePath)) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(descriptorsOn(join(daemonDir, relativePath))).toBe(0);

      // The host left: nothing can stream the capture.
      await client.stop();
      expect((await call("GET", `${base}/links/${link.link_id}/pcap`)).body).toEqual({
        message: `The capture file ${started.body.capture_file_name} has no data yet: no dataplane has written it on compute h2`,
        status: 409,
      });
    } finally {
      await client.stop();
      await controller.close();
      rmSync(controllerDir, { recursive: true, force: true });
      rmSync(daemonDir, { recursive: true, force: true });
    }
  }, 30_000);
});
