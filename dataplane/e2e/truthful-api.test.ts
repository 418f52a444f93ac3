import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllerProcess, type ControllerProcess } from "../../controller/testing/controller-process";
import { apiAt, createCloudPath, waitForApplied, type Api } from "./cloud-lab";
import { followNotifications, until } from "./notifications";
import { numberedFrame, UdpPeer, waitForArrivals, waitMs } from "./udp-traffic";

/** The pid file a VPCS node's runtime keeps in its work dir, wherever the daemon's data dir is. */
function vpcsLeaderPid(dataDir: string, nodeId: string): number {
  const search = (dir: string): string | undefined => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (!entry.isDirectory()) continue;
      // The node's project files are also in a folder named by its id: the work dir is the one with the pid file.
      const found = entry.name === nodeId && existsSync(join(path, "vpcs.pids.json")) ? join(path, "vpcs.pids.json") : search(path);
      if (found) return found;
    }
    return undefined;
  };
  const file = search(dataDir);
  if (!file) throw new Error(`no work dir of node ${nodeId} under ${dataDir}`);
  return (JSON.parse(readFileSync(file, "utf8")) as Array<{ pid: number }>)[0]!.pid;
}

/**
 * What the API answers is what the dataplane did, with the real daemon and real sockets, the
 * controller as `npm start` and as the Worker in workerd: a filter is in force when its 201
 * arrives, a start that failed is a 409 and a stopped node, a node whose process dies is shown
 * stopped, and the link counters count exactly what crossed the link.
 */
describe.each([
  { runtime: "Node", script: "start" },
  { runtime: "Workers (workerd)", script: "start:worker" },
])("the API tells the truth about the dataplane, controller on $runtime", ({ script }) => {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-truth-"));
  let controller: ControllerProcess;
  let api: Api;
  const peers: UdpPeer[] = [];

  beforeAll(async () => {
    controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir, "--dataplane-token", randomBytes(16).toString("hex")], {}, script);
    api = apiAt(controller.url);
    await waitForApplied(api, "local");
    peers.push(await UdpPeer.open(), await UdpPeer.open());
  }, 120_000);
  afterAll(async () => {
    await Promise.all(peers.map((peer) => peer.close()));
    await controller?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("drops a frame sent the moment packet_loss [100] answers, and passes one sent the moment it is lifted", async () => {
    const [sender, receiver] = peers as [UdpPeer, UdpPeer];
    const path = await createCloudPath(api, [{ computeId: "local", peer: sender }, { computeId: "local", peer: receiver }]);
    const linkPath = `/v2/projects/${path.projectId}/links/${path.linkIds[0]}`;
    sender.sendFrame(path.ports[0], numberedFrame(1_000_000, performance.now()));
    await waitForArrivals(receiver, 1);
    const outcomes: Array<{ lossy: boolean; arrived: boolean }> = [];
    for (let round = 0; round < 5; round++) {
      for (const lossy of [true, false]) {
        const sequence = 2 * round + (lossy ? 0 : 1);
        const answer = await api("PUT", linkPath, { filters: lossy ? { packet_loss: [100] } : {} });
        // Sent in the same turn of the event loop as the answer arrived.
        sender.sendFrame(path.ports[0], numberedFrame(sequence, performance.now()));
        expect(answer.status).toBe(201);
        await waitMs(150);
        outcomes.push({ lossy, arrived: receiver.arrivals.some((arrival) => arrival.sequence === sequence) });
      }
    }
    expect(outcomes).toEqual(Array.from({ length: 5 }, () => [{ lossy: true, arrived: false }, { lossy: false, arrived: true }]).flat());
  }, 60_000);

  it("streams the capture from the moment start_capture answers", async () => {
    const [sender, receiver] = peers as [UdpPeer, UdpPeer];
    const path = await createCloudPath(api, [{ computeId: "local", peer: sender }, { computeId: "local", peer: receiver }]);
    const linkPath = `/v2/projects/${path.projectId}/links/${path.linkIds[0]}`;
    expect((await api("POST", `${linkPath}/start_capture`, {})).status).toBe(201);
    const pcap = await fetch(`${controller.url}${linkPath}/pcap`);
    expect(pcap.status).toBe(200);
    const reader = pcap.body!.getReader();
    const first = await reader.read();
    // The classic pcap magic, as the daemon writes it (little-endian).
    expect(Buffer.from(first.value!).readUInt32LE(0)).toBe(0xa1b2c3d4);
    expect((await api("POST", `${linkPath}/stop_capture`)).status).toBe(201);
    await reader.cancel();
  }, 60_000);

  it("counts exactly the frames a generator sent, per direction and per drop reason, and announces them", async () => {
    const [sender, receiver] = peers as [UdpPeer, UdpPeer];
    const path = await createCloudPath(api, [{ computeId: "local", peer: sender }, { computeId: "local", peer: receiver }], { frequency_drop: [5] });
    const countersPath = `/v2/projects/${path.projectId}/links/${path.linkIds[0]}/counters`;
    const before = await api("GET", countersPath);
    expect(before.body.sampled_at).toBeNull();
    const notifications = await followNotifications(controller.url, path.projectId);
    try {
      const sentAt = Date.now();
      for (let sequence = 0; sequence < 500; sequence++) {
        sender.sendFrame(path.ports[0], numberedFrame(sequence, performance.now()));
        if (sequence % 50 === 49) await waitMs(5);
      }
      let counters: any;
      await until("every frame counted", async () => (counters = (await api("GET", countersPath)).body).directions[0].frames_in === 500, 10_000);
      const [aToB, bToA] = counters.directions;
      expect(aToB).toMatchObject({
        frames_in: 500,
        frames_out: 400,
        bytes_in: 500 * 64,
        bytes_out: 400 * 64,
        dropped: { frequency: 100, loss: 0, bpf: 0, suspended: 0, delay_queue_full: 0 },
        corrupted: 0,
        delay_queued: 0,
      });
      expect(bToA).toMatchObject({ frames_in: 0, frames_out: 0 });
      expect(Date.parse(counters.sampled_at)).toBeGreaterThanOrEqual(sentAt - 1000);
      await until("a link.counters notification with the final counts", () => notifications.some((n) => n.action === "link.counters" && n.event.directions[0].frames_in === 500), 5_000);
      const announced = notifications.filter((n) => n.action === "link.counters" && n.event.link_id === path.linkIds[0]);
      expect(announced.at(-1)!.event).toEqual(counters);
    } finally {
      notifications.close();
    }
  }, 60_000);

  it("starts a VPCS whose console port another program took on a free port, and answers once its console listens there", async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "0.0.0.0", resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const project = await api("POST", "/v2/projects", { name: `busy-console-${Math.random()}` });
      const created = await api("POST", `/v2/projects/${project.body.project_id}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local", console: port });
      expect(created.status).toBe(201);
      const nodePath = `/v2/projects/${project.body.project_id}/nodes/${created.body.node_id}`;
      const started = await api("POST", `${nodePath}/start`);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.body).toMatchObject({ status: "started" });
      expect(started.body.console).not.toBe(port);
      // Connected at once, with no retry: the answer came after VPCS listened on its new port.
      await new Promise<void>((resolve, reject) => {
        const socket = connect(started.body.console, "127.0.0.1", () => (socket.destroy(), resolve()));
        socket.on("error", reject);
      });
      expect((await api("GET", nodePath)).body).toMatchObject({ status: "started", console: started.body.console });
    } finally {
      blocker.close();
    }
  }, 60_000);

  it("shows a node whose process was killed as stopped, with node.updated and log.error, within 2 s", async () => {
    const project = await api("POST", "/v2/projects", { name: `killed-${Math.random()}` });
    const created = await api("POST", `/v2/projects/${project.body.project_id}/nodes`, { name: "PC1", node_type: "vpcs", compute_id: "local" });
    const nodePath = `/v2/projects/${project.body.project_id}/nodes/${created.body.node_id}`;
    const first = await api("POST", `${nodePath}/start`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const notifications = await followNotifications(controller.url, project.body.project_id);
    try {
      const pid = vpcsLeaderPid(dataDir, created.body.node_id);
      const killedAt = performance.now();
      process.kill(pid, "SIGKILL");
      await until("node.updated stopped", () => notifications.some((n) => n.action === "node.updated" && n.event.status === "stopped"), 2_000);
      const shownWithinMs = performance.now() - killedAt;
      expect((await api("GET", nodePath)).body.status).toBe("stopped");
      await until("log.error naming PC1", () => notifications.some((n) => n.action === "log.error" && /^Node PC1 is not running on dataplane host local: node PC1: VPCS exited by itself/.test(n.event.message)), 1_000);
      console.log(JSON.stringify({ msg: "killed VPCS shown stopped", shownWithinMs: Math.round(shownWithinMs) }));
      // It can be started again, as a user does after a crash.
      expect((await api("POST", `${nodePath}/start`)).status).toBe(200);
      expect((await api("GET", nodePath)).body.status).toBe("started");
    } finally {
      notifications.close();
    }
  }, 60_000);
});
