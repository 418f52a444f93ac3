import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@shared/testing/cleanups";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { BUSY_PORTS_POLL_MS } from "../control/host-facts";
import { vpcsAvailable } from "../nodes/vpcs";
import { apiAt } from "./cloud-lab";
import { freeConsolePorts } from "./console-ports";

/**
 * Another program on the host (a second server, say) listening on console ports: `npm start`'s
 * daemon reports them, a new node is not given one, a stopped node whose allocated port was
 * taken meanwhile moves to a free one as it starts (and its console answers there), and a node
 * whose port the client chose keeps it, and its start says the port is taken.
 */
describe.runIf(await vpcsAvailable())("console ports another program holds", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-busy-consoles-"));
  let controller: ControllerProcess;
  const api = apiAt(() => controller.url);
  const squatters: Server[] = [];
  let projectId: string;

  const squat = async (port: number) => {
    const server = createServer((socket) => socket.end("not a console\r\n"));
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "0.0.0.0", resolve));
    squatters.push(server);
  };
  const reportedBusy = (port: number) =>
    waitFor(`the daemon to report port ${port} busy`, async () => ((await api("GET", "/v2/computes/local/ports")).body.console_ports as number[]).includes(port), 10_000);
  /** For a port a node claims, which the ports listed include anyway: three of the daemon's polls. */
  const reportedOwnPortBusy = () => new Promise((resolve) => setTimeout(resolve, 3 * BUSY_PORTS_POLL_MS));

  beforeAll(async () => {
    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir]);
    await waitFor("the local host connected", async () => (await api("GET", "/v2/computes/local")).body?.dataplane?.connected === true, 30_000);
    projectId = (await api("POST", "/v2/projects", { name: "busy-consoles", auto_close: false })).body.project_id;
  }, 60_000);
  afterAll(async () => {
    await api("POST", `/v2/projects/${projectId}/nodes/stop`).catch(() => undefined);
    await controller?.stop();
    await Promise.all(squatters.map((server) => new Promise((resolve) => server.close(resolve))));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("gives a new node no port another program listens on", async () => {
    const free = (await api("POST", `/v2/projects/${projectId}/nodes`, { name: "Probe", node_type: "vpcs", compute_id: "local" })).body.console as number;
    await api("DELETE", `/v2/projects/${projectId}/nodes/${(await api("GET", `/v2/projects/${projectId}/nodes`)).body[0].node_id}`);
    // The port the next node would get, taken by another program.
    await squat(free);
    await reportedBusy(free);
    const pc = (await api("POST", `/v2/projects/${projectId}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" })).body;
    expect(pc.console).not.toBe(free);
  }, 30_000);

  it("moves a stopped node off a port taken since, as it starts, and its console answers there", async () => {
    const pc = (await api("POST", `/v2/projects/${projectId}/nodes`, { name: "PC2", node_type: "vpcs", compute_id: "local" })).body;
    const taken = pc.console as number;
    await squat(taken);
    await reportedOwnPortBusy();
    const started = await api("POST", `/v2/projects/${projectId}/nodes/${pc.node_id}/start`);
    expect(started.status).toBe(200);
    expect(started.body.status).toBe("started");
    expect(started.body.console).not.toBe(taken);
    const banner = await new Promise<string>((resolve, reject) => {
      const socket = connect(started.body.console, "127.0.0.1");
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString("latin1");
        if (text.includes("PC2")) socket.destroy(), resolve(text);
      });
      socket.on("error", reject);
      setTimeout(() => (socket.destroy(), resolve(text)), 5000);
      socket.write("\r\n");
    });
    expect(banner).toContain("PC2");
  }, 30_000);

  it("keeps a port the client chose, and the start says it is taken", async () => {
    const [chosen] = await freeConsolePorts(1);
    const pc = (await api("POST", `/v2/projects/${projectId}/nodes`, { name: "PC3", node_type: "vpcs", compute_id: "local", console: chosen })).body;
    expect(pc.console).toBe(chosen);
    await squat(chosen!);
    await reportedOwnPortBusy();
    const started = await api("POST", `/v2/projects/${projectId}/nodes/${pc.node_id}/start`);
    expect(started.status).toBe(409);
    expect(started.body.message).toContain(`console port ${chosen} is already in use on this host`);
    expect((await api("GET", `/v2/projects/${projectId}/nodes/${pc.node_id}`)).body.console).toBe(chosen);
  }, 30_000);
});
