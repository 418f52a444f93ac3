import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@shared/testing/cleanups";
import { CONSOLE_PORT_RANGE } from "@shared/schemas/compute";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { vpcsAvailable } from "../nodes/vpcs";
import { apiAt } from "./cloud-lab";
import { freeConsolePorts } from "./console-ports";
import { followNotifications, until } from "./notifications";

/** A fresh server's first node gets the lowest port of the range. */
const FIRST_CONSOLE_PORT = CONSOLE_PORT_RANGE.first;

/**
 * Another program on the host (a second server, say) listening on console ports: `npm start`'s
 * daemon reports them, a new node is not given one, and a node whose port was taken (before the
 * server started, between two of the daemon's reports, or a port the client chose) moves to a
 * free one as it starts: the start answers once the node runs there, and its console answers.
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
  /** A port something listens on on every address: this test's squatter, or whatever already held it. */
  const squatUnlessHeld = (port: number) => squat(port).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE") throw error;
  });
  const consoleBanner = (port: number, name: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString("latin1");
        if (text.includes(name)) socket.destroy(), resolve(text);
      });
      socket.on("error", reject);
      setTimeout(() => (socket.destroy(), resolve(text)), 5000);
      socket.write("\r\n");
    });
  const reportedBusy = (port: number) =>
    waitFor(`the daemon to report port ${port} busy`, async () => ((await api("GET", "/v2/computes/local/ports")).body.console_ports as number[]).includes(port), 10_000);

  beforeAll(async () => {
    // The port a fresh server's first node gets, held before the server starts: its daemon has
    // reported nothing yet when the first node is made.
    await squatUnlessHeld(FIRST_CONSOLE_PORT);
    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir]);
    projectId = (await api("POST", "/v2/projects", { name: "busy-consoles", auto_close: false })).body.project_id;
  }, 60_000);
  afterAll(async () => {
    await api("POST", `/v2/projects/${projectId}/nodes/stop`).catch(() => undefined);
    await controller?.stop();
    await Promise.all(squatters.map((server) => new Promise((resolve) => server.close(resolve))));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("starts a node made as the server starts on a port another program held before, on a free one", async () => {
    const pc = (await api("POST", `/v2/projects/${projectId}/nodes`, { name: "PC0", node_type: "vpcs", compute_id: "local" })).body;
    const started = await api("POST", `/v2/projects/${projectId}/nodes/${pc.node_id}/start`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.console).not.toBe(FIRST_CONSOLE_PORT);
    expect(await consoleBanner(started.body.console, "PC0")).toContain("PC0");
    await api("POST", `/v2/projects/${projectId}/nodes/${pc.node_id}/stop`);
  }, 60_000);

  it("gives a new node no port another program listens on", async () => {
    await waitFor("the local host connected", async () => (await api("GET", "/v2/computes/local")).body?.dataplane?.connected === true, 30_000);
    const probe = (await api("POST", `/v2/projects/${projectId}/nodes`, { name: "Probe", node_type: "vpcs", compute_id: "local" })).body;
    const free = probe.console as number;
    await api("DELETE", `/v2/projects/${projectId}/nodes/${probe.node_id}`);
    // The port the next node would get, taken by another program.
    await squat(free);
    await reportedBusy(free);
    const pc = (await api("POST", `/v2/projects/${projectId}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" })).body;
    expect(pc.console).not.toBe(free);
  }, 30_000);

  it("moves a stopped node off a port taken since, as it starts, and its console answers there", async () => {
    const pc = (await api("POST", `/v2/projects/${projectId}/nodes`, { name: "PC2", node_type: "vpcs", compute_id: "local" })).body;
    const taken = pc.console as number;
    // Between two of the daemon's reports: the start finds it taken.
    await squat(taken);
    const started = await api("POST", `/v2/projects/${projectId}/nodes/${pc.node_id}/start`);
    expect(started.status).toBe(200);
    expect(started.body.status).toBe("started");
    expect(started.body.console).not.toBe(taken);
    expect(await consoleBanner(started.body.console, "PC2")).toContain("PC2");
  }, 30_000);

  it("moves a port the client chose as well, telling the project's clients with log.warning", async () => {
    const [chosen] = await freeConsolePorts(1);
    const pc = (await api("POST", `/v2/projects/${projectId}/nodes`, { name: "PC3", node_type: "vpcs", compute_id: "local", console: chosen })).body;
    expect(pc.console).toBe(chosen);
    await squat(chosen!);
    const notifications = await followNotifications(controller.url, projectId);
    try {
      // No wait for a report: the start itself finds the port taken.
      const started = await api("POST", `/v2/projects/${projectId}/nodes/${pc.node_id}/start`);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.body.console).not.toBe(chosen);
      expect(await consoleBanner(started.body.console, "PC3")).toContain("PC3");
      // Moved once, or again if the port it got was one another program took since the host's last report.
      await until("the log.warning", () => notifications.some((n) => n.action === "log.warning" && n.event.message.endsWith(`by ${started.body.console} for node PC3`)), 5_000);
      const warnings = notifications.filter((n) => n.action === "log.warning").map((n) => n.event.message as string);
      expect(warnings[0]).toMatch(new RegExp(`^TCP port ${chosen} already in use on compute local by another program\\. Port has been replaced by \\d+ for node PC3$`));
    } finally {
      notifications.close();
    }
  }, 30_000);
});
