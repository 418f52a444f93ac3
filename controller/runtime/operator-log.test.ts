import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { waitFor } from "@shared/testing/cleanups";
import { startControllerProcess, type ControllerProcess } from "../testing/controller-process";

/** The JSON log lines of the server whose `msg` is `msg`. */
function lines(server: ControllerProcess, msg: string): Array<Record<string, unknown>> {
  return server.output.flatMap((line) => {
    try {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      return parsed.msg === msg ? [parsed] : [];
    } catch {
      return [];
    }
  });
}

/** What an operator reads in the server's output: where to go at start-up, then what happens to the labs. */
describe.each([
  { runtime: "Node", script: "start" },
  { runtime: "workerd", script: "start:worker" },
])("the log of $runtime as an operator reads it", ({ script }) => {
  const dataDir = mkdtempSync(join(tmpdir(), "operator-log-"));
  let server: ControllerProcess;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("ends its start-up with one line saying where the dashboard and the API are", async () => {
    server = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--no-local-dataplane"], { CONTROLLER_AUTO_CLOSE_MS: "300", CONTROLLER_NOTIFICATION_PING_MS: "200" }, script, {
      captureOutput: true,
    });
    const line = await waitFor("the human line", () => server.output.find((each) => each.startsWith("Dashboard ")));
    expect(line).toBe(`Dashboard ${server.url}/ · API ${server.url}/v2 · Ctrl-C stops everything`);
  }, 60_000);

  it("says at info when projects open and close (and why), nodes start and stop, and link filters change", async () => {
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.url}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const text = await response.text();
      return text ? JSON.parse(text) : null;
    };
    const project = await api("POST", "/v2/projects", { name: "logged" });
    const base = `/v2/projects/${project.project_id}`;
    const [a, b] = [await api("POST", `${base}/nodes`, { name: "SW1", node_type: "ethernet_switch", compute_id: "local" }), await api("POST", `${base}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" })];
    const link = await api("POST", `${base}/links`, { nodes: [a, b].map((node) => ({ node_id: node.node_id, adapter_number: 0, port_number: 0 })) });
    await api("POST", `${base}/nodes/${b.node_id}/start`);
    await api("POST", `${base}/nodes/${b.node_id}/stop`);
    await api("PUT", `${base}/links/${link.link_id}`, { filters: { delay: [50, 0] } });
    await api("POST", `${base}/close`);
    await api("POST", `${base}/open`);
    // auto_close (300 ms here, 5 s by default) once the last notification client has left.
    const stream = (await fetch(`${server.url}${base}/notifications`)).body!.getReader();
    await stream.read();
    await stream.cancel();

    await waitFor("auto_close to be logged", () => lines(server, "project closed").length >= 2, 10_000);
    expect(lines(server, "node started")).toEqual([expect.objectContaining({ level: "info", name: "PC1", project_id: project.project_id, was: "stopped" })]);
    expect(lines(server, "node stopped")).toEqual([expect.objectContaining({ level: "info", name: "PC1", was: "started" })]);
    expect(lines(server, "link filters changed")).toEqual([expect.objectContaining({ level: "info", link_id: link.link_id, filters: { delay: [50, 0] }, suspend: false })]);
    expect(lines(server, "project opened")).toEqual([expect.objectContaining({ level: "info", name: "logged" })]);
    expect(lines(server, "project closed").map((line) => line.why)).toEqual([
      "a client closed it",
      "auto_close: its last notification client left; set auto_close false to keep it open",
    ]);
  }, 60_000);
});
