/**
 * Docker nodes as a GNS3 user runs them, on the real engine DOCKER_HOST names (CI starts a
 * private one): two busybox containers and a VPCS on a switch, addressed through the file the
 * web UI's "Edit config" writes (the containers' /etc/network/interfaces, applied by our init
 * with ifup), pinging each other over the containers' own TTY consoles on telnet. The link of
 * the first container is degraded (delay, loss) and captured through the /v2 API. Containers
 * that cannot start answer a 409 that says why and leave nothing in `docker ps -a`; deleting
 * the project removes its containers. The daemon killed outright comes back with one
 * container per node, made anew.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { waitFor } from "@shared/testing/cleanups";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { DockerEngine } from "../docker/engine";
import { TEST_IMAGE, dockerUnavailable, ensureTestImage } from "../docker/testing";
import { parsePing, type VpcsConsole } from "../nodes/console";
import { apiAt, changeApplied, waitForApplied, type Api } from "./cloud-lab";
import { identify } from "../nodes/processes";
import { findLocalDaemon } from "./daemon-process";
import { freeConsolePorts } from "./console-ports";
import { followNotifications } from "./notifications";
import { GuestConsole, parseBusyboxPing } from "./qemu-guest";
import { configureConsole, expectAddedDelay, floorRtt, roundTrips } from "./vpcs-lab";

const unavailable = await dockerUnavailable();
// CI starts an engine (.ci/run): there a missing one fails the tests instead of skipping them.
const skip = unavailable !== null && !process.env.CI;
const subnet = `10.218.${200 + (process.pid % 50)}`;

const staticConfig = (address: string) => `auto eth0\niface eth0 inet static\n\taddress ${address}\n\tnetmask 255.255.255.0\n`;

/** The ids of a project's running containers. */
async function runningContainers(projectId: string): Promise<string[]> {
  const filters = encodeURIComponent(JSON.stringify({ label: [`org.gns3.project-id=${projectId}`], status: ["running"] }));
  return (await new DockerEngine().call<Array<{ Id: string }>>("GET", `/containers/json?filters=${filters}`)).map((container) => container.Id);
}

/** The ids of a project's containers that run or are paused, the first node's first. */
async function runningOrPaused(projectId: string): Promise<string[]> {
  const filters = encodeURIComponent(JSON.stringify({ label: [`org.gns3.project-id=${projectId}`], name: [".bb-1."], status: ["running", "paused"] }));
  return (await new DockerEngine().call<Array<{ Id: string }>>("GET", `/containers/json?filters=${filters}`)).map((container) => container.Id);
}

/** The containers of a project on the engine, running or not, by the label our daemon gives them. */
async function containersOf(projectId: string): Promise<string[]> {
  const filters = encodeURIComponent(JSON.stringify({ label: [`org.gns3.project-id=${projectId}`] }));
  const found = await new DockerEngine().call<Array<{ Names: string[] }>>("GET", `/containers/json?all=1&filters=${filters}`);
  return found.map((container) => container.Names[0]!);
}

describe.skipIf(skip)("Docker nodes in a lab", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-docker-lab-"));
  let controller: ControllerProcess;
  let api: Api;
  let projectId: string;
  let nodes: string;
  const consoles: GuestConsole[] = [];
  let pc: VpcsConsole | undefined;
  let first: { node_id: string; console: number; ports: Array<{ mac_address: string }> };
  let firstLink: string;
  let auxPort: number;
  let second: { node_id: string; console: number };

  const docker = async (name: string, properties: Record<string, unknown>) => {
    const made = await api("POST", nodes, { name, node_type: "docker", compute_id: "local", properties: { image: TEST_IMAGE, ...properties } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body;
  };
  const link = async (a: string, b: string, port: number) => {
    const made = await api("POST", `/v2/projects/${projectId}/links`, { nodes: [{ node_id: a, adapter_number: 0, port_number: 0 }, { node_id: b, adapter_number: 0, port_number: port }] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.link_id as string;
  };
  const setFilters = async (filters: Record<string, number[]>) => {
    const reply = await changeApplied(api, "local", () => api("PUT", `/v2/projects/${projectId}/links/${firstLink}`, { filters }), 201);
    expect(reply.body.filters).toEqual(filters);
  };
  const pingFromFirst = async (address: string, count: number) => parseBusyboxPing((await consoles[0]!.run(`ping -c ${count} -W 1 ${address}`, 30_000)).output);

  beforeAll(async () => {
    expect(unavailable).toBeNull();
    await ensureTestImage();
    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir], {}, "start", { captureOutput: true });
    api = apiAt(controller.url);
    await waitForApplied(api, "local");
    // The notifications followed in one test would close it once they stop (GNS3's auto_close).
    projectId = (await api("POST", "/v2/projects", { name: "docker lab", auto_close: false })).body.project_id;
    nodes = `/v2/projects/${projectId}/nodes`;
    const sw = (await api("POST", nodes, { name: "SW1", node_type: "ethernet_switch", compute_id: "local" })).body;
    [auxPort] = (await freeConsolePorts(1)) as [number];
    first = await docker("bb-{0}", { aux: auxPort });
    second = await docker("bb-{0}", { extra_hosts: "gateway:10.255.0.1" });
    const vpcs = (await api("POST", nodes, { name: "PC1", node_type: "vpcs", compute_id: "local" })).body;
    for (const [node, address] of [[first, `${subnet}.1`], [second, `${subnet}.2`]] as const) {
      // As the web UI's "Edit config" saves it: the file's text as the body.
      const written = await fetch(`${controller.url}${nodes}/${node.node_id}/files/etc/network/interfaces`, { method: "POST", body: staticConfig(address) });
      expect(written.status).toBe(201);
    }
    firstLink = await link(first.node_id, sw.node_id, 0);
    await link(second.node_id, sw.node_id, 1);
    await link(vpcs.node_id, sw.node_id, 2);
    const started = await api("POST", `/v2/projects/${projectId}/nodes/start`);
    expect(started.status, JSON.stringify(started.body)).toBe(204);
    for (const node of [first, second]) consoles.push(await GuestConsole.connect(node.console, 30_000));
    pc = await configureConsole(vpcs.console, `${subnet}.3`);
  }, 180_000);

  afterAll(async () => {
    for (const console of consoles) console.close();
    pc?.close();
    if (projectId) await api("DELETE", `/v2/projects/${projectId}`);
    await controller?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("gives each container its eth0 with the MAC its port shows, addressed from its etc/network/interfaces", async () => {
    const shown = await consoles[0]!.run("ip addr show eth0");
    expect(shown.output).toContain(`link/ether ${first.ports[0]!.mac_address}`);
    expect(shown.output).toContain(`inet ${subnet}.1/24`);
    const listed = await api("GET", `${nodes}/${first.node_id}`);
    expect(listed.body.status).toBe("started");
  }, 60_000);

  it("answers on the aux console with a shell of its own in the container", async () => {
    const aux = await GuestConsole.connect(auxPort, 15_000);
    try {
      const answered = await aux.run("hostname; ip -o link show eth0");
      expect(answered.output).toContain("bb-1");
      expect(answered.output).toContain(first.ports[0]!.mac_address);
    } finally {
      aux.close();
    }
  }, 60_000);

  it("serves the container's TTY to a browser through …/console/ws, as the web UI opens it", async () => {
    const socket = new WebSocket(`${controller.url.replace(/^http/, "ws")}${nodes}/${first.node_id}/console/ws`);
    try {
      await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
      let text = "";
      socket.on("message", (data: Buffer) => (text += data.toString("latin1")));
      socket.send("echo from-the-web-$((6 * 7))\r");
      await waitFor("the shell's answer in the browser's console", () => text.includes("from-the-web-42"));
    } finally {
      socket.close();
    }
  }, 30_000);

  it("pings the other container and the VPCS across the switch", async () => {
    expect((await pingFromFirst(`${subnet}.2`, 3)).received).toBe(3);
    expect((await pingFromFirst(`${subnet}.3`, 3)).received).toBe(3);
    expect(parsePing(await pc!.command(`ping ${subnet}.1 -c 3`, 30_000)).received).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it("delays the round trip by twice the link's delay, and stops it with 100% loss", async () => {
    const base = floorRtt(await pingFromFirst(`${subnet}.2`, 5));
    await setFilters({ delay: [50, 0] });
    await expectAddedDelay(async () => roundTrips(await pingFromFirst(`${subnet}.2`, 5)), { baseMs: base, addedMs: 100, toleranceMs: 10, pings: 5 });
    await setFilters({ packet_loss: [100] });
    expect((await pingFromFirst(`${subnet}.2`, 3)).received).toBe(0);
    await setFilters({});
    expect((await pingFromFirst(`${subnet}.2`, 3)).received).toBe(3);
  }, 90_000);

  it("captures the container's link into a pcap tcpdump reads", async () => {
    const path = `/v2/projects/${projectId}/links/${firstLink}`;
    const started = await changeApplied(api, "local", () => api("POST", `${path}/start_capture`, { capture_file_name: "bb1.pcap" }), 201);
    await pingFromFirst(`${subnet}.2`, 3);
    await changeApplied(api, "local", () => api("POST", `${path}/stop_capture`), 201);
    const file = join(dataDir, "projects", projectId, "project-files", "captures", started.body.capture_file_name);
    const read = execFileSync("tcpdump", ["-nr", file, "icmp"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    expect(read.match(/ICMP echo request/g)?.length).toBeGreaterThanOrEqual(3);
    expect(read).toContain(`${subnet}.1 > ${subnet}.2`);
  }, 60_000);

  it("pauses the container while suspended (its shell stops answering; its kernel still answers pings) and resumes it with a start", async () => {
    const path = `${nodes}/${first.node_id}`;
    const paused = async () => (await new DockerEngine().call<{ State: { Paused: boolean } }>("GET", `/containers/${(await runningOrPaused(projectId))[0]}/json`)).State.Paused;
    const suspended = await changeApplied(api, "local", () => api("POST", `${path}/suspend`), 200);
    expect(suspended.body.status).toBe("suspended");
    expect(await paused()).toBe(true);
    await expect(consoles[0]!.run("echo awake", 1500)).rejects.toThrow(/No .* within 1500 ms/);
    const resumed = await changeApplied(api, "local", () => api("POST", `${path}/start`), 200);
    expect(resumed.body.status).toBe("started");
    expect(await paused()).toBe(false);
    // What was typed while it was frozen runs once it thaws.
    expect((await consoles[0]!.run("echo awake again")).output).toBe("awake again");
  }, 60_000);

  it("shows a container that ends by itself as stopped, with a log.error carrying the end of its output", async () => {
    const notifications = await followNotifications(controller.url, projectId);
    try {
      const ender = await docker("ends-{0}", { start_command: "sh -c 'sleep 1; echo leaving now; exit 5'" });
      expect((await api("POST", `${nodes}/${ender.node_id}/start`)).status).toBe(200);
      await waitFor("the node shown stopped", async () => (await api("GET", `${nodes}/${ender.node_id}`)).body.status === "stopped", 15_000);
      const logged = await waitFor("the log.error", () => notifications.find((note) => note.action === "log.error" && note.event.node_id === ender.node_id));
      expect(logged.event.message).toMatch(/ends-1: the container ended \(exit code 5\): leaving now/);
      await api("DELETE", `${nodes}/${ender.node_id}`);
    } finally {
      notifications.close();
    }
  }, 60_000);

  it("keeps its network config and extra hosts, once, across a stop and a start", async () => {
    const path = `${nodes}/${second.node_id}`;
    consoles[1]!.close();
    expect((await changeApplied(api, "local", () => api("POST", `${path}/stop`), 200)).body.status).toBe("stopped");
    expect((await changeApplied(api, "local", () => api("POST", `${path}/start`), 200)).body.status).toBe("started");
    consoles[1] = await GuestConsole.connect(second.console, 30_000);
    const shown = await consoles[1].run("ip -o addr show eth0; grep -c GNS3_EXTRA_HOSTS_START /etc/hosts; grep gateway /etc/hosts");
    expect(shown.output).toContain(`inet ${subnet}.2/24`);
    expect(shown.output).toMatch(/^1$/m);
    expect(shown.output).toContain("10.255.0.1\tgateway");
  }, 60_000);

  it("refuses to start an image the engine lacks (and cannot pull), with a 409 naming it, leaving no container", async () => {
    const missing = await docker("missing-{0}", { image: "gns3-test/no-such-image:1" });
    const start = await api("POST", `${nodes}/${missing.node_id}/start`);
    expect(start.status).toBe(409);
    expect(start.body.message).toMatch(/image gns3-test\/no-such-image:1 is not on this host's Docker Engine .*pulling it failed/);
    expect((await containersOf(projectId)).some((name) => name.includes(".missing-1."))).toBe(false);
    await api("DELETE", `${nodes}/${missing.node_id}`);
  }, 60_000);

  it("refuses a container whose command ends at once, with its output, and removes it", async () => {
    const quitter = await docker("quits-{0}", { start_command: "sh -c 'echo bye from the command; exit 3'" });
    const start = await api("POST", `${nodes}/${quitter.node_id}/start`);
    expect(start.status).toBe(409);
    expect(start.body.message).toMatch(/the container ended at once \(exit code 3\); its output: .*bye from the command/s);
    expect((await api("GET", `${nodes}/${quitter.node_id}`)).body.status).toBe("stopped");
    expect((await containersOf(projectId)).some((name) => name.includes(".quits-1."))).toBe(false);
    await api("DELETE", `${nodes}/${quitter.node_id}`);
  }, 60_000);

  it("comes back from its daemon killed outright with one container per node, made anew, and forwarding", async () => {
    const before = await runningContainers(projectId);
    expect(before).toHaveLength(2);
    const daemon = findLocalDaemon(controller.child.pid!);
    expect(daemon, "the local daemon process").toBeDefined();
    const killed = identify(daemon!)!;
    process.kill(daemon!, "SIGKILL");
    await waitFor("a new daemon", () => {
      const restarted = findLocalDaemon(controller.child.pid!);
      return restarted !== undefined && identify(restarted)?.startTime !== killed.startTime;
    }, 15_000);
    await waitFor("the containers made anew", async () => {
      const running = await runningContainers(projectId);
      return running.length === 2 && running.every((id) => !before.includes(id));
    }, 30_000);
    expect(await containersOf(projectId)).toHaveLength(2);
    for (const console of consoles.splice(0)) console.close();
    consoles.push(await GuestConsole.connect(first.console, 30_000));
    expect((await pingFromFirst(`${subnet}.2`, 3)).received).toBeGreaterThanOrEqual(2);
  }, 90_000);

  it("removes the containers with their node, and the rest with the project", async () => {
    const extra = await docker("extra-{0}", {});
    expect((await api("POST", `${nodes}/${extra.node_id}/start`)).status).toBe(200);
    expect(await containersOf(projectId)).toHaveLength(3);
    await changeApplied(api, "local", () => api("DELETE", `${nodes}/${extra.node_id}`), 204);
    await waitFor("the deleted node's container removed", async () => (await containersOf(projectId)).length === 2, 20_000).catch(async (error: Error) => {
      throw new Error(`${error.message}: ${(await containersOf(projectId)).join(", ")}`);
    });
    for (const console of consoles.splice(0)) console.close();
    await changeApplied(api, "local", () => api("DELETE", `/v2/projects/${projectId}`), 204);
    await waitFor("the project's containers removed", async () => (await containersOf(projectId)).length === 0);
    projectId = "";
  }, 90_000);
});
